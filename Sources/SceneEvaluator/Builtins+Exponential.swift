import DisplayList
import SceneSource

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Builtins.Call {
    /// `log(x)`, `log10(x)` and `exp(x)`, for scales and nice axis ticks (`pow(10, floor(log10(x)))`).
    /// A logarithm of 0 or less is an error on the argument, as `sqrt` of a negative is; `exp` of
    /// more than about 709 overflows and is the evaluator's non-finite error. `log10` is exact at
    /// powers of ten (C's `log10`, as JavaScript's `Math.log10`), so `floor(log10(1000))` is 3.
    func exponential() throws -> Value {
        let x = try number(0)
        if function == .exp { return try result(exp(x)) }
        guard x > 0 else {
            throw Diagnostic.error(
                .argumentOutOfRange, "\(name)() needs a number above 0, not \(NumberFormat.readable(x))",
                at: argumentSpans[0], help: "a logarithm exists only for numbers above 0; test the value first, for example x > 0 ? \(name)(x) : 0")
        }
        return try result(function == .log ? log(x) : log10(x))
    }
}
