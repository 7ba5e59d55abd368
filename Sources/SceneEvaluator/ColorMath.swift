import DisplayList

/// `mix`, `lighter` and `darker` (Grammar.md, section 7). All in non-premultiplied sRGB, the space
/// colors are stored in, so the results are the ones a designer's tool shows for the same words:
/// mixing is CSS `color-mix(in srgb, …)`, lightening and darkening move HSL lightness.
enum ColorMath {
    /// CSS color-mix in sRGB: `t` of `b` and `1 − t` of `a`, interpolated with premultiplied alpha
    /// so that mixing with `transparent` fades a color instead of darkening it.
    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        let wa = 1 - t, wb = t
        let alpha = a.alpha * wa + b.alpha * wb
        func channel(_ x: Double, _ y: Double) -> Double {
            // Both transparent: no color to weigh by alpha, so the plain mix.
            guard alpha > 0 else { return x * wa + y * wb }
            return clamp((x * a.alpha * wa + y * b.alpha * wb) / alpha)
        }
        return Color(
            red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue),
            alpha: clamp(alpha))
    }

    /// HSL lightness `amount` of the way to white (1 gives white); hue, saturation and alpha kept.
    static func lighter(_ c: Color, _ amount: Double) -> Color {
        var hsl = HSL(c)
        hsl.lightness += (1 - hsl.lightness) * amount
        return hsl.color(alpha: c.alpha)
    }

    /// HSL lightness `amount` of the way to black (1 gives black); hue, saturation and alpha kept.
    static func darker(_ c: Color, _ amount: Double) -> Color {
        var hsl = HSL(c)
        hsl.lightness *= 1 - amount
        return hsl.color(alpha: c.alpha)
    }

    private static func clamp(_ v: Double) -> Double { min(1, max(0, v)) }

    /// CSS's HSL: hue as a fraction of a turn, saturation and lightness 0…1.
    struct HSL {
        var hue: Double, saturation: Double, lightness: Double

        init(_ c: Color) {
            let high = max(c.red, c.green, c.blue), low = min(c.red, c.green, c.blue)
            lightness = (high + low) / 2
            let chroma = high - low
            guard chroma > 0 else { hue = 0; saturation = 0; return }
            saturation = chroma / (1 - abs(2 * lightness - 1))
            var h: Double
            if high == c.red {
                h = ((c.green - c.blue) / chroma).truncatingRemainder(dividingBy: 6)
            } else if high == c.green {
                h = (c.blue - c.red) / chroma + 2
            } else {
                h = (c.red - c.green) / chroma + 4
            }
            if h < 0 { h += 6 }
            hue = h / 6
        }

        func color(alpha: Double) -> Color {
            let chroma = (1 - abs(2 * lightness - 1)) * saturation
            let h = hue * 6
            let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
            let (r, g, b): (Double, Double, Double)
            switch Int(h.rounded(.down)) {
            case 0: (r, g, b) = (chroma, x, 0)
            case 1: (r, g, b) = (x, chroma, 0)
            case 2: (r, g, b) = (0, chroma, x)
            case 3: (r, g, b) = (0, x, chroma)
            case 4: (r, g, b) = (x, 0, chroma)
            default: (r, g, b) = (chroma, 0, x)
            }
            let m = lightness - chroma / 2
            return Color(red: ColorMath.clamp(r + m), green: ColorMath.clamp(g + m), blue: ColorMath.clamp(b + m), alpha: alpha)
        }
    }
}
