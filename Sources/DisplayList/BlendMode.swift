/// How an operation's colors combine with what is already drawn: the blend modes SVG's
/// `mix-blend-mode` and Core Graphics' `CGBlendMode` share and that librsvg, resvg and Chromium
/// render alike, as cairo (PDF's formulas, which Core Graphics follows) does (Grammar §11 "Blend
/// modes"; color-dodge, color-burn and the four non-separable modes are left out because they do
/// not). The raw values are the CSS keywords.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal
    case multiply
    case screen
    case overlay
    case darken
    case lighten
    case softLight = "soft-light"
    case hardLight = "hard-light"
    case difference
    case exclusion
}
