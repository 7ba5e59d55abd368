import ResolvedProgram
import SceneSource
import SceneSyntax

/// A `<use>`'s arguments checked against the declared types of the component's parameters: a
/// value whose kind the parameter never takes (a color or a string for a `number`, a number for a
/// `bool`, a list for a `color`, anything but a list for a list, a list literal of strings for a
/// list of numbers) is reported here, with the evaluator's message for it
/// (`ParameterDeclaration.convert`), and lowered so that evaluation fails there without reporting
/// it again. What depends on the value stays evaluation's: a number for an `int` (3.0 or 3.5, the
/// message shows it), a string that is no date, the elements of a list not written out, the range.
extension BodyChecker {
    /// The argument lowered, its kind checked against the parameter it is passed to (`parameter`:
    /// nil when it names none, which the loader reported).
    func useArgument(_ argument: Argument, parameter: ProgramLinks.Parameter?) -> ProgramExpression {
        let (lowered, type) = whole(argument.value)
        guard let parameter, let declared = parameter.type, let problem = kindProblem(type, declared, lowered) else { return lowered }
        reportTypeError(
            .error(
                .typeMismatch, "'\(argument.name)': \(problem.message)", at: argument.value.span, help: problem.help,
                notes: [.init("'\(argument.name)' is declared here", at: parameter.nameSpan)]))
        return failed([lowered], at: argument.value.span, of: argument.value.span)
    }

    /// The evaluator's message for a value of static type `type` given to a parameter of type
    /// `declared`, when no value of that type can do; nil when one may.
    private func kindProblem(_ type: StaticType, _ declared: ParameterType, _ lowered: ProgramExpression)
        -> (message: String, help: String?)?
    {
        guard type.isKnown else { return nil }
        let fits: Bool
        switch declared {
        case .number, .int: fits = type.isNumeric
        case .bool: fits = type == .bool
        case .color: fits = type == .color
        case .string, .date: fits = type == .string
        case .list, .stringList, .colorList:
            guard type == .list else { fits = false; break }
            return elementProblem(declared, lowered)
        }
        guard !fits else { return nil }
        return ("expected \(declared.nameWithArticle), found \(type.withArticle)\(ShownLiteral.suffix(lowered))", "write \(declared.example)")
    }

    /// A list of one kind of element, written out, given to a list parameter of another kind.
    private func elementProblem(_ declared: ParameterType, _ list: ProgramExpression) -> (message: String, help: String?)? {
        guard let (element, first) = knownElements(of: list) else { return nil }
        let holds = "but it holds \(element.withArticle)"
        switch declared {
        case .list(let ints) where !element.isNumeric:
            // A number in a list of ints depends on the value (its message shows the number).
            guard ints else { return ("expected a list of numbers, \(holds)", nil) }
            return ("expected a list of ints, \(holds)\(ShownLiteral.suffix(first))", "write whole numbers, such as 4,2,6")
        case .stringList where element != .string, .colorList where element != .color:
            let wanted = declared == .stringList ? "strings" : "colors"
            return ("expected a list of \(wanted), \(holds)\(ShownLiteral.suffix(first))", "write \(declared.example)")
        default:
            return nil
        }
    }
}
