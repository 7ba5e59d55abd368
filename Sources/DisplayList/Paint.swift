public enum FillRule: String, Hashable, Sendable, CaseIterable {
    case nonzero
    case evenodd
}

public enum LineCap: String, Hashable, Sendable, CaseIterable {
    case butt, round, square
}

public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    case miter, round, bevel
}

/// Stroke geometry. Defaults are Core Graphics' (width 1, butt, miter, miter limit 10).
public struct StrokeStyle: Hashable, Sendable {
    public var width: Double = 1
    public var cap: LineCap = .butt
    public var join: LineJoin = .miter
    public var miterLimit: Double = 10
    public var dash: [Double] = []
    public var dashPhase: Double = 0
    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dash = dash; self.dashPhase = dashPhase
    }
}

public struct GradientStop: Hashable, Sendable {
    public var offset: Double
    public var color: Color
    public init(offset: Double, color: Color) { self.offset = offset; self.color = color }
}

/// Which side of the gradient's axis keeps painting past its end colors. Core Graphics'
/// `drawLinearGradient(options: [])` paints only the band between the start and end lines: `.none`.
public enum GradientExtend: String, Hashable, Sendable, CaseIterable {
    case none
    case before
    case after
    case both

    public var extendsBefore: Bool { self == .before || self == .both }
    public var extendsAfter: Bool { self == .after || self == .both }
}

public struct LinearGradient: Hashable, Sendable {
    /// At least one stop, offsets in 0...1 and non-decreasing.
    public var stops: [GradientStop]
    public var start: Point
    public var end: Point
    public var extend: GradientExtend
    public init(stops: [GradientStop], start: Point, end: Point, extend: GradientExtend = .none) {
        self.stops = stops; self.start = start; self.end = end; self.extend = extend
    }
}

public enum Paint: Hashable, Sendable {
    case color(Color)
    case linearGradient(LinearGradient)
}
