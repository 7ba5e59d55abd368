/// The font families scenec renders with. Only pinned fonts, installed by the set-up, so the same
/// scene gives the same pixels on every machine. (`Schema.fontFamilies`, the `font` keyword's
/// values, are these; the evaluator checks `textWidth`'s family against them.)
public enum FontFamilies {
    public static let pinned = [
        "DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Sans Mono", "DejaVu Serif",
        "DejaVu Serif Condensed",
    ]
}
