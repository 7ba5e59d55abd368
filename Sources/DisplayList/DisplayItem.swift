import SceneSource

/// The display list: what a scene draws, fully resolved. A closed set of plain, immutable values;
/// backends render it with one switch and know nothing of the syntax tree. Every item keeps the
/// source span of the element that produced it.
///
/// What holds for every value, because each initializer makes it so (see `Invariants.swift`):
/// sizes, widths and radii are finite and not negative; opacities and color channels lie in 0…1;
/// a gradient has at least one stop and its offsets lie in 0…1 and never decrease; a text weight
/// lies in 1…1000; a shadow's blur is not negative and its offsets are finite. Coordinates are whatever the evaluator computed (it keeps them within ±1e9);
/// backends still treat a non-finite coordinate as 0, so no value can make them trap.
public struct DisplayList: Hashable, Sendable {
    /// The canvas size in points.
    public let width: Double
    public let height: Double
    public let items: [DisplayItem]

    public init(width: Double, height: Double, items: [DisplayItem]) {
        self.width = Invariant.length(width); self.height = Invariant.length(height); self.items = items
    }

    /// Number of items, counting those inside groups, clips and layers: the indices `preOrder` takes.
    public var operationCount: Int { PreOrder.count(items) }
}

/// Indirect: each item is one pointer in its array and its payload one allocation of its own size,
/// where inline every element would take the size of the largest case (a stroke), and an array
/// grown by doubling up to twice that per item (docs/performance.md, "Measurements behind the code").
public indirect enum DisplayItem: Hashable, Sendable {
    /// Fill the inside of a path.
    case fill(Fill)
    /// Stroke a path's outline.
    case stroke(Stroke)
    /// Paint the whole current clip region (Core Graphics' `drawLinearGradient` inside `addClip`).
    case paint(PaintRegion)
    /// Children drawn in a transformed space (save, concatenate, draw, restore).
    case group(Group)
    /// Children drawn clipped to a path; nested clips intersect.
    case clip(Clip)
    /// A line of text in a pinned font.
    case text(TextRun)
    /// Children drawn as one image, then composited with an opacity and a shadow (Layer.swift).
    case layer(Layer)
    /// Children drawn as one image, shown where a drawing's alpha or luminance says (Mask.swift).
    case mask(Mask)
}

public struct Fill: Hashable, Sendable {
    // Stored in this order so that the one-byte fields fill the padding after the path and the
    // span (4-byte aligned) the padding after the paint: a display list holds one Fill per shape,
    // and its box fits one size class of malloc smaller (docs/performance.md).
    public let path: Path
    public let rule: FillRule
    /// CGContext.setBlendMode for this operation alone.
    public let blend: BlendMode
    public let paint: Paint
    public let source: SourceSpan
    /// Multiplies the paint's alpha for this operation alone (CGContext.setAlpha semantics).
    public let opacity: Double
    /// The element chain that drew it (see `Origin`); nil for lists built by hand.
    public let origin: Origin?
    public init(
        path: Path, paint: Paint, rule: FillRule = .nonzero, opacity: Double = 1, blend: BlendMode = .normal,
        source: SourceSpan, origin: Origin? = nil
    ) {
        self.path = path; self.paint = paint; self.rule = rule; self.opacity = Invariant.unit(opacity); self.source = source
        self.origin = origin
        self.blend = blend
    }
}

public struct Stroke: Hashable, Sendable {
    public let path: Path
    public let paint: Paint
    public let style: StrokeStyle
    public let opacity: Double
    /// CGContext.setBlendMode for this operation alone.
    public let blend: BlendMode
    public let source: SourceSpan
    /// The element chain that drew it (see `Origin`); nil for lists built by hand.
    public let origin: Origin?
    public init(
        path: Path, paint: Paint, style: StrokeStyle, opacity: Double = 1, blend: BlendMode = .normal,
        source: SourceSpan, origin: Origin? = nil
    ) {
        self.path = path; self.paint = paint; self.style = style; self.opacity = Invariant.unit(opacity); self.source = source
        self.origin = origin
        self.blend = blend
    }
}

public struct PaintRegion: Hashable, Sendable {
    public let paint: Paint
    public let opacity: Double
    /// CGContext.setBlendMode for this operation alone.
    public let blend: BlendMode
    public let source: SourceSpan
    /// The element chain that drew it (see `Origin`); nil for lists built by hand.
    public let origin: Origin?
    public init(paint: Paint, opacity: Double = 1, blend: BlendMode = .normal, source: SourceSpan, origin: Origin? = nil) {
        self.paint = paint; self.opacity = Invariant.unit(opacity); self.source = source
        self.origin = origin
        self.blend = blend
    }
}

public struct Group: Hashable, Sendable {
    public let transform: AffineTransform
    public let items: [DisplayItem]
    /// Not `.normal`: the children are drawn into a transparency layer of their own (their blend
    /// modes blend inside it) and the layer is composited with this mode: Core Graphics'
    /// `setBlendMode` then `beginTransparencyLayer`, SVG's `mix-blend-mode` on a `<g>`.
    public let blend: BlendMode
    public let source: SourceSpan
    /// The element chain that drew it (see `Origin`); nil for lists built by hand.
    public let origin: Origin?
    public init(transform: AffineTransform, items: [DisplayItem], blend: BlendMode = .normal, source: SourceSpan, origin: Origin? = nil) {
        self.transform = transform; self.items = items; self.source = source
        self.origin = origin
        self.blend = blend
    }
}

public struct Clip: Hashable, Sendable {
    public let path: Path
    public let rule: FillRule
    public let items: [DisplayItem]
    public let source: SourceSpan
    /// The element chain that drew it (see `Origin`); nil for lists built by hand.
    public let origin: Origin?
    public init(path: Path, rule: FillRule = .nonzero, items: [DisplayItem], source: SourceSpan, origin: Origin? = nil) {
        self.path = path; self.rule = rule; self.items = items; self.source = source
        self.origin = origin
    }
}

/// How a line of text sits on its anchor point.
public enum TextAnchor: String, Hashable, Sendable {
    case start, middle, end
}

/// One line of text: the string, where its baseline starts (or is centered or ends, per `anchor`),
/// and the font, already resolved (family from the pinned set, size in points, CSS weight).
public struct TextRun: Hashable, Sendable {
    public let string: String
    /// The anchor point on the baseline.
    public let position: Point
    public let anchor: TextAnchor
    public let fontFamily: String
    public let fontSize: Double
    public let fontWeight: Int
    public let color: Color
    public let opacity: Double
    public let source: SourceSpan
    /// The element chain that drew it (see `Origin`); nil for lists built by hand.
    public let origin: Origin?
    public init(
        string: String, position: Point, anchor: TextAnchor, fontFamily: String, fontSize: Double,
        fontWeight: Int, color: Color, opacity: Double = 1, source: SourceSpan, origin: Origin? = nil
    ) {
        self.string = string; self.position = position; self.anchor = anchor; self.fontFamily = fontFamily
        self.fontSize = Invariant.length(fontSize); self.fontWeight = min(1000, max(1, fontWeight)); self.color = color
        self.opacity = Invariant.unit(opacity)
        self.source = source
        self.origin = origin
    }
}
