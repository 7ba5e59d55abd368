/// A non-premultiplied sRGB color with components in 0...1.
public struct Color: Hashable, Sendable {
    public let red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.unit(red); self.green = Color.unit(green)
        self.blue = Color.unit(blue); self.alpha = Color.unit(alpha)
    }

    public static func rgb255(_ r: Double, _ g: Double, _ b: Double, alpha: Double = 1) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
    }

    private static func unit(_ v: Double) -> Double { Invariant.unit(v) }

    /// The same color with another alpha (clamped into 0…1).
    public func with(alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// An 8-bit channel, rounded half up.
    public static func byte(_ v: Double) -> Int { v.isFinite ? Int((min(1, max(0, v)) * 255).rounded()) : 0 }

    /// `#rrggbb`: the form SVG 1.1 accepts.
    public var hexRGB: String {
        "#" + [red, green, blue].map { hex2(Color.byte($0)) }.joined()
    }

    /// `#rrggbbaa`: the canonical form in dumps and parameter listings.
    public var hexRGBA: String { hexRGB + hex2(Color.byte(alpha)) }

    private func hex2(_ v: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[(v >> 4) & 15], digits[v & 15]])
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
}

/// Colors as text for dumps and reviews. The SVG writes a color's channels as 8-bit hex and its
/// alpha as an opacity with 4 decimals, so text that shows less than that would hide a change the
/// SVG shows (an alpha of 0.120 and one of 0.123 are both 31/255).
public enum ColorText {
    /// `#rrggbbaa` when the alpha is a whole number of 255ths, else `#rrggbb/0.123` (the alpha to
    /// 4 decimals, as the SVG writes it): exactly what the SVG output distinguishes.
    public static func dump(_ c: Color) -> String {
        isByte(c.alpha) ? c.hexRGBA : c.hexRGB + "/" + NumberFormat.format(c.alpha)
    }

    /// The dump's text when every channel is a whole number of 255ths; otherwise
    /// `rgba(87.5, 218, 213, 0.123)` with 4 decimals, so that two different colors never read alike.
    public static func exact(_ c: Color) -> String {
        if isByte(c.red) && isByte(c.green) && isByte(c.blue) { return dump(c) }
        let channels = [c.red, c.green, c.blue].map { NumberFormat.format($0 * 255) }
        return "rgba(" + channels.joined(separator: ", ") + ", " + NumberFormat.format(c.alpha) + ")"
    }

    static func isByte(_ v: Double) -> Bool {
        let scaled = v * 255
        return abs(scaled - scaled.rounded()) < 1e-6
    }
}
