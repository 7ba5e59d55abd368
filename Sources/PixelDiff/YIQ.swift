/// pixelmatch's color metric (v7.2.0 `colorDelta` and `brightnessDelta`, semi-transparent pixels
/// blended over white), on straight RGBA8 bytes. Kotsarenko and Ramos, "Measuring perceived color
/// difference using YIQ NTSC transmission color space in mobile applications" (2010).
///
/// The arithmetic is pixelmatch's operation for operation (integer differences, one division by 255
/// when blending, the same coefficients in the same order), so that a delta lands on the same side
/// of the threshold and a brightness comparison finds the same zeroes and extremes as in pixelmatch.
enum YIQ {
    /// pixelmatch's bound for the delta (black against white is about 32857): thresholds scale it.
    static let maxDelta = 35215.0

    /// The squared YIQ distance of pixel `k` (a byte offset) in `a` and in `b`, negative when `b`'s
    /// pixel is darker. The pixels must differ in some byte (the caller compares words first).
    @inline(__always)
    static func delta(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ k: Int) -> Double {
        let r1 = Int(a[k]), g1 = Int(a[k + 1]), b1 = Int(a[k + 2]), a1 = Int(a[k + 3])
        let r2 = Int(b[k]), g2 = Int(b[k + 1]), b2 = Int(b[k + 2]), a2 = Int(b[k + 3])
        var dr = Double(r1 - r2), dg = Double(g1 - g2), db = Double(b1 - b2)
        if a1 < 255 || a2 < 255 {
            // Both blended over white: (c1·a1 + 255·(255 − a1)) / 255 − (c2·a2 + 255·(255 − a2)) / 255.
            let da = a1 - a2
            dr = Double(r1 * a1 - r2 * a2 - 255 * da) / 255
            dg = Double(g1 * a1 - g2 * a2 - 255 * da) / 255
            db = Double(b1 * a1 - b2 * a2 - 255 * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// The brightness (Y) difference of a center pixel (r1, g1, b1, a1) and the pixel at byte offset
    /// `m` of `image`: positive when the center is brighter, exactly 0 when the two are the same bytes.
    @inline(__always)
    static func brightnessDelta(_ image: UnsafePointer<UInt8>, _ m: Int, _ r1: Int, _ g1: Int, _ b1: Int, _ a1: Int) -> Double {
        let r2 = Int(image[m]), g2 = Int(image[m + 1]), b2 = Int(image[m + 2]), a2 = Int(image[m + 3])
        let da = a1 - a2
        if r1 == r2 && g1 == g2 && b1 == b2 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            let dr = Double(r1 * a1 - r2 * a2 - 255 * da) / 255
            let dg = Double(g1 * a1 - g2 * a2 - 255 * da) / 255
            let db = Double(b1 * a1 - b2 * a2 - 255 * da) / 255
            return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        }
        return Double(r1 - r2) * 0.29889531 + Double(g1 - g2) * 0.58662247 + Double(b1 - b2) * 0.11448223
    }

    /// The diff image's background: the pixel's brightness faded toward white, `alpha` being the
    /// opacity of the original (pixelmatch's `drawGrayPixel`, truncated to a byte as its Node
    /// buffers truncate).
    @inline(__always)
    static func fadedGray(_ image: UnsafePointer<UInt8>, _ k: Int, alpha: Double) -> UInt8 {
        let r = Double(image[k]), g = Double(image[k + 1]), b = Double(image[k + 2]), a = Double(image[k + 3])
        let value = 255 + (r * 0.29889531 + g * 0.58662247 + b * 0.11448223 - 255) * alpha * a / 255
        // The coefficients add up to a hair over 1, so white can come out a hair over 255.
        return UInt8(min(255, max(0, value)))
    }
}
