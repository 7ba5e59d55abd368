import DisplayList

extension Builtins.Call {
    /// `red(c)` … `alpha(c)`, `hue(c)`, `saturation(c)`, `lightness(c)`, `luminance(c)` and
    /// `contrast(a, b)`: numbers read from colors, so a scene can choose by its colors (black or
    /// white text for any background).
    func colorComponent() throws -> Value {
        let c = try color(0)
        switch function {
        // Channels as rgb() takes them: x / 255 * 255 gives x back exactly for every whole x.
        case .red: return .number(c.red * 255)
        case .green: return .number(c.green * 255)
        case .blue: return .number(c.blue * 255)
        case .alpha: return .number(c.alpha)
        // HSL as lighter() and darker() compute it; the hue is HSB's too, a fraction of a turn as hsb() takes it.
        case .hue: return .number(ColorMath.HSL(c).hue)
        case .saturation: return .number(min(1, ColorMath.HSL(c).saturation))
        case .lightness: return .number(ColorMath.HSL(c).lightness)
        case .luminance: return .number(ColorIntrospection.luminance(c))
        default: return .number(ColorIntrospection.contrast(c, try color(1)))
        }
    }
}
