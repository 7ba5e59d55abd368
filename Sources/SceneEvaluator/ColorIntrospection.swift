import DisplayList

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the color functions `red` … `contrast` read from a color (Grammar.md, section 6). Plain
/// IEEE arithmetic and one `pow`, so that the Swift and TypeScript export runtimes, which port
/// these lines, compute the same numbers.
enum ColorIntrospection {
    /// WCAG 2's relative luminance: each sRGB channel linearized (the sRGB transfer function, with
    /// its threshold 0.04045; WCAG 2.0's 0.03928 differs from it for no 8-bit channel), weighted
    /// 0.2126, 0.7152, 0.0722. Alpha is ignored: a translucent color's luminance depends on what is
    /// under it, which the scene says with `mix`.
    static func luminance(_ c: Color) -> Double {
        0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// WCAG 2's contrast ratio, (lighter + 0.05) / (darker + 0.05): 1 to 21, the same either way round.
    static func contrast(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    private static func linear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
}
