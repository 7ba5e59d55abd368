import SceneSource
import SceneSyntax
import SceneVocabulary

/// Expressions: names looked up in the static scope, calls checked against the builtin table,
/// and the types of operands and attributes where both are known. Every message is the
/// evaluator's own for the same mistake at the same span.
extension BodyChecker {
    /// The attribute `id` of `node`, checked against the type the schema expects there.
    func expression(_ node: Node, _ id: AttributeID) -> StaticType {
        guard let expr = node.expression(id) else { return .unknown }
        return expression(node, id, expr)
    }

    /// The attribute `id` of `node`, whose expression is `expr` (already looked up).
    func expression(_ node: Node, _ id: AttributeID, _ expr: Expr) -> StaticType {
        let name = id.rawValue
        let before = errorCount
        let type = whole(expr)
        LiteralWarnings.attribute(name, expr, on: node).forEach(report)
        guard errorCount == before else { return .unknown }
        guard case .expression(let expected)? = Schema.attributeType(id, on: node.kind, in: node.context) else { return type }
        switch expected {
        case "number" where type.isNonNumeric, "int" where type.isNonNumeric:
            report(.error(.typeMismatch, "'\(name)' must be a number, not \(type.withArticle)", at: expr.span))
        case "bool" where type.isKnown && type != .bool:
            report(.error(.typeMismatch, "'\(name)' must be a bool, not \(type.withArticle)", at: expr.span,
                          help: type.isNumeric ? "compare it, for example \(name)=\"… > 0\"" : nil))
        case "paint" where type == .gradient:
            let gradient: String
            if case .name(let n) = expr.kind { gradient = n } else { gradient = "gradient" }
            report(.error(.gradientAsPaint, "a gradient needs its start and end points to paint", at: expr.span,
                          help: "write linear(\(gradient), x1, y1, x2, y2)"))
        case "paint" where type.isNumeric || [.bool, .string, .list].contains(type):
            report(.error(.typeMismatch, "'\(name)' must be a color, a gradient paint or none, not \(type.withArticle)", at: expr.span))
        default:
            break
        }
        return type
    }

    /// Errors so far (at most `maxDiagnostics` diagnostics are kept, so this stays cheap).
    var errorCount: Int { diagnostics.count { $0.severity == .error } }

    /// A whole expression (an attribute, an argument of a <use>, a piece of a text): like the
    /// evaluator, which stops at the first error it throws, only its first error is kept, so one
    /// mistake is not reported again by the operators around it.
    func whole(_ expr: Expr) -> StaticType {
        let before = diagnostics.count
        let type = infer(expr)
        var seenError = false
        var index = before
        while index < diagnostics.count {
            if diagnostics[index].severity == .error {
                if seenError { diagnostics.remove(at: index); continue }
                seenError = true
            }
            index += 1
        }
        return seenError ? .unknown : type
    }

    func infer(_ expr: Expr) -> StaticType {
        switch expr.kind {
        case .int: return .int
        case .number: return .number
        case .string: return .string
        case .bool: return .bool
        case .color: return .color
        case .list(let items):
            for item in items { _ = infer(item) }
            return .list
        case .name(let name):
            return lookup(name, expr.span)
        case .unary(let op, let operand):
            let type = infer(operand)
            if op == .not {
                if type.isKnown && type != .bool {
                    report(.error(.typeMismatch, "'not' needs a bool, not \(type.withArticle)", at: operand.span))
                }
                return .bool
            }
            if type.isNonNumeric {
                report(.error(.typeMismatch, "'\(op.rawValue)' needs a number, not \(type.withArticle)", at: operand.span))
                return .unknown
            }
            return type
        case .binary(let op, let left, let right):
            return binary(op, left, right, expr)
        case .conditional(let test, let then, let otherwise):
            let condition = infer(test)
            if condition.isKnown && condition != .bool {
                report(.error(.typeMismatch, "the condition before '?' must be a bool, not \(condition.withArticle)", at: test.span))
            }
            let (a, b) = (infer(then), infer(otherwise))
            if a == b { return a }
            return a.isNumeric && b.isNumeric ? .numeric : .unknown
        case .call(let name, let arguments):
            let types = arguments.map(infer)
            LiteralWarnings.call(name, arguments, expr).forEach(report)
            return call(name, arguments, types, expr)
        case .index(let base, let index):
            let (list, position) = (infer(base), infer(index))
            if list.isKnown && list != .list {
                report(.error(.typeMismatch, "only lists can be indexed, not \(list.withArticle)", at: base.span))
            } else if list == .list, position.isKnown, position != .int, position != .numeric {
                report(.error(.typeMismatch, "a list index must be an int, not \(position.withArticle)", at: index.span,
                              help: position.isNumeric ? "convert it with int(…)" : nil))
            }
            return .unknown
        }
    }

    private func lookup(_ name: String, _ span: SourceSpan) -> StaticType {
        if let type = scope.use(name) { return type }
        if let type = PredefinedNames.type(of: name) { return StaticType(type) }
        if full { return .unknown }
        if BuiltinFunction.named(name) != nil {
            report(.error(.functionAsValue, "'\(name)' is a function", at: span, help: "call it: \(name)(…)"))
            return .unknown
        }
        let (found, more) = scope.names(limit: Suggestion.maxCandidates)
        let names = found.sorted()
        let help = Suggestion.didYouMean(name, among: names + ["pi", "none"])
            ?? Suggestion.didYouMean(name, among: PredefinedNames.colorNames)
            ?? (names.isEmpty ? nil : "names in scope here: " + Self.clippedList(names, more: more))
        report(.error(.undefinedName, "undefined name '\(name)'", at: span, help: help))
        return .unknown
    }

    /// At most 20 names, then how many more (as the evaluator lists them).
    static func clippedList(_ names: [String], more: Bool) -> String {
        guard names.count > 20 else { return names.joined(separator: ", ") + (more ? " and more" : "") }
        return names.prefix(20).joined(separator: ", ") + " and \(more ? "more than " : "")\(names.count - 20) more"
    }

    private func call(_ name: String, _ arguments: [Expr], _ types: [StaticType], _ expr: Expr) -> StaticType {
        guard let function = BuiltinFunction.named(name)?.spec else {
            if full { return .unknown }
            let foreign = BuiltinFunction.foreignNames[name].map { "did you mean '\($0.ours)'? (\($0.origin) calls it '\(name)')" }
            report(.error(.unknownFunction, "unknown function '\(name)'", at: expr.span,
                          help: foreign ?? Suggestion.didYouMean(name, among: BuiltinFunction.names)
                              ?? "functions: " + BuiltinFunction.names.joined(separator: ", ")))
            return .unknown
        }
        guard function.accepts(arguments.count) else {
            let (expected, plural) = function.expectedCount
            report(.error(.argumentCount, "\(name)() takes \(expected) argument\(plural ? "s" : ""), not \(arguments.count)",
                          at: expr.span, help: "write \(function.signature)"))
            return .unknown
        }
        return function.result.map(StaticType.init) ?? .unknown
    }

    private func binary(_ op: BinaryOperator, _ left: Expr, _ right: Expr, _ expr: Expr) -> StaticType {
        let (l, r) = (infer(left), infer(right))
        switch op {
        case .and, .or:
            if l.isKnown && l != .bool {
                report(.error(.typeMismatch, "'\(op.rawValue)' needs bools, not \(l.withArticle)", at: left.span))
            } else if l == .bool, r.isKnown, r != .bool {
                report(.error(.typeMismatch, "'\(op.rawValue)' needs bools, not \(r.withArticle)", at: right.span))
            }
            return .bool
        case .equal, .notEqual:
            if l.isKnown, r.isKnown, !(l.isNumeric && r.isNumeric), l.name != r.name {
                report(.error(.typeMismatch, "cannot compare \(l.withArticle) with \(r.withArticle)", at: expr.span))
            }
            return .bool
        case .less, .lessEqual, .greater, .greaterEqual:
            if l.isNonNumeric {
                report(.error(.typeMismatch, "'\(op.rawValue)' compares numbers, not \(l.withArticle)", at: left.span))
            } else if l.isNumeric, r.isNonNumeric {
                report(.error(.typeMismatch, "'\(op.rawValue)' compares numbers, not \(r.withArticle)", at: right.span))
            }
            return .bool
        case .add where l == .string && r == .string:
            return .string
        case .add where l == .string && !r.isKnown:
            // Text joined to a value of unknown type: fine when it is a string too.
            return .unknown
        default:
            if l.isNonNumeric {
                report(.error(.typeMismatch, "'\(op.rawValue)' needs numbers, not \(l.withArticle)", at: left.span))
                return .unknown
            }
            if l.isNumeric, r.isNonNumeric {
                report(.error(.typeMismatch, "'\(op.rawValue)' needs numbers, not \(r.withArticle)", at: right.span))
                return .unknown
            }
            guard l.isNumeric, r.isNumeric else { return .unknown }
            switch op {
            case .divide: return .number
            case .integerDivide:
                if (l == .int && r == .number) || (l == .number && r.isNumeric) {
                    report(.error(.typeMismatch, "'//' divides ints, not numbers", at: l == .int ? right.span : left.span,
                                  help: "use floor(a / b) for numbers, or '/' for exact division"))
                    return .unknown
                }
                return l == .int && r == .int ? .int : .unknown
            default:
                if l == .int && r == .int { return .int }
                if l == .number || r == .number { return .number }
                return .numeric
            }
        }
    }
}
