/// A non-premultiplied sRGB color with components in 0...1.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.unit(red); self.green = Color.unit(green)
        self.blue = Color.unit(blue); self.alpha = Color.unit(alpha)
    }

    public static func rgb255(_ r: Double, _ g: Double, _ b: Double, alpha: Double = 1) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
    }

    private static func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }

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
