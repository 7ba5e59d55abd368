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
        // Every drawable number: the scaled value is an exact integer well inside Int64, and integer
        // arithmetic writes it without building and trimming strings (SVG output is mostly numbers:
        // this is most of the time of a large scene; see docs/performance.md).
        if decimals <= 15, abs(scaled) < 9.0e15 {
            return string(scaled: Int64(scaled), decimals: decimals)
        }
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

    /// Appends `format(value, decimals:)`'s UTF-8 bytes to `bytes`: the SVG writer's path data
    /// goes straight into its output buffer, without a String per number (a heap allocation and a
    /// copy each: most of the time of writing a large scene).
    public static func append(_ value: Double, decimals: Int = defaultDecimals, to bytes: inout [UInt8]) {
        if value.isFinite, decimals >= 0, decimals <= 15 {
            let x = min(max(value, -maxMagnitude), maxMagnitude) * power(decimals)
            // `x.rounded()` (to nearest, halves away from zero), without the call into libm it
            // compiles to: below 9·10¹⁵ the integer part fits Int64, and x minus it is exact. The
            // rounded value is below 9·10¹⁵ exactly when x is (9·10¹⁵ is an integer).
            if abs(x) < 9.0e15 {
                var scaled = Int64(x)  // toward zero
                let rest = x - Double(scaled)
                if rest >= 0.5 { scaled += 1 } else if rest <= -0.5 { scaled -= 1 }
                appendDigits(scaled: scaled, decimals: decimals, to: &bytes)
                return
            }
        }
        bytes.append(contentsOf: format(value, decimals: decimals).utf8)
    }

    /// The most bytes `write` writes: a sign, 16 integer digits, the point and 15 fraction digits.
    public static let maxWrittenLength = 33

    /// Writes `format(value, decimals:)`'s UTF-8 bytes at `start` (at most `maxWrittenLength` of
    /// them, `decimals` at most 15) and returns how many: for a writer that puts several numbers
    /// into a buffer of its own and appends them at once (`append` appends each byte on its own,
    /// and an array checks its uniqueness and capacity for each).
    public static func write(_ value: Double, decimals: Int = defaultDecimals, to start: UnsafeMutablePointer<UInt8>) -> Int {
        precondition(decimals >= 0 && decimals <= 15, "write takes 0 to 15 decimals")
        if value.isFinite {
            let scale = decimals == defaultDecimals ? 10_000 : power(decimals)
            let x = min(max(value, -maxMagnitude), maxMagnitude) * scale
            // As in `append`.
            if abs(x) < 9.0e15 {
                var scaled = Int64(x)  // toward zero
                let rest = x - Double(scaled)
                if rest >= 0.5 { scaled += 1 } else if rest <= -0.5 { scaled -= 1 }
                return writeDigits(scaled: scaled, decimals: decimals, to: start)
            }
        }
        return writeFormatted(value, decimals: decimals, to: start)
    }

    /// `write` for a number `format` writes the long way.
    @inline(never)
    private static func writeFormatted(_ value: Double, decimals: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var text = format(value, decimals: decimals)
        return text.withUTF8 { bytes in
            precondition(bytes.count <= maxWrittenLength)
            start.update(from: bytes.baseAddress!, count: bytes.count)
            return bytes.count
        }
    }

    /// The bytes `appendDigits` appends, written forwards at `start`; how many. The integer
    /// part's digits are counted first, so that each digit is written once, in its place (about
    /// half the instructions of writing backwards into a buffer and copying).
    @inline(__always)
    private static func writeDigits(scaled: Int64, decimals: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        if scaled == 0 {
            start[0] = UInt8(ascii: "0")
            return 1
        }
        var n = 0
        if scaled < 0 {
            start[0] = UInt8(ascii: "-")
            n = 1
        }
        let magnitude = scaled.magnitude
        let unit: UInt64 = decimals == defaultDecimals ? 10_000 : UInt64(power(decimals))
        var integer = magnitude / unit
        var fraction = magnitude % unit
        var digits = 1
        var rest = integer
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        n += digits
        var end = n
        repeat {
            end -= 1
            start[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integer % 10)
            integer /= 10
        } while integer != 0
        guard fraction != 0 else { return n }
        var fractionDigits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        start[n] = UInt8(ascii: ".")
        n += 1 + fractionDigits
        end = n
        for _ in 0..<fractionDigits {
            end -= 1
            start[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        return n
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

    /// The digits of `scaled / 10^decimals` in decimal, trailing fraction zeros trimmed
    /// (`decimals` at most 15), handed to `put` one byte at a time, most significant first: into
    /// a buffer on the stack for a String (stored inline when it is short, as most numbers are).
    @inline(__always)
    private static func emitDigits(scaled: Int64, decimals: Int, _ put: (UInt8) -> Void) {
        if scaled == 0 { return put(UInt8(ascii: "0")) }
        var power: Int64 = 1
        for _ in 0..<decimals { power *= 10 }
        let magnitude = scaled < 0 ? -scaled : scaled
        let integer = magnitude / power
        var fraction = magnitude % power
        var fractionDigits = decimals
        while fraction != 0 && fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        if fraction == 0 { fractionDigits = 0 }
        if scaled < 0 { put(UInt8(ascii: "-")) }
        var unit: Int64 = 1
        while unit <= integer / 10 { unit *= 10 }
        var n = integer
        while unit > 0 {
            put(UInt8(ascii: "0") + UInt8(n / unit))
            n %= unit
            unit /= 10
        }
        guard fractionDigits > 0 else { return }
        put(UInt8(ascii: "."))
        unit = 1
        for _ in 1..<fractionDigits { unit *= 10 }
        n = fraction
        while unit > 0 {
            put(UInt8(ascii: "0") + UInt8(n / unit))
            n %= unit
            unit /= 10
        }
    }

    /// `emitDigits`' bytes appended to `bytes`: the digits are written backwards into a
    /// buffer on the stack (a division by 10 per digit, which compiles to a multiplication, where
    /// `emitDigits` divides by a power of ten and appends byte by byte, each append checking the
    /// array's uniqueness and capacity: 280 instructions a number, eight numbers per rectangle in
    /// a scene of many). `NumberAppendTests` holds it to `format`'s text.
    ///
    /// The fraction is split off with one division (by a constant for the default 4 decimals, which
    /// compiles to a multiplication) and only a fraction that is not zero has its zeros trimmed: a
    /// whole number, half the numbers of a drawing on a grid, took four divisions to lose its four.
    @inline(__always)
    private static func appendDigits(scaled: Int64, decimals: Int, to bytes: inout [UInt8]) {
        forEachDigit(scaled: scaled, decimals: decimals) { bytes.append($0) }
    }

    /// The bytes of `appendDigits`, most significant first, handed to `put`.
    @inline(__always)
    private static func forEachDigit(scaled: Int64, decimals: Int, _ put: (UInt8) -> Void) {
        if scaled == 0 { return put(UInt8(ascii: "0")) }
        let magnitude = scaled.magnitude
        var fractionDigits = decimals
        let unit: UInt64 = decimals == defaultDecimals ? 10_000 : UInt64(power(decimals))
        var integer = magnitude / unit
        var fraction = magnitude % unit
        if fraction == 0 {
            fractionDigits = 0
        } else {
            while fraction % 10 == 0 {
                fraction /= 10
                fractionDigits -= 1
            }
        }
        // Sign, up to 16 integer digits, the point and at most 15 fraction digits.
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var start = raw.count
            func putBack(_ byte: UInt8) {
                start -= 1
                raw[start] = byte
            }
            for _ in 0..<fractionDigits {
                putBack(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10))
                fraction /= 10
            }
            if fractionDigits > 0 { putBack(UInt8(ascii: ".")) }
            repeat {
                putBack(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integer % 10))
                integer /= 10
            } while integer != 0
            if scaled < 0 { putBack(UInt8(ascii: "-")) }
            // Byte by byte: a number is a few bytes, and `append(contentsOf:)` costs about a
            // hundred instructions however few it copies.
            for k in start..<raw.count { put(raw[k]) }
        }
    }

    /// `emitDigits` as a String.
    private static func string(scaled: Int64, decimals: Int) -> String {
        // Sign, up to 16 integer digits, the point and the fraction digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 18 + decimals) { buffer in
            var end = 0
            emitDigits(scaled: scaled, decimals: decimals) { buffer[end] = $0; end += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
        }
    }

    /// Decimal digits of a non-negative integral double.
    private static func digits(of value: Double) -> String {
        if value < 9e18 { return value < 1 ? "" : String(Int64(value)) }
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
