import ResolvedProgram
import SceneSource
import SceneSyntax
import SceneVocabulary

/// Expressions: names looked up in the static scope, calls checked against the builtin table,
/// and the types of operands and attributes where both are known. Every message is the
/// evaluator's own for the same mistake at the same span. Each expression is lowered on the way
/// (`ProgramExpression`: names resolved, calls to a builtin and a usage, types known).
extension BodyChecker {
    /// The attribute `id` of `node`, checked against the type the schema expects there; nil when
    /// the node has no such expression.
    func expression(_ node: Node, _ id: AttributeID) -> Lowered? {
        guard let expr = node.expression(id) else { return nil }
        return expression(node, id, expr)
    }

    /// The attribute `id` of `node`, whose expression is `expr` (already looked up). A value whose
    /// type cannot be the attribute's is reported here, and lowered so that evaluation fails there
    /// without reporting it again (`Unresolved.typeMismatch`).
    func expression(_ node: Node, _ id: AttributeID, _ expr: Expr) -> Lowered {
        let before = errorCount
        let (lowered, type) = whole(expr)
        LiteralWarnings.attribute(id.rawValue, expr, on: node).forEach(report)
        guard errorCount == before else { return (lowered, .unknown) }
        guard case .expression(let expected)? = Schema.attributeType(id, on: node.kind, in: node.context),
            let problem = attributeProblem(node, id, expected, lowered, type, expr)
        else { return (lowered, type) }
        reportTypeError(problem)
        return (failed([lowered], at: expr.span, of: expr.span), .unknown)
    }

    /// The error of a value of type `type` written as attribute `id` (whose schema type is
    /// `expected`), where evaluation would report it whatever the values; nil when it may work.
    /// The messages are the evaluator's for the same attribute, less the value.
    private func attributeProblem(
        _ node: Node, _ id: AttributeID, _ expected: String, _ lowered: ProgramExpression, _ type: StaticType, _ expr: Expr
    ) -> Diagnostic? {
        let name = id.rawValue
        guard type.isKnown else { return nil }
        // The value, where it is written out and the evaluator's message showed it.
        let shown = ShownLiteral.suffix(lowered)
        switch expected {
        case "number" where !type.isNumeric:
            // A loop's bounds are shown without their value, as evaluation shows them.
            let value = node.kind == .for ? "" : shown
            return .error(.typeMismatch, "'\(name)' must be a number, not \(type.withArticle)\(value)", at: expr.span)
        case "int" where type != .int && type != .numeric:
            return .error(.typeMismatch, "'\(name)' must be an int, not \(type.withArticle)\(shown)", at: expr.span)
        case "bool" where type != .bool:
            return .error(
                .typeMismatch, "'\(name)' must be a bool, not \(type.withArticle)\(shown)", at: expr.span,
                help: type.isNumeric ? "compare it, for example \(name)=\"… > 0\"" : nil)
        case "paint" where type == .gradient:
            let gradient: String
            if case .name(let n) = expr.kind { gradient = n } else { gradient = "gradient" }
            return .error(
                .gradientAsPaint, "a gradient needs its start and end points to paint", at: expr.span,
                help: "write linear(\(gradient), x1, y1, x2, y2), radial(\(gradient), x0, y0, r0, x1, y1, r1)"
                    + " or conic(\(gradient), cx, cy, angle)")
        case "paint" where type.isNumeric || [.bool, .string, .list].contains(type):
            return .error(
                .typeMismatch, "'\(name)' must be a color, a gradient paint or none, not \(type.withArticle)\(shown)", at: expr.span)
        case "color" where id == .shadowColor:
            guard type != .color, type != .none else { return nil }
            return .error(
                .typeMismatch, "'shadowColor' must be a color or none, not \(type.withArticle)\(shown)", at: expr.span,
                help: "write a color such as rgba(0, 0, 0, 0.5)")
        case "color" where type != .color:
            if node.kind == .text {
                return .error(.typeMismatch, "a text's fill must be a color, not \(type.withArticle)\(shown)", at: expr.span)
            }
            let what = node.kind == .stop ? "a stop's color" : "'\(name)'"
            return .error(.typeMismatch, "\(what) must be a color, not \(type.withArticle)", at: expr.span)
        case "list" where id == .dash:
            let lengths = "dash must be a list of lengths such as [6, 3]"
            guard type == .list else { return .error(.typeMismatch, "\(lengths), not \(type.withArticle)", at: expr.span) }
            // A list literal's first element decides its kind (the analysis checked the rest).
            guard case .list(let items) = lowered.kind, let first = items.first.map({ StaticType($0.type) }),
                first == .string || first == .color
            else { return nil }
            return .error(.typeMismatch, "\(lengths), not a list of \(first.name)s", at: expr.span)
        case "list" where type != .list:
            return .error(.typeMismatch, "'\(name)' must be a list, not \(type.withArticle)", at: expr.span)
        default:
            return nil
        }
    }

    /// Reports a type error that holds whatever the values (evaluation will not report it).
    func reportTypeError(_ diagnostic: Diagnostic) {
        typeErrors.count += 1
        typeErrors.lastSpan = diagnostic.span
        report(diagnostic)
    }

    /// An expression at `span` that fails with the type error reported at `reportedAt`: evaluation
    /// evaluates its `operands` in order, then fails without a report.
    func failed(_ operands: [ProgramExpression], at reportedAt: SourceSpan, of span: SourceSpan) -> ProgramExpression {
        ProgramExpression(.unresolved(.typeMismatch(operands, reportedAt: reportedAt)), span: span, type: .any)
    }

    /// Errors so far (at most `maxDiagnostics` diagnostics are kept, so this stays cheap).
    var errorCount: Int { diagnostics.count { $0.severity == .error } }

    /// A whole expression (an attribute, an argument of a <use>, a piece of a text): like the
    /// evaluator, which stops at the first error it throws, only its first error is kept, so one
    /// mistake is not reported again by the operators around it. An unknown function around it is
    /// kept too: evaluation meets the call before its arguments, so it is no consequence of theirs.
    func whole(_ expr: Expr) -> Lowered {
        let before = diagnostics.count
        let lowered = infer(expr)
        let type = StaticType(lowered.type)
        var first: SourceSpan?
        var index = before
        while index < diagnostics.count {
            let d = diagnostics[index]
            if d.severity == .error {
                if let first {
                    let encloses = d.code == .unknownFunction && d.span.start <= first.start && first.end <= d.span.end
                    if !encloses { diagnostics.remove(at: index); continue }
                } else {
                    first = d.span
                }
            }
            index += 1
        }
        let seenError = first != nil
        return (lowered, seenError ? .unknown : type)
    }

    /// `expr` lowered, with the type the checker infers for it (`ProgramExpression.type`).
    func infer(_ expr: Expr) -> ProgramExpression {
        func made(_ kind: ProgramExpression.Kind, _ type: StaticType) -> ProgramExpression {
            ProgramExpression(kind, span: expr.span, type: type.valueType)
        }
        switch expr.kind {
        case .int(let v): return made(.constant(.int(v)), .int)
        case .number(let v): return made(.constant(.number(v)), .number)
        case .string(let v): return made(.constant(.string(v)), .string)
        case .bool(let v): return made(.constant(.bool(v)), .bool)
        case .color(let r, let g, let b, let a): return made(.constant(.color(red: r, green: g, blue: b, alpha: a)), .color)
        case .list(let items):
            let elements = items.map(infer)
            if let bad = listElementProblem(elements) {
                return failed(Array(elements[...bad]), at: elements[bad].span, of: expr.span)
            }
            return made(.list(elements), .list)
        case .name(let name):
            let (kind, type) = lookup(name, expr.span)
            return made(kind, type)
        case .unary(let op, let operand):
            let lowered = infer(operand)
            let type = StaticType(lowered.type)
            if op == .not {
                if type.isKnown && type != .bool {
                    reportTypeError(.error(.typeMismatch, "'not' needs a bool, not \(type.withArticle)", at: operand.span))
                    return failed([lowered], at: operand.span, of: expr.span)
                }
                return made(.unary(op, lowered), .bool)
            }
            if type.isNonNumeric {
                reportTypeError(.error(.typeMismatch, "'\(op.rawValue)' needs a number, not \(type.withArticle)", at: operand.span))
                return failed([lowered], at: operand.span, of: expr.span)
            }
            return made(.unary(op, lowered), type)
        case .binary(let op, let left, let right):
            let (l, r) = (infer(left), infer(right))
            let before = typeErrors.count
            let type = binary(op, left, right, StaticType(l.type), StaticType(r.type), expr)
            if typeErrors.count != before, let at = typeErrors.lastSpan {
                // `and` and `or` fail at a left side that is no bool before evaluating the right.
                let operands = (op == .and || op == .or) && at == left.span ? [l] : [l, r]
                return failed(operands, at: at, of: expr.span)
            }
            return made(.binary(op, l, r), type)
        case .conditional(let test, let then, let otherwise):
            let condition = infer(test)
            let conditionType = StaticType(condition.type)
            let conditionFails = conditionType.isKnown && conditionType != .bool
            if conditionFails {
                reportTypeError(
                    .error(.typeMismatch, "the condition before '?' must be a bool, not \(conditionType.withArticle)", at: test.span))
            }
            let (x, y) = (infer(then), infer(otherwise))
            if conditionFails { return failed([condition], at: test.span, of: expr.span) }
            let (a, b) = (StaticType(x.type), StaticType(y.type))
            let kind = ProgramExpression.Kind.conditional(condition, x, y)
            if a == b { return made(kind, a) }
            return made(kind, a.isNumeric && b.isNumeric ? .numeric : .unknown)
        case .call(let name, let arguments):
            let lowered = arguments.map(infer)
            LiteralWarnings.call(name, arguments, expr).forEach(report)
            let (kind, type) = call(name, arguments, lowered, expr)
            return made(kind, type)
        case .index(let base, let index):
            let (loweredBase, loweredIndex) = (infer(base), infer(index))
            let (list, position) = (StaticType(loweredBase.type), StaticType(loweredIndex.type))
            if list.isKnown && list != .list {
                reportTypeError(.error(.typeMismatch, "only lists can be indexed, not \(list.withArticle)", at: base.span))
                return failed([loweredBase, loweredIndex], at: base.span, of: expr.span)
            } else if list == .list, position.isKnown, position != .int, position != .numeric {
                reportTypeError(
                    .error(
                        .typeMismatch, "a list index must be an int, not \(position.withArticle)", at: index.span,
                        help: position.isNumeric ? "convert it with int(…)" : nil))
                return failed([loweredBase, loweredIndex], at: index.span, of: expr.span)
            }
            return made(.index(loweredBase, loweredIndex), .unknown)
        }
    }

    private func lookup(_ name: String, _ span: SourceSpan) -> (ProgramExpression.Kind, StaticType) {
        if let (type, reference) = scope.use(name) { return (.name(reference), type) }
        if let (reference, type) = Self.predefined(name) { return (.name(.predefined(reference)), StaticType(type)) }
        let unresolved: ProgramExpression.Kind
        if let function = BuiltinFunction.named(name) {
            unresolved = .unresolved(.functionAsValue(function))
        } else {
            unresolved = .unresolved(.undefinedName(name))
        }
        if full { return (unresolved, .unknown) }
        if BuiltinFunction.named(name) != nil {
            report(.error(.functionAsValue, "'\(name)' is a function", at: span, help: "call it: \(name)(…)"))
            return (unresolved, .unknown)
        }
        let (found, more) = scope.names(limit: Suggestion.maxCandidates)
        let names = found.sorted()
        let help =
            Suggestion.didYouMean(name, among: names + ["pi", "none"])
            ?? Suggestion.didYouMean(name, among: PredefinedNames.colorNames)
            ?? (names.isEmpty ? nil : "names in scope here: " + Self.clippedList(names, more: more))
        report(.error(.undefinedName, "undefined name '\(name)'", at: span, help: help))
        return (unresolved, .unknown)
    }

    /// A predefined name (`PredefinedNames`) and its type.
    private static func predefined(_ name: String) -> (PredefinedName, ValueType)? {
        guard let type = PredefinedNames.type(of: name) else { return nil }
        if name == "pi" || name == "π" { return (.pi, type) }
        if name == "none" { return (.none, type) }
        guard let index = colorIndex[name] else { return nil }
        return (.color(index), type)
    }

    /// Each CSS color's index in `PredefinedNames.cssColors`, by name.
    private static let colorIndex: [String: Int] = Dictionary(
        PredefinedNames.cssColors.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })

    /// At most 20 names, then how many more (as the evaluator lists them).
    static func clippedList(_ names: [String], more: Bool) -> String {
        guard names.count > 20 else { return names.joined(separator: ", ") + (more ? " and more" : "") }
        return names.prefix(20).joined(separator: ", ") + " and \(more ? "more than " : "")\(names.count - 20) more"
    }

    private func call(_ name: String, _ arguments: [Expr], _ lowered: [ProgramExpression], _ expr: Expr)
        -> (ProgramExpression.Kind, StaticType)
    {
        if let size = componentSize(name, arguments, lowered, expr) { return size } // BodyChecker+ComponentSize.swift
        guard let builtin = BuiltinFunction.named(name) else {
            let unresolved = ProgramExpression.Kind.unresolved(.unknownFunction(name, lowered))
            if full { return (unresolved, .unknown) }
            let foreign = BuiltinFunction.foreignNames[name].map { "did you mean '\($0.ours)'? (\($0.origin) calls it '\(name)')" }
            report(
                .error(
                    .unknownFunction, "unknown function '\(name)'", at: expr.span,
                    help: foreign ?? Suggestion.didYouMean(name, among: BuiltinFunction.names)
                        ?? "functions: " + BuiltinFunction.names.joined(separator: ", ")))
            return (unresolved, .unknown)
        }
        let function = builtin.spec
        // The first usage that takes this many arguments (`min(a, b, …)` before `min(list)`).
        guard let usage = function.usages.firstIndex(where: { arguments.count >= $0.low && arguments.count <= ($0.high ?? Int.max) }) else {
            let (expected, plural) = function.expectedCount
            report(
                .error(
                    .argumentCount, "\(name)() takes \(expected) argument\(plural ? "s" : ""), not \(arguments.count)",
                    at: expr.span, help: "write \(function.signature)"))
            return (.unresolved(.argumentCount(builtin, lowered)), .unknown)
        }
        if let problem = argumentProblem(builtin, usage: usage, lowered, call: expr.span) {
            reportTypeError(problem)
            return (.unresolved(.typeMismatch(lowered, reportedAt: problem.span)), .unknown)
        }
        return (.call(BuiltinCall(function: builtin, usage: usage, arguments: lowered)), function.result.map(StaticType.init) ?? .unknown)
    }

    private func binary(_ op: BinaryOperator, _ left: Expr, _ right: Expr, _ l: StaticType, _ r: StaticType, _ expr: Expr) -> StaticType {
        switch op {
        case .and, .or:
            if l.isKnown && l != .bool {
                reportTypeError(.error(.typeMismatch, "'\(op.rawValue)' needs bools, not \(l.withArticle)", at: left.span))
            } else if l == .bool, r.isKnown, r != .bool {
                reportTypeError(.error(.typeMismatch, "'\(op.rawValue)' needs bools, not \(r.withArticle)", at: right.span))
            }
            return .bool
        case .equal, .notEqual:
            if l.isKnown, r.isKnown, !(l.isNumeric && r.isNumeric), l.name != r.name {
                reportTypeError(.error(.typeMismatch, "cannot compare \(l.withArticle) with \(r.withArticle)", at: expr.span))
            }
            return .bool
        case .less, .lessEqual, .greater, .greaterEqual:
            if l.isNonNumeric {
                reportTypeError(.error(.typeMismatch, "'\(op.rawValue)' compares numbers, not \(l.withArticle)", at: left.span))
            } else if l.isNumeric, r.isNonNumeric {
                reportTypeError(.error(.typeMismatch, "'\(op.rawValue)' compares numbers, not \(r.withArticle)", at: right.span))
            }
            return .bool
        case .add where l == .string && r == .string:
            return .string
        case .add where l == .string && !r.isKnown:
            // Text joined to a value of unknown type: fine when it is a string too.
            return .unknown
        default:
            if l.isNonNumeric {
                reportTypeError(.error(.typeMismatch, "'\(op.rawValue)' needs numbers, not \(l.withArticle)", at: left.span))
                return .unknown
            }
            if l.isNumeric, r.isNonNumeric {
                reportTypeError(.error(.typeMismatch, "'\(op.rawValue)' needs numbers, not \(r.withArticle)", at: right.span))
                return .unknown
            }
            guard l.isNumeric, r.isNumeric else { return .unknown }
            switch op {
            case .divide: return .number
            case .integerDivide:
                if (l == .int && r == .number) || (l == .number && r.isNumeric) {
                    reportTypeError(
                        .error(
                            .typeMismatch, "'//' divides ints, not numbers", at: l == .int ? right.span : left.span,
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
