import DisplayList
import ResolvedProgram
import SceneSource

/// Evaluates the resolved program's expressions (`ProgramExpression`) in a `SlotFrame`: names are
/// slots, calls are `BuiltinFunction` cases, literals are the program's constants. What values
/// mean (operators, lists, indexing, every builtin) is shared with the syntax tree's evaluator
/// (`ValueOperations`, `Builtins.Call`), as is the step budget: each node is charged
/// `StepCost.node` before its operands, in the same order, so the budget runs out at the same
/// place on either path.
///
/// `.unresolved` (a name, call, argument count or type the static analysis reported) throws
/// `UnresolvedExpression`, not a diagnostic: the analysis owns those errors. It stops the
/// expression where it is met, as the error did when the evaluator reported it itself, and the
/// evaluation fails without a second report.
struct ProgramExpressionEvaluator {
    var frame: SlotFrame
    let context: EvaluationContext
    var limits: EvaluationLimits { context.limits }

    init(frame: SlotFrame, context: EvaluationContext) {
        self.frame = frame
        self.context = context
    }

    /// A literal number is taken where it is met, without the call into `evaluateNode`.
    @inline(__always)
    mutating func evaluate(_ expr: ProgramExpression) throws -> Value {
        switch expr.kind {
        case .constant(.int(let v)):
            try context.charge(StepCost.node, at: expr.span)
            return .int(v)
        case .constant(.number(let v)):
            try context.charge(StepCost.node, at: expr.span)
            return .number(v)
        default:
            return try evaluateNode(expr)
        }
    }

    /// Evaluates `expr`, charging its node a step before its operands.
    mutating func evaluateNode(_ expr: ProgramExpression) throws -> Value {
        try context.charge(StepCost.node, at: expr.span)
        switch expr.kind {
        case .constant(let constant): return try value(of: constant, at: expr.span)
        case .name(let reference): return frame.value(of: reference)
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
            return try binary(op, left, right, span: expr.span)
        case .conditional(let test, let then, let otherwise):
            let condition = try evaluate(test)
            if condition == .invalid { return .invalid }
            return try evaluate(ValueOperations.condition(condition, at: test.span) ? then : otherwise)
        case .call(let call):
            return try self.call(call, span: expr.span)
        case .index(let base, let index):
            let list = try evaluate(base)
            let position = try evaluate(index)
            if list == .invalid || position == .invalid { return .invalid }
            return try ValueOperations.index(list, position, baseSpan: base.span, indexSpan: index.span)
        case .unresolved(let unresolved):
            // A call with a count of arguments no usage takes evaluates them first (their errors
            // come before the count's, as a call's always did), then fails.
            if case .argumentCount(_, let arguments) = unresolved {
                for argument in arguments where try evaluate(argument) == .invalid { return .invalid }
            }
            // A type error the analysis reported: the operands first (their errors depend on
            // values), then it fails at the place the analysis reported it.
            if case .typeMismatch(let operands, let reportedAt) = unresolved {
                for operand in operands where try evaluate(operand) == .invalid { return .invalid }
                throw UnresolvedExpression(span: reportedAt, unresolved: unresolved)
            }
            throw UnresolvedExpression(span: expr.span, unresolved: unresolved)
        }
    }

    private func value(of constant: ProgramConstant, at span: SourceSpan) throws -> Value {
        switch constant {
        case .int(let v): return .int(v)
        case .number(let v): return .number(v)
        case .string(let s):
            try ValueOperations.checkString(s, at: span, limits: limits)
            return .string(s)
        case .bool(let b): return .bool(b)
        case .color(let r, let g, let b, let a): return .color(Color(red: r, green: g, blue: b, alpha: a))
        }
    }

    private mutating func binary(
        _ op: BinaryOperator, _ leftExpr: ProgramExpression, _ rightExpr: ProgramExpression,
        span: SourceSpan
    ) throws -> Value {
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
            op, left, right, leftSpan: leftExpr.span, rightSpan: rightExpr.span, span: span,
            context: context)
    }

    /// A builtin, dispatched on its case: the arguments in order (an `.invalid` one makes the call
    /// `.invalid`), the call's own cost (`BuiltinFunction.spec.cost`), then the function.
    private mutating func call(_ call: BuiltinCall, span: SourceSpan) throws -> Value {
        var values: [Value] = []
        values.reserveCapacity(call.arguments.count)
        for argument in call.arguments {
            let value = try evaluate(argument)
            if value == .invalid { return .invalid }
            values.append(value)
        }
        let spec = call.function.spec
        try context.charge(spec.cost, at: span)
        var run = Builtins.Call(
            function: call.function, signature: spec.signature, argumentSpans: ArgumentSpans(call.arguments),
            values: values, span: span, evaluator: context)
        return try run.run()
    }
}

/// What evaluating an `.unresolved` expression throws: the static analysis reported it, at `span`.
struct UnresolvedExpression: Error {
    let span: SourceSpan
    let unresolved: Unresolved
}
