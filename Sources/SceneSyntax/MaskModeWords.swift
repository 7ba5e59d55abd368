/// The words of `<mask mode>` (Grammar.md §11, "Masks"): what of the mask's content lets the body
/// show, its alpha (SwiftUI's `.mask`, Core Graphics' `clip(to:mask:)` with an image that has
/// alpha) or its luminance (SVG's default `mask-type`).
public enum MaskModeWords {
    public static let all = ["alpha", "luminance"]
}
