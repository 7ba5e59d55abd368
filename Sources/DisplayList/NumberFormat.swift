/// Fixed, locale-free number formatting for every text output (SVG, dumps): at most `decimals`
/// fractional digits, trailing zeros trimmed, integers without a point, never `-0`, never an
/// exponent. Swift's `description` prints `-0.0` and `1e-05`; this never does.
public enum NumberFormat {
    /// 4 decimals: 1/10000 of a point, far below a pixel at 3x, and stable under float noise.
    public static let defaultDecimals = 4

    /// Magnitudes are clamped here: far beyond any drawing, and `value × 10^decimals` stays finite.
    public static let maxMagnitude = 1e15

    public static func format(_ value: Double, decimals: Int = defaultDecimals) -> String {
        // Every drawable number: the scaled value is an exact integer well inside Int64.
        if decimals >= 0, decimals <= 15, let scaled = scaledInteger(value, decimals: decimals) {
            // Written on the stack, then made a String (stored inline when short, as most numbers are).
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxWrittenLength) { buffer in
                let count = writeDigits(scaled: scaled, decimals: decimals, to: buffer.baseAddress!)
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
            }
        }
        return formatLong(value, decimals: decimals)
    }

    /// `format` for what does not fit `writeDigits`: more than 15 decimals, or a value that scaled
    /// by 10^decimals is past 9·10¹⁵.
    @inline(never)
    private static func formatLong(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let value = min(max(value, -maxMagnitude), maxMagnitude)
        let scale = power(decimals)
        let scaled = (value * scale).rounded()
        let negative = scaled < 0
        let magnitude = abs(scaled)
        // Integer digits and fraction digits, computed without converting a possibly huge double
        // to Int (which would trap): split with floating-point division, then written exactly. The
        // division may round up, leaving a fraction a little below zero: then it is none.
        let integerPart = (magnitude / scale).rounded(.down)
        let fraction = max(0, magnitude - integerPart * scale).rounded(.down)
        let intDigits = DecimalDigits.string(whole: integerPart)
        var fracDigits = ""
        if decimals > 0 {
            var f = fraction == 0 ? "" : DecimalDigits.string(whole: fraction)
            while f.count < decimals { f = "0" + f }
            while f.hasSuffix("0") { f.removeLast() }
            fracDigits = f
        }
        if intDigits == "0" && fracDigits.isEmpty { return "0" }
        return (negative ? "-" : "") + intDigits + (fracDigits.isEmpty ? "" : "." + fracDigits)
    }

    /// `(value × 10^decimals).rounded()` as an integer, for a finite value whose scaled magnitude is
    /// below 9·10¹⁵ (else nil), without the call into libm `rounded()` compiles to: below 9·10¹⁵
    /// the integer part fits Int64 and x minus it is exact, and the rounded value is below 9·10¹⁵
    /// exactly when x is (9·10¹⁵ is an integer).
    @inline(__always)
    private static func scaledInteger(_ value: Double, decimals: Int) -> Int64? {
        guard value.isFinite else { return nil }
        let scale = decimals == defaultDecimals ? 10_000 : power(decimals)
        let x = min(max(value, -maxMagnitude), maxMagnitude) * scale
        guard abs(x) < 9.0e15 else { return nil }
        var scaled = Int64(x) // toward zero
        let rest = x - Double(scaled)
        if rest >= 0.5 { scaled += 1 } else if rest <= -0.5 { scaled -= 1 }
        return scaled
    }

    /// Appends `format(value, decimals:)`'s UTF-8 bytes to `bytes`: the SVG writer's path data
    /// goes straight into its output buffer, without a String (an allocation and a copy) per number.
    public static func append(_ value: Double, decimals: Int = defaultDecimals, to bytes: inout [UInt8]) {
        if decimals >= 0, decimals <= 15, let scaled = scaledInteger(value, decimals: decimals) {
            // Into a buffer on the stack, then byte by byte: a number is a few bytes, and
            // `append(contentsOf:)` costs more than that however few it copies.
            var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &buffer) { raw in
                let start = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let count = writeDigits(scaled: scaled, decimals: decimals, to: start)
                for k in 0..<count { bytes.append(start[k]) }
            }
            return
        }
        bytes.append(contentsOf: formatLong(value, decimals: decimals).utf8)
    }

    /// The most bytes `write` writes: a sign, 16 integer digits, the point and 15 fraction digits.
    public static let maxWrittenLength = 33

    /// Writes `format(value, decimals:)`'s UTF-8 bytes at `start` (at most `maxWrittenLength` of
    /// them, `decimals` at most 15) and returns how many: for a writer that puts several numbers
    /// into a buffer of its own and appends them at once (`append` appends each byte on its own,
    /// and an array checks its uniqueness and capacity for each).
    public static func write(_ value: Double, decimals: Int = defaultDecimals, to start: UnsafeMutablePointer<UInt8>) -> Int {
        precondition(decimals >= 0 && decimals <= 15, "write takes 0 to 15 decimals")
        if let scaled = scaledInteger(value, decimals: decimals) {
            return writeDigits(scaled: scaled, decimals: decimals, to: start)
        }
        return writeFormatted(value, decimals: decimals, to: start)
    }

    /// `write` for a number `format` writes the long way.
    @inline(never)
    private static func writeFormatted(_ value: Double, decimals: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var text = formatLong(value, decimals: decimals)
        return text.withUTF8 { bytes in
            precondition(bytes.count <= maxWrittenLength)
            start.update(from: bytes.baseAddress!, count: bytes.count)
            return bytes.count
        }
    }

    /// The text of `scaled / 10^decimals` (`decimals` at most 15) written at `start`: the sign,
    /// the integer part, and the fraction with its trailing zeros trimmed (none for a whole
    /// number); how many bytes. The fraction is split off with one division (by a constant for the
    /// default 4 decimals) and only a fraction that is not zero has its zeros trimmed.
    @inline(__always)
    private static func writeDigits(scaled: Int64, decimals: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        if scaled < 0 {
            start[0] = UInt8(ascii: "-")
            n = 1
        }
        let magnitude = scaled.magnitude
        let unit: UInt64 = decimals == defaultDecimals ? 10_000 : UInt64(power(decimals))
        n += DecimalDigits.write(magnitude / unit, to: start + n)
        var fraction = magnitude % unit
        guard fraction != 0 else { return n }
        var fractionDigits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        start[n] = UInt8(ascii: ".")
        return n + 1 + DecimalDigits.write(fraction, digits: fractionDigits, to: start + n + 1)
    }

    /// 10^decimals, as `format` computes it.
    private static func power(_ decimals: Int) -> Double {
        var scale: Double = 1
        for _ in 0..<decimals { scale *= 10 }
        return scale
    }

    /// A number as a message quotes it: like `format` up to 10^15, and beyond, where `format`
    /// clamps, in exponent form (`1e300`, `-2.5e20`), so that a message never shows another number
    /// than the one written.
    public static func readable(_ value: Double, decimals: Int = 6) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity" }
        guard abs(value) >= 1e15 else { return format(value, decimals: decimals) }
        // Swift writes 1e300 as "1e+300": the only '+' it writes.
        return "\(value)".split(separator: "+").joined()
    }
}
