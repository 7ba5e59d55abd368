/// The decimal digits of whole numbers: the one digit writer behind every number scenec prints
/// (`NumberFormat`'s text and the bytes it writes into the SVG writer's buffer, `format()`'s whole
/// part of any size, a loop's value in an origin). Two faces: bytes written forwards at a pointer,
/// for a writer that puts a line together in a buffer of its own, and a String.
///
/// Each digit is written once, in its place: the digits are counted first, then written from the
/// last to the first (a division by 10, which compiles to a multiplication, per digit).
public enum DecimalDigits {
    /// The most bytes `write` writes for one number: a sign and the 20 digits of `UInt64.max`.
    public static let maxLength = 21

    /// How many digits `value` has (one for 0).
    @inline(__always)
    public static func count(_ value: UInt64) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }

    /// Writes the digits of `value` at `start`, most significant first, and returns how many.
    @inline(__always)
    public static func write(_ value: UInt64, to start: UnsafeMutablePointer<UInt8>) -> Int {
        write(value, digits: count(value), to: start)
    }

    /// Writes exactly `digits` digits of `value` at `start` (leading zeros where `value` has fewer,
    /// as a fraction's digits after the point; `digits` at least `count(value)`), returns `digits`.
    @inline(__always)
    public static func write(_ value: UInt64, digits: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var rest = value
        var end = digits
        while end > 0 {
            end -= 1
            start[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return digits
    }

    /// Writes `value` at `start`, with a `-` before a negative one, and returns how many bytes.
    @inline(__always)
    public static func write(_ value: Int64, to start: UnsafeMutablePointer<UInt8>) -> Int {
        guard value < 0 else { return write(value.magnitude, to: start) }
        start[0] = UInt8(ascii: "-")
        return 1 + write(value.magnitude, to: start + 1)
    }

    /// `value` as text: what `String(value)` writes.
    public static func string(_ value: Int64) -> String {
        string { write(value, to: $0) }
    }

    /// `value` as text: what `String(value)` writes.
    public static func string(_ value: UInt64) -> String {
        string { write(value, to: $0) }
    }

    /// The bytes `write` writes, as a String: written on the stack, then copied into a String
    /// (stored inline when short, as most numbers are, where a String's own storage of
    /// `maxLength` bytes would be on the heap).
    @inline(__always)
    private static func string(_ write: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { buffer in
            let count = write(buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// The exact digits of a whole Double of any size (`value` whole, finite and not negative):
    /// 1e20 is `100000000000000000000`, as printf's `%.0f` writes it, where a conversion through an
    /// integer type stops at 2⁶⁴.
    public static func string(whole value: Double) -> String {
        precondition(value.isFinite && value >= 0 && value == value.rounded(.down), "string(whole:) takes a whole, finite, non-negative value")
        if value < 18_446_744_073_709_551_616.0 { return string(UInt64(value)) } // 2⁶⁴
        // value = significand × 2^shift, with a 53-bit significand and shift ≥ 12 here.
        let significand = value.significandBitPattern | (1 << 52)
        let shift = Int(value.exponent) - 52
        // Little-endian limbs of nine decimal digits each, doubled `shift` times.
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = [significand % base, (significand / base) % base, significand / (base * base)]
        for _ in 0..<shift {
            var carry: UInt64 = 0
            for i in limbs.indices {
                let doubled = limbs[i] * 2 + carry
                limbs[i] = doubled % base
                carry = doubled / base
            }
            if carry > 0 { limbs.append(carry) }
        }
        while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
        // The first limb as it is, every other one with its nine digits.
        let capacity = maxLength + 9 * limbs.count
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            let start = buffer.baseAddress!
            var n = write(limbs[limbs.count - 1], to: start)
            for limb in limbs.dropLast().reversed() {
                n += write(limb, digits: 9, to: start + n)
            }
            return n
        }
    }
}
