import DisplayList
import SceneSource
import SceneSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Evaluates expressions. Errors are thrown as located diagnostics pointing at the sub-expression
/// that caused them; operands that are `.invalid` (already reported) propagate silently.
struct ExpressionEvaluator {
    /// What every evaluator of one evaluation shares: one object, so that a copy of an evaluator (a
    /// builtin call keeps one) retains it alone rather than a budget and a measurer existential.
    final class Context {
        let limits: EvaluationLimits
        /// Shared by every evaluator of one evaluation, so the step limit bounds the whole run.
        let budget: StepBudget
        /// Measures text for `textWidth(…)`; nil where no font library is at hand (constant contexts,
        /// evaluator tests), and then `textWidth` is an error that says so.
        let measurer: (any TextMeasuring)?
        /// Builtins take their general path only (no `rgb` fast path): for the differential test
        /// that keeps the fast path equal to it (`BuiltinFastPathTests`).
        let generalPathsOnly: Bool

        init(limits: EvaluationLimits, budget: StepBudget, measurer: (any TextMeasuring)?, generalPathsOnly: Bool = false) {
            self.limits = limits
            self.budget = budget
            self.measurer = measurer
            self.generalPathsOnly = generalPathsOnly
        }
    }

    /// The names in scope. An `Evaluation` keeps one evaluator for its whole run and its scope
    /// lives here, so evaluating an attribute builds and copies nothing (building one per
    /// attribute copied the scope, the budget and the measurer: 6% of the instructions of a scene
    /// of many rectangles).
    var scope: Scope
    let context: Context
    var limits: EvaluationLimits { context.limits }
    var budget: StepBudget { context.budget }
    var measurer: (any TextMeasuring)? { context.measurer }

    init(scope: Scope, limits: EvaluationLimits, budget: StepBudget? = nil, measurer: (any TextMeasuring)? = nil,
         generalPathsOnly: Bool = false) {
        self.scope = scope
        self.context = Context(limits: limits, budget: budget ?? StepBudget(limit: limits.maxSteps), measurer: measurer,
                               generalPathsOnly: generalPathsOnly)
    }

    /// Counts `n` steps of work at `span`; throws the step-limit error once the limit is passed.
    /// Inlined (every node of every expression is charged; the call was about 20 instructions of
    /// the 40 a charge cost), with the error built out of line.
    @inline(__always)
    func charge(_ n: Int, at span: SourceSpan) throws {
        guard budget.take(n) else { throw limitPassed(at: span) }
    }

    @inline(never)
    private func limitPassed(at span: SourceSpan) -> Diagnostic {
        .error(budget.code, budget.message, at: span, help: budget.helpText)
    }

    /// `mutating` although it changes nothing: so that it runs on the evaluator in place (an
    /// `Evaluation`'s stored one) rather than on a copy.
    ///
    /// A literal number is taken where it is met (its step charged, as `evaluateNode` does), without
    /// a call into `evaluateNode`, whose every case makes its entry costly: half the operands of a
    /// scene's expressions are literals (`i % 1000`, `rgb(i, 90, 160)`).
    @inline(__always)
    mutating func evaluate(_ expr: Expr) throws -> Value {
        switch expr.kind {
        case .int(let v):
            try charge(StepCost.node, at: expr.span)
            return .int(v)
        case .number(let v):
            try charge(StepCost.node, at: expr.span)
            return .number(v)
        default:
            return try evaluateNode(expr)
        }
    }

    /// Evaluates `expr`, charging its node a step before its operands.
    mutating func evaluateNode(_ expr: Expr) throws -> Value {
        try charge(StepCost.node, at: expr.span)
        switch expr.kind {
        case .int(let v): return .int(v)
        case .number(let v): return .number(v)
        case .string(let s):
            if s.utf8.count > limits.maxStringLength {
                throw Diagnostic.error(.stringTooLong, "string is \(s.utf8.count) bytes, longer than the limit of \(limits.maxStringLength) bytes",
                                       at: expr.span, help: "shorten the text")
            }
            return .string(s)
        case .bool(let b): return .bool(b)
        case .color(let r, let g, let b, let a): return .color(Color(red: r, green: g, blue: b, alpha: a))
        case .name(let name): return try lookup(name, expr.span)
        case .list(let elements):
            if elements.count > limits.maxListLength {
                throw Diagnostic.error(.listTooLong, "list has \(elements.count) elements; the limit is \(limits.maxListLength)", at: expr.span,
                                       help: "make the list shorter")
            }
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                let value = try evaluate(element)
                if value == .invalid { return .invalid }
                // One kind per list (numbers, strings or colors), so a palette or a list of labels
                // is a list, and `sum` or `dash` never meet a string.
                guard value.numeric != nil || value.typeName == "string" || value.typeName == "color" else {
                    throw Diagnostic.error(.typeMismatch, "lists hold numbers, strings or colors, not \(article(value.typeName))", at: element.span)
                }
                if let first = values.first, !Value.sameListKind(first, value) {
                    throw Diagnostic.error(.typeMismatch, "a list holds one kind of element: this is \(article(value.typeName)) in a list of \(first.listKindName)",
                                           at: element.span)
                }
                values.append(value)
            }
            return .list(values)
        case .unary(let op, let operand):
            let value = try evaluate(operand)
            return try unary(op, value, expr, operand)
        case .binary(let op, let left, let right):
            return try binary(op, left, right, expr)
        case .conditional(let test, let then, let otherwise):
            let condition = try evaluate(test)
            if condition == .invalid { return .invalid }
            guard case .bool(let b) = condition else {
                throw Diagnostic.error(.typeMismatch, "the condition before '?' must be a bool, not \(article(condition.typeName))", at: test.span)
            }
            return try evaluate(b ? then : otherwise)
        case .call(let name, let arguments):
            return try Builtins.call(name, arguments, expr, &self)
        case .index(let base, let index):
            let list = try evaluate(base)
            let position = try evaluate(index)
            if list == .invalid || position == .invalid { return .invalid }
            guard case .list(let items) = list else {
                throw Diagnostic.error(.typeMismatch, "only lists can be indexed, not \(article(list.typeName))", at: base.span)
            }
            guard case .int(let i) = position else {
                throw Diagnostic.error(.typeMismatch, "a list index must be an int, not \(article(position.typeName))", at: index.span,
                                       help: position.numeric != nil ? "convert it with int(…)" : nil)
            }
            guard i >= 0, i < items.count else {
                throw Diagnostic.error(.indexOutOfRange, "index \(i) is out of range for a list of \(items.count) element\(items.count == 1 ? "" : "s")",
                                       at: index.span,
                                       help: items.isEmpty ? "the list is empty" : "valid indices are 0 to \(items.count - 1)")
            }
            return items[i]
        }
    }

    private func lookup(_ name: String, _ span: SourceSpan) throws -> Value {
        if let value = scope.lookup(name) { return value }
        if let value = Self.predefined(name) { return value }
        if BuiltinFunction.named(name) != nil {
            throw Diagnostic.error(.functionAsValue, "'\(name)' is a function", at: span, help: "call it: \(name)(…)")
        }
        // Suggestions compare with the names in scope, at most `Suggestion.maxCandidates` of them
        // (the innermost first), then with the CSS colors: that work counts too, by its weight.
        let (found, more) = scope.names(limit: Suggestion.maxCandidates)
        let names = found.sorted()
        let candidates = names + ["pi", "none"]
        try charge(found.count * StepCost.node + StepCost.suggestion(for: name, among: candidates)
                   + StepCost.suggestion(for: name, among: CSSColors.names), at: span)
        let help = Suggestion.didYouMean(name, among: candidates)
            ?? Suggestion.didYouMean(name, among: CSSColors.names)
            ?? (names.isEmpty ? nil : "names in scope here: " + Self.clippedList(names, more: more))
        throw Diagnostic.error(.undefinedName, "undefined name '\(name)'", at: span, help: help)
    }

    /// The names every scene has without declaring them: `pi`, `none` and the CSS colors
    /// (`PredefinedNames`, where the static checker reads their types).
    static func predefined(_ name: String) -> Value? {
        if name == "pi" || name == "π" { return .number(Double.pi) }
        if name == "none" { return Value.none }
        if let color = CSSColors.table[name] { return .color(color) }
        return nil
    }

    // MARK: operators

    private func unary(_ op: UnaryOperator, _ value: Value, _ expr: Expr, _ operand: Expr) throws -> Value {
        if value == .invalid { return .invalid }
        switch (op, value) {
        case (.negate, .int(let v)):
            guard v != Int.min else { throw Diagnostic.error(.integerOverflow, "integer overflow", at: expr.span, help: Self.overflowHelp) }
            return .int(-v)
        case (.negate, .number(let v)): return .number(v == 0 ? 0 : -v)
        case (.plus, .int), (.plus, .number): return value
        case (.not, .bool(let b)): return .bool(!b)
        case (.not, _):
            throw Diagnostic.error(.typeMismatch, "'not' needs a bool, not \(article(value.typeName))", at: operand.span)
        default:
            throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' needs a number, not \(article(value.typeName))", at: operand.span)
        }
    }

    private mutating func binary(_ op: BinaryOperator, _ leftExpr: Expr, _ rightExpr: Expr, _ expr: Expr) throws -> Value {
        // `and` and `or` evaluate their right side only when needed.
        if op == .and || op == .or {
            let left = try evaluate(leftExpr)
            if left == .invalid { return .invalid }
            guard case .bool(let l) = left else {
                throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' needs bools, not \(article(left.typeName))", at: leftExpr.span)
            }
            if op == .and && !l { return .bool(false) }
            if op == .or && l { return .bool(true) }
            let right = try evaluate(rightExpr)
            if right == .invalid { return .invalid }
            guard case .bool(let r) = right else {
                throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' needs bools, not \(article(right.typeName))", at: rightExpr.span)
            }
            return .bool(r)
        }
        let left = try evaluate(leftExpr)
        let right = try evaluate(rightExpr)
        if left == .invalid || right == .invalid { return .invalid }

        switch op {
        case .equal, .notEqual:
            let same: Bool
            if let l = left.numeric, let r = right.numeric {
                same = l == r
            } else if case .list(let a) = left, case .list(let b) = right {
                try charge(min(a.count, b.count), at: expr.span)
                // Numbers by value (`[1] == [1.0]`), strings and colors exactly.
                same = a.count == b.count && zip(a, b).allSatisfy { x, y in
                    if let l = x.numeric, let r = y.numeric { return l == r }
                    return x == y
                }
            } else if left.typeName == right.typeName {
                if case .string(let a) = left, case .string(let b) = right {
                    try charge(min(a.utf8.count, b.utf8.count) / 64, at: expr.span)
                }
                same = left == right
            } else {
                throw Diagnostic.error(.typeMismatch, "cannot compare \(article(left.typeName)) with \(article(right.typeName))", at: expr.span)
            }
            return .bool(op == .equal ? same : !same)
        case .less, .lessEqual, .greater, .greaterEqual:
            guard let l = left.numeric, let r = right.numeric else {
                let bad = left.numeric == nil ? leftExpr : rightExpr
                let value = left.numeric == nil ? left : right
                throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' compares numbers, not \(article(value.typeName))", at: bad.span)
            }
            if case .int(let a) = left, case .int(let b) = right {
                switch op {
                case .less: return .bool(a < b)
                case .lessEqual: return .bool(a <= b)
                case .greater: return .bool(a > b)
                default: return .bool(a >= b)
                }
            }
            switch op {
            case .less: return .bool(l < r)
            case .lessEqual: return .bool(l <= r)
            case .greater: return .bool(l > r)
            default: return .bool(l >= r)
            }
        case .add:
            if case .string(let a) = left, case .string(let b) = right {
                // Building a string costs a step per 64 bytes, so that a loop of long concatenations
                // is bounded in time like any other work.
                try charge((a.utf8.count + b.utf8.count) / 64, at: expr.span)
                let joined = a + b
                if joined.utf8.count > limits.maxStringLength {
                    throw Diagnostic.error(.stringTooLong, "string is longer than the limit of \(limits.maxStringLength) bytes", at: expr.span,
                                           help: "shorten the text")
                }
                return .string(joined)
            }
            return try arithmetic(op, left, right, leftExpr, rightExpr, expr)
        default:
            return try arithmetic(op, left, right, leftExpr, rightExpr, expr)
        }
    }

    private func arithmetic(_ op: BinaryOperator, _ left: Value, _ right: Value,
                            _ leftExpr: Expr, _ rightExpr: Expr, _ expr: Expr) throws -> Value {
        guard let l = left.numeric else {
            throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' needs numbers, not \(article(left.typeName))", at: leftExpr.span)
        }
        guard let r = right.numeric else {
            throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' needs numbers, not \(article(right.typeName))", at: rightExpr.span)
        }
        if case .int(let a) = left, case .int(let b) = right {
            let result: (Int, Bool)
            switch op {
            case .add: result = a.addingReportingOverflow(b)
            case .subtract: result = a.subtractingReportingOverflow(b)
            case .multiply: result = a.multipliedReportingOverflow(by: b)
            case .integerDivide, .remainder:
                guard b != 0 else { throw Diagnostic.error(.divisionByZero, "division by zero", at: rightExpr.span, help: Self.divisionHelp) }
                result = op == .integerDivide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            case .divide:
                guard b != 0 else { throw Diagnostic.error(.divisionByZero, "division by zero", at: rightExpr.span, help: Self.divisionHelp) }
                return .number(Double(a) / Double(b))
            default: fatalError("not arithmetic")
            }
            if result.1 { throw Diagnostic.error(.integerOverflow, "integer overflow", at: expr.span, help: Self.overflowHelp) }
            return .int(result.0)
        }
        let value: Double
        switch op {
        case .add: value = l + r
        case .subtract: value = l - r
        case .multiply: value = l * r
        case .divide:
            guard r != 0 else { throw Diagnostic.error(.divisionByZero, "division by zero", at: rightExpr.span, help: Self.divisionHelp) }
            value = l / r
        case .remainder:
            guard r != 0 else { throw Diagnostic.error(.divisionByZero, "division by zero", at: rightExpr.span, help: Self.divisionHelp) }
            value = l.truncatingRemainder(dividingBy: r)
        case .integerDivide:
            let bad = left.typeName == "int" ? rightExpr : leftExpr
            throw Diagnostic.error(.typeMismatch, "'//' divides ints, not numbers", at: bad.span,
                                   help: "use floor(a / b) for numbers, or '/' for exact division")
        default: fatalError("not arithmetic")
        }
        return try finite(value, expr)
    }

    static let divisionHelp = "the divisor is 0 here; test it first, for example b == 0 ? 0 : a / b"
    static let overflowHelp = "use numbers (write 1.0) for large values"

    /// At most 20 names, then how many more.
    static func clippedList(_ names: [String], more: Bool = false) -> String {
        guard names.count > 20 else { return names.joined(separator: ", ") + (more ? " and more" : "") }
        return names.prefix(20).joined(separator: ", ") + " and \(more ? "more than " : "")\(names.count - 20) more"
    }

    func finite(_ value: Double, _ expr: Expr) throws -> Value {
        guard value.isFinite else {
            throw Diagnostic.error(.notFinite, "result is not a finite number", at: expr.span,
                                   help: "the result is too large for a number; check the operands")
        }
        return .number(value == 0 ? 0 : value)
    }
}

func article(_ typeName: String) -> String {
    switch typeName {
    case "int": return "an int"
    case "none": return "none"
    case "invalid": return "an invalid value"
    default: return "a " + typeName
    }
}
