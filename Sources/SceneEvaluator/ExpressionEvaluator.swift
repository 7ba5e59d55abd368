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

        /// Counts `n` steps of work at `span`; throws the step-limit error once the limit is passed.
        @inline(__always)
        func charge(_ n: Int, at span: SourceSpan) throws {
            guard budget.take(n) else { throw limitPassed(at: span) }
        }

        @inline(never)
        func limitPassed(at span: SourceSpan) -> Diagnostic {
            .error(budget.code, budget.message, at: span, help: budget.helpText)
        }

        /// A number result: an error when it is not finite, and never -0.
        func finite(_ value: Double, at span: SourceSpan) throws -> Value { try ValueOperations.finite(value, at: span) }
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
    @inline(__always)
    func charge(_ n: Int, at span: SourceSpan) throws {
        guard budget.take(n) else { throw context.limitPassed(at: span) }
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
            try ValueOperations.checkString(s, at: expr.span, limits: limits)
            return .string(s)
        case .bool(let b): return .bool(b)
        case .color(let r, let g, let b, let a): return .color(Color(red: r, green: g, blue: b, alpha: a))
        case .name(let name): return try lookup(name, expr.span)
        case .list(let elements):
            try ValueOperations.checkListLength(elements.count, at: expr.span, limits: limits)
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                let value = try evaluate(element)
                if value == .invalid { return .invalid }
                try ValueOperations.checkListElement(value, after: values, at: element.span)
                values.append(value)
            }
            return .list(values)
        case .unary(let op, let operand):
            let value = try evaluate(operand)
            return try ValueOperations.unary(op, value, span: expr.span, operandSpan: operand.span)
        case .binary(let op, let left, let right):
            return try binary(op, left, right, expr)
        case .conditional(let test, let then, let otherwise):
            let condition = try evaluate(test)
            if condition == .invalid { return .invalid }
            return try evaluate(ValueOperations.condition(condition, at: test.span) ? then : otherwise)
        case .call(let name, let arguments):
            return try Builtins.call(name, arguments, expr, &self)
        case .index(let base, let index):
            let list = try evaluate(base)
            let position = try evaluate(index)
            if list == .invalid || position == .invalid { return .invalid }
            return try ValueOperations.index(list, position, baseSpan: base.span, indexSpan: index.span)
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

    private mutating func binary(_ op: BinaryOperator, _ leftExpr: Expr, _ rightExpr: Expr, _ expr: Expr) throws -> Value {
        // `and` and `or` evaluate their right side only when needed.
        if op == .and || op == .or {
            let left = try evaluate(leftExpr)
            if left == .invalid { return .invalid }
            let l = try ValueOperations.logical(op, left, at: leftExpr.span)
            if op == .and && !l { return .bool(false) }
            if op == .or && l { return .bool(true) }
            let right = try evaluate(rightExpr)
            if right == .invalid { return .invalid }
            return .bool(try ValueOperations.logical(op, right, at: rightExpr.span))
        }
        let left = try evaluate(leftExpr)
        let right = try evaluate(rightExpr)
        if left == .invalid || right == .invalid { return .invalid }
        return try ValueOperations.binary(op, left, right, leftSpan: leftExpr.span, rightSpan: rightExpr.span, span: expr.span,
                                          context: context)
    }

    /// At most 20 names, then how many more.
    static func clippedList(_ names: [String], more: Bool = false) -> String {
        guard names.count > 20 else { return names.joined(separator: ", ") + (more ? " and more" : "") }
        return names.prefix(20).joined(separator: ", ") + " and \(more ? "more than " : "")\(names.count - 20) more"
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
