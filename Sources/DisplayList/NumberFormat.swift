/// Fixed, locale-free number formatting for every text output (SVG, dumps): at most `decimals`
/// fractional digits, trailing zeros trimmed, integers without a point, never `-0`, never an
/// exponent. Swift's `description` prints `-0.0` and `1e-05`; this never does.
public enum NumberFormat {
    /// 4 decimals: 1/10000 of a point, far below a pixel at 3x, and stable under float noise.
    public static let defaultDecimals = 4

    /// Magnitudes are clamped here: far beyond any drawing, and `value × 10^decimals` stays finite.
    public static let maxMagnitude = 1e15

    public static func format(_ value: Double, decimals: Int = defaultDecimals) -> String {
        guard value.isFinite else { return "0" }
        let value = min(max(value, -maxMagnitude), maxMagnitude)
        var scale: Double = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        let negative = scaled < 0
        let magnitude = abs(scaled)
        // Integer digits and fraction digits, computed without converting a possibly huge double
        // to Int (which would trap): split with floating-point division, then format digit by digit.
        let integerPart = (magnitude / scale).rounded(.down)
        let fraction = magnitude - integerPart * scale
        var intDigits = digits(of: integerPart)
        if intDigits.isEmpty { intDigits = "0" }
        var fracDigits = ""
        if decimals > 0 {
            var f = digits(of: fraction)
            while f.count < decimals { f = "0" + f }
            while f.hasSuffix("0") { f.removeLast() }
            fracDigits = f
        }
        if intDigits == "0" && fracDigits.isEmpty { return "0" }
        return (negative ? "-" : "") + intDigits + (fracDigits.isEmpty ? "" : "." + fracDigits)
    }

    /// Decimal digits of a non-negative integral double.
    private static func digits(of value: Double) -> String {
        if value < 1e15 { return value < 1 ? "" : String(Int64(value)) }
        var v = value
        var out: [Character] = []
        while v >= 1 {
            let digit = v.truncatingRemainder(dividingBy: 10)
            out.append(Character(String(Int(digit))))
            v = ((v - digit) / 10).rounded()
        }
        return String(out.reversed())
    }
}
