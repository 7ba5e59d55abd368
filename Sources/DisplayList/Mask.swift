import SceneSource

/// What of a mask's content lets the masked drawing show (Grammar.md §11, "Masks").
public enum MaskMode: String, Hashable, Sendable, CaseIterable, Codable {
    /// As opaque as the content is: its alpha (SwiftUI's `.mask`, `clip(to:mask:)` with an image
    /// that has alpha, SVG's `mask-type:alpha`).
    case alpha
    /// As bright as the content is: 0.2125·R + 0.7154·G + 0.0721·B of its sRGB colors times its
    /// alpha (SVG's default `mask-type`, `clip(to:mask:)` with a grayscale image without alpha).
    case luminance
}

/// A mask (`<mask>`): `content` is drawn as an image of its own (starting transparent, at opacity
/// 1), `items` are drawn as one image (their blend modes blend inside it), and that image shows
/// where the content's alpha, or luminance, says. Both are in the same coordinate system, the one
/// the mask stands in. Outside what the content draws, nothing of the items shows.
///
/// In the one numbering (`PreOrder`) the content's items come first, then the masked items: a
/// container's `children` are both, and `contentCount` says how many of its direct children are
/// the content's.
public struct Mask: Hashable, Sendable {
    public let mode: MaskMode
    /// The mask's drawing.
    public let content: [DisplayItem]
    /// The masked drawing.
    public let items: [DisplayItem]
    public let source: SourceSpan
    /// The element chain that drew it (see `Origin`); nil for lists built by hand.
    public let origin: Origin?
    public init(mode: MaskMode, content: [DisplayItem], items: [DisplayItem], source: SourceSpan, origin: Origin? = nil) {
        self.mode = mode; self.content = content; self.items = items; self.source = source; self.origin = origin
    }

    /// The content's items, then the masked items: the children the pre-order walk takes.
    public var children: [DisplayItem] { content + items }

    /// The pre-order index of the first masked item, for the mask numbered `index`: a walker that
    /// must tell the content from the masked items (a writer's `</mask>`) switches there.
    public func firstItemIndex(at index: Int) -> Int { index + 1 + PreOrder.count(content) }
}
