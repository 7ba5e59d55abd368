import SceneSource

/// The words of the `blend` attribute (Grammar §11 "Blend modes").
///
/// Allowed: the blend modes SVG's `mix-blend-mode` and Core Graphics' `CGBlendMode` share that
/// librsvg, resvg and Chromium draw alike, within 3/255 of cairo's (PDF's) formulas
/// (`Tests/render/check_paint.py` measures every one). The others both know are refused with a
/// reason rather than drawn differently by each renderer.
public enum BlendModeWords {
    public static let supported = [
        "normal", "multiply", "screen", "overlay", "darken", "lighten",
        "soft-light", "hard-light", "difference", "exclusion",
    ]

    /// Shared by SVG and Core Graphics, measured by `Tests/render/check_paint.py` against cairo
    /// (PDF's formulas, as Core Graphics') over its 80 color pairs: the largest difference per
    /// premultiplied 8-bit channel, and who differs.
    public static let refused: [String: String] = [
        "color-dodge": "resvg and Chromium differ from cairo's formula (Core Graphics') by up to 11/255, librsvg by 5/255",
        "color-burn": "librsvg, resvg and Chromium differ from cairo's formula (Core Graphics') by up to 5/255",
        "hue": "resvg differs from cairo's formula (Core Graphics') by up to 53/255",
        "saturation": "resvg differs from cairo's formula (Core Graphics') by up to 57/255",
        "color": "resvg differs from cairo's formula (Core Graphics') by up to 45/255",
        "luminosity": "resvg differs from cairo's formula (Core Graphics') by up to 55/255",
    ]

    /// The error for a `blend` value that is not in `supported`.
    public static func diagnostic(_ value: String, at span: SourceSpan) -> Diagnostic {
        if let reason = refused[value] {
            return .error(
                .unsupportedBlendMode, "blend mode '\(value)' is not available: the renderers do not draw it alike",
                at: span, help: "\(reason); use one of: \(supported.joined(separator: ", "))")
        }
        // Core Graphics' names (`colorBurn`, `.softLight`) and CSS's differ only in case and hyphens.
        let folded = value.lowercased().filter { $0.isLetter }
        let spelled = (supported + refused.keys.sorted()).first { $0.filter { $0.isLetter } == folded }
        let suggestion = spelled.map { "did you mean '\($0)'?" + (refused[$0] != nil ? " (not available: \(refused[$0]!))" : "") }
        return .error(
            .unknownBlendMode, "'\(value)' is not a blend mode", at: span,
            help: suggestion ?? Suggestion.didYouMean(value, among: supported)
                ?? "use one of: \(supported.joined(separator: ", "))")
    }
}
