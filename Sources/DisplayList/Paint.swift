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
    public let width: Double
    public let cap: LineCap
    public let join: LineJoin
    /// At least 1 (SVG refuses less).
    public let miterLimit: Double
    /// Lengths, none negative.
    public let dash: [Double]
    public let dashPhase: Double
    public init(
        width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
        dash: [Double] = [], dashPhase: Double = 0
    ) {
        self.width = Invariant.length(width); self.cap = cap; self.join = join
        self.miterLimit = max(1, Invariant.finite(miterLimit))
        self.dash = dash.map(Invariant.length); self.dashPhase = Invariant.finite(dashPhase)
    }
}

public struct GradientStop: Hashable, Sendable {
    public let offset: Double
    public let color: Color
    /// `offset` is clamped into 0…1.
    public init(offset: Double, color: Color) { self.offset = Invariant.unit(offset); self.color = color }
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
    /// At least one stop, offsets in 0...1 and non-decreasing: an offset below the one before it is
    /// raised to it (Core Graphics' and SVG's own rule), and no stops at all become one transparent
    /// stop, which paints nothing.
    public let stops: [GradientStop]
    public let start: Point
    public let end: Point
    public let extend: GradientExtend
    public init(stops: [GradientStop], start: Point, end: Point, extend: GradientExtend = .none) {
        var ordered: [GradientStop] = []
        ordered.reserveCapacity(max(1, stops.count))
        for stop in stops {
            let floor = ordered.last?.offset ?? 0
            ordered.append(stop.offset < floor ? GradientStop(offset: floor, color: stop.color) : stop)
        }
        if ordered.isEmpty { ordered = [GradientStop(offset: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0))] }
        self.stops = ordered; self.start = start; self.end = end; self.extend = extend
    }
}

/// The gradients are boxed (`indirect`): inline, the largest of them would set the size of every
/// paint, and every fill and stroke carries one, where most paints are colors (docs/performance.md).
public enum Paint: Hashable, Sendable {
    case color(Color)
    indirect case linearGradient(LinearGradient)
    /// Core Graphics' two-circle radial gradient (see `RadialGradient`).
    indirect case radialGradient(RadialGradient)
    /// A conic (angular) gradient around a center (see `ConicGradient`).
    indirect case conicGradient(ConicGradient)
}
