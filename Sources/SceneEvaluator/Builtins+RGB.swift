import SceneSyntax

extension Builtins {
    /// `rgb(r, g, b)` without an argument array: a scene of many shapes often calls it once per
    /// shape, and the array cost an allocation and its freeing each time. Arguments are evaluated
    /// and the call charged exactly as `call` does (same order, same early return on an invalid
    /// operand); anything but three channels in range goes on to the general `Call`, with the
    /// values already evaluated, so its errors are the general path's own.
    static func rgb(_ signature: String, _ arguments: [Expr], _ expr: Expr,
                    _ evaluator: inout ExpressionEvaluator) throws -> Value {
        let r = try evaluator.evaluate(arguments[0])
        if r == .invalid { return .invalid }
        let g = try evaluator.evaluate(arguments[1])
        if g == .invalid { return .invalid }
        let b = try evaluator.evaluate(arguments[2])
        if b == .invalid { return .invalid }
        try evaluator.charge(BuiltinFunction.rgb.spec.cost, at: expr.span)
        if let x = r.numeric, let y = g.numeric, let z = b.numeric, isChannel(x), isChannel(y), isChannel(z) {
            return .color(.rgb255(x, y, z))
        }
        var call = Call(function: .rgb, signature: signature, argumentSpans: arguments.map(\.span), values: [r, g, b],
                        span: expr.span, evaluator: evaluator.context)
        return try call.run()
    }

    /// As `Call.channel` accepts (NaN is no channel).
    @inline(__always)
    private static func isChannel(_ v: Double) -> Bool { v >= 0 && v <= 255 }
}
