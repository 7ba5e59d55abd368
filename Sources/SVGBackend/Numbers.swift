import DisplayList

/// Sanitizing helpers: every number that reaches the output or a computation passes here, so that a
/// display list holding NaN, infinities or absurd magnitudes still renders without trapping.
enum Num {
    /// Largest magnitude written. `NumberFormat.format` multiplies by 10⁴ and would overflow (and
    /// trap converting infinity to an integer) near 1.8e304; nothing drawable comes near 1e15.
    static let limit: Double = 1e15

    /// A finite value: NaN and infinities become 0, the rest is clamped to ±`limit`.
    @inline(__always)
    static func finite(_ v: Double) -> Double {
        guard v.isFinite else { return 0 }
        return min(limit, max(-limit, v))
    }

    /// The text of a number, through `NumberFormat.format`.
    @inline(__always)
    static func text(_ v: Double) -> String { NumberFormat.format(finite(v)) }

    /// The value a renderer parses back from `text(v)`: rounded to `NumberFormat.defaultDecimals`.
    static func rounded(_ v: Double) -> Double {
        var scale: Double = 1
        for _ in 0..<NumberFormat.defaultDecimals { scale *= 10 }
        let r = (finite(v) * scale).rounded() / scale
        return r == 0 ? 0 : r // no -0
    }

    /// An opacity in 0...1 (non-finite counts as 0).
    static func unit(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }

    static func point(_ p: Point) -> Point { Point(finite(p.x), finite(p.y)) }

    static func transform(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: finite(t.a), b: finite(t.b), c: finite(t.c), d: finite(t.d),
            tx: finite(t.tx), ty: finite(t.ty))
    }

    /// The transform exactly as written in the document (each component rounded as printed), so
    /// that the transform we track is the one the renderers will compose.
    static func printedTransform(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: rounded(t.a), b: rounded(t.b), c: rounded(t.c), d: rounded(t.d),
            tx: rounded(t.tx), ty: rounded(t.ty))
    }

    /// `#rrggbb`, like `Color.hexRGB` (channels rounded half up) but safe for any stored value.
    static func hexRGB(_ color: Color) -> String {
        // Written into the string's own storage, with no array of characters in between: this
        // runs once per shape.
        String(unsafeUninitializedCapacity: 7) { buffer in
            writeHexRGB(color, to: buffer.baseAddress!)
            return 7
        }
    }

    /// `hexRGB`'s 7 bytes, written at `start`.
    static func writeHexRGB(_ color: Color, to start: UnsafeMutablePointer<UInt8>) {
        let digits: StaticString = "0123456789abcdef"
        start[0] = UInt8(ascii: "#")
        func put(_ v: Double, at end: Int) {
            // `(unit(v) * 255).rounded()` without the call into libm: x is from 0 to 255, its
            // integer part exact, and a rest of one half or more rounds up, as `rounded()` does.
            let x = unit(v) * 255
            var byte = Int(x)
            if x - Double(byte) >= 0.5 { byte += 1 }
            start[end] = digits.utf8Start[(byte >> 4) & 15]
            start[end + 1] = digits.utf8Start[byte & 15]
        }
        put(color.red, at: 1)
        put(color.green, at: 3)
        put(color.blue, at: 5)
    }
}
