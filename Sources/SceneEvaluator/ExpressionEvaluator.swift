import DisplayList
import SceneSource
import SceneSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Evaluates the syntax tree's constant expressions: what is written as text outside a scene's
/// program (a parameter's `default`, `min` and `max`, a `--set` value, a body's size), where only
/// the predefined names are in scope. Scenes run on the resolved program
/// (`ProgramExpressionEvaluator`); what values mean is shared with it (`ValueOperations`,
/// `Builtins.Call`). Errors are thrown as located diagnostics pointing at the sub-expression that
/// caused them; operands that are `.invalid` (already reported) propagate silently.
struct ExpressionEvaluator {
    let context: EvaluationContext
    var limits: EvaluationLimits { context.limits }
    var budget: StepBudget { context.budget }

    init(limits: EvaluationLimits) {
        self.context = EvaluationContext(limits: limits, budget: StepBudget(limit: limits.maxSteps), measurer: nil)
    }

    /// Counts `n` steps of work at `span`; throws the step-limit error once the limit is passed.
    @inline(__always)
    func charge(_ n: Int, at span: SourceSpan) throws {
        guard budget.take(n) else { throw context.limitPassed(at: span) }
    }

    /// Evaluates `expr`, charging its node a step before its operands.
    mutating func evaluate(_ expr: Expr) throws -> Value {
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

    /// A predefined name, else the error the static analysis gives a name not in scope.
    private func lookup(_ name: String, _ span: SourceSpan) throws -> Value {
        if let value = Self.predefined(name) { return value }
        if BuiltinFunction.named(name) != nil {
            throw Diagnostic.error(.functionAsValue, "'\(name)' is a function", at: span, help: "call it: \(name)(…)")
        }
        // Suggestions compare with the predefined names, then with the CSS colors: that work counts
        // too, by its weight.
        let candidates = ["pi", "none"]
        try charge(StepCost.suggestion(for: name, among: candidates) + StepCost.suggestion(for: name, among: CSSColors.names), at: span)
        let help = Suggestion.didYouMean(name, among: candidates) ?? Suggestion.didYouMean(name, among: CSSColors.names)
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
        return try ValueOperations.binary(
            op, left, right, leftSpan: leftExpr.span, rightSpan: rightExpr.span, span: expr.span,
            context: context)
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
