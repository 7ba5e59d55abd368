import ResolvedProgram
import SceneSource
import SceneVocabulary

/// The static types of a builtin's arguments and of a list literal's elements, checked against
/// what evaluation accepts (`BuiltinFunction`'s parameter types, one kind of element per list):
/// an error is reported only when the type is known and can never do, with the evaluator's
/// message for the same argument, so that evaluation leaves type errors of known types to us.
extension BodyChecker {
    /// The index of the first element of a list literal that makes it fail whatever the values
    /// (reported); nil when the list may work.
    func listElementProblem(_ elements: [ProgramExpression]) -> Int? {
        guard let first = elements.first else { return nil }
        let firstKind = ListKind(StaticType(first.type))
        for (i, element) in elements.enumerated() {
            let type = StaticType(element.type)
            guard type.isKnown else { continue }
            guard let kind = ListKind(type) else {
                reportTypeError(.error(.typeMismatch, "lists hold numbers, strings or colors, not \(type.withArticle)", at: element.span))
                return i
            }
            if let firstKind, kind != firstKind {
                reportTypeError(
                    .error(
                        .typeMismatch, "a list holds one kind of element: this is \(type.withArticle) in a list of \(firstKind.rawValue)",
                        at: element.span))
                return i
            }
        }
        return nil
    }

    /// The kinds of element a list holds, named as in messages.
    private enum ListKind: String {
        case numbers, strings, colors

        init?(_ type: StaticType) {
            switch type {
            case .int, .number, .numeric: self = .numbers
            case .string: self = .strings
            case .color: self = .colors
            default: return nil
            }
        }
    }

    /// The error of a list whose elements are known and are no numbers, given to `function`,
    /// which needs a list of numbers (`sum`, `runningSum`, `min` and `max` of a list).
    private func numberListProblem(_ function: BuiltinFunction, _ list: ProgramExpression) -> Diagnostic? {
        guard let (element, _) = knownElements(of: list), !element.isNumeric else { return nil }
        return .error(.typeMismatch, "\(function.rawValue)() needs a list of numbers, not a list of \(element.name)s", at: list.span)
    }

    /// The first argument of a call of `function` (usage `usage`) whose static type the function
    /// never takes, as the evaluator words it; nil when every argument may work.
    func argumentProblem(_ function: BuiltinFunction, usage: Int, _ arguments: [ProgramExpression], call: SourceSpan) -> Diagnostic? {
        let spec = function.spec
        let parameters = spec.usages[usage].parameters
        guard !parameters.isEmpty else { return nil }
        let name = function.rawValue
        let write = "write \(spec.signature)"
        for (i, argument) in arguments.enumerated() {
            let type = StaticType(argument.type)
            guard type.isKnown else { continue }
            let at = argument.span
            let not = type.withArticle
            if (function == .min || function == .max) && arguments.count == 1 {
                // One argument: a list; a lone number is an argument missing.
                if type == .list {
                    if let problem = numberListProblem(function, argument) { return problem }
                    continue
                }
                if type.isNumeric {
                    return .error(.argumentCount, "\(name)() needs two or more numbers, or a list", at: call, help: write)
                }
                return .error(.typeMismatch, "\(name)() needs a number here, not \(not)", at: at, help: write)
            }
            switch parameters[min(i, parameters.count - 1)].type {
            case .number where !type.isNumeric:
                return .error(.typeMismatch, "\(name)() needs a number here, not \(not)", at: at, help: write)
            case .int where type != .int && type != .numeric:
                switch function {
                case .slice: return .error(.typeMismatch, "\(name)() needs an int \(i == 1 ? "start" : "end"), not \(not)", at: at)
                case .replace: return .error(.typeMismatch, "\(name)() needs an int index, not \(not)", at: at)
                case .addDays: return .error(.typeMismatch, "\(name)() adds a whole number of days, not \(not)", at: at)
                case .truncate:
                    return .error(
                        .typeMismatch, "\(name)() keeps a whole number of characters, not \(not)", at: at, help: "convert it with int(…)")
                default:
                    return .error(
                        .argumentOutOfRange, "\(name)() takes a whole number of decimals from 0 to 10", at: at,
                        help: "for example format(average, 1) gives 4.6")
                }
            case .list where type != .list:
                return .error(.typeMismatch, "\(name)() needs a list, not \(not)", at: at)
            case .list where function == .sum || function == .runningSum:
                if let problem = numberListProblem(function, argument) { return problem }
                continue
            case .color where type != .color:
                if function == .withAlpha { return .error(.typeMismatch, "\(name)() needs a color, not \(not)", at: at) }
                return .error(.typeMismatch, "\(name)() needs a color here, not \(not)", at: at, help: write)
            case .gradient where type != .gradient:
                return .error(
                    .typeMismatch, "\(name)() needs a gradient declared with <gradient name=…>, not \(not)", at: at,
                    help: function == .linear ? nil : write)
            case .string where type != .string:
                if function == .textWidth {
                    return .error(
                        .typeMismatch, "\(name)() needs a font family name, not \(not)", at: at,
                        help: "for example textWidth(label, 14, 'DejaVu Sans Mono')")
                }
                let help =
                    type == .list && function == .length
                    ? "count(list) counts a list's elements"
                    : type.isNumeric && i == 0 ? "make the number text first with format(x, decimals)" : write
                return .error(.typeMismatch, "\(name)() needs a string here, not \(not)", at: at, help: help)
            case .date where type != .string:
                return .error(.typeMismatch, "\(name)() needs a date such as '2026-11-21', not \(not)", at: at)
            case .any where function == .textWidth && i == 0 && [.gradient, .paint, .none].contains(type):
                return .error(
                    .typeMismatch,
                    "\(name)() measures a string (or a number, bool, color or list, shown as <text> shows it), not \(not)",
                    at: at, help: write)
            default:
                continue
            }
        }
        return nil
    }
}
