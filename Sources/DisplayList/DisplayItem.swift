import SceneSource

/// The display list: what a scene draws, fully resolved. A closed set of plain values, valid by
/// construction; backends render it with one switch and know nothing of the syntax tree.
/// Every item keeps the source span of the element that produced it.
public struct DisplayList: Hashable, Sendable {
    /// The canvas size in points.
    public var width: Double
    public var height: Double
    public var items: [DisplayItem]

    public init(width: Double, height: Double, items: [DisplayItem]) {
        self.width = width; self.height = height; self.items = items
    }

    /// Number of items, counting those inside groups and clips.
    public var operationCount: Int {
        func count(_ items: [DisplayItem]) -> Int {
            items.reduce(0) { total, item in
                switch item {
                case .group(let g): return total + 1 + count(g.items)
                case .clip(let c): return total + 1 + count(c.items)
                default: return total + 1
                }
            }
        }
        return count(items)
    }
}

public enum DisplayItem: Hashable, Sendable {
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
}

public struct Fill: Hashable, Sendable {
    public var path: Path
    public var paint: Paint
    public var rule: FillRule
    /// Multiplies the paint's alpha for this operation alone (CGContext.setAlpha semantics).
    public var opacity: Double
    public var source: SourceSpan
    public init(path: Path, paint: Paint, rule: FillRule = .nonzero, opacity: Double = 1, source: SourceSpan) {
        self.path = path; self.paint = paint; self.rule = rule; self.opacity = opacity; self.source = source
    }
}

public struct Stroke: Hashable, Sendable {
    public var path: Path
    public var paint: Paint
    public var style: StrokeStyle
    public var opacity: Double
    public var source: SourceSpan
    public init(path: Path, paint: Paint, style: StrokeStyle, opacity: Double = 1, source: SourceSpan) {
        self.path = path; self.paint = paint; self.style = style; self.opacity = opacity; self.source = source
    }
}

public struct PaintRegion: Hashable, Sendable {
    public var paint: Paint
    public var opacity: Double
    public var source: SourceSpan
    public init(paint: Paint, opacity: Double = 1, source: SourceSpan) {
        self.paint = paint; self.opacity = opacity; self.source = source
    }
}

public struct Group: Hashable, Sendable {
    public var transform: AffineTransform
    public var items: [DisplayItem]
    public var source: SourceSpan
    public init(transform: AffineTransform, items: [DisplayItem], source: SourceSpan) {
        self.transform = transform; self.items = items; self.source = source
    }
}

public struct Clip: Hashable, Sendable {
    public var path: Path
    public var rule: FillRule
    public var items: [DisplayItem]
    public var source: SourceSpan
    public init(path: Path, rule: FillRule = .nonzero, items: [DisplayItem], source: SourceSpan) {
        self.path = path; self.rule = rule; self.items = items; self.source = source
    }
}

/// How a line of text sits on its anchor point.
public enum TextAnchor: String, Hashable, Sendable {
    case start, middle, end
}

/// One line of text: the string, where its baseline starts (or is centered or ends, per `anchor`),
/// and the font, already resolved (family from the pinned set, size in points, CSS weight).
public struct TextRun: Hashable, Sendable {
    public var string: String
    /// The anchor point on the baseline.
    public var origin: Point
    public var anchor: TextAnchor
    public var fontFamily: String
    public var fontSize: Double
    public var fontWeight: Int
    public var color: Color
    public var opacity: Double
    public var source: SourceSpan
    public init(string: String, origin: Point, anchor: TextAnchor, fontFamily: String, fontSize: Double,
                fontWeight: Int, color: Color, opacity: Double = 1, source: SourceSpan) {
        self.string = string; self.origin = origin; self.anchor = anchor; self.fontFamily = fontFamily
        self.fontSize = fontSize; self.fontWeight = fontWeight; self.color = color; self.opacity = opacity
        self.source = source
    }
}
