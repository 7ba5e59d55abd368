/// Core Graphics' `drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`:
/// the color at t in 0…1 is drawn on the circle whose center and radius interpolate linearly from
/// the start circle (t = 0) to the end circle (t = 1); where circles overlap the larger t wins;
/// `extend` continues past t < 0 (`before`, while the radius stays positive) and t > 1 (`after`).
///
/// Any two circles are representable (a dump or a test may hold any); the evaluator only builds
/// nested ones (one circle strictly inside the other), the case SVG can express exactly. The SVG
/// writer draws nothing for others (see `SVGWriter`'s radial geometry).
public struct RadialGradient: Hashable, Sendable {
    /// As `LinearGradient.stops`: at least one, offsets in 0…1 and non-decreasing.
    public let stops: [GradientStop]
    public let startCenter: Point
    /// Finite, not negative.
    public let startRadius: Double
    public let endCenter: Point
    /// Finite, not negative.
    public let endRadius: Double
    public let extend: GradientExtend

    public init(
        stops: [GradientStop], startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        extend: GradientExtend = .none
    ) {
        // The same stop rules as a linear gradient's (one initializer applies them).
        self.stops = LinearGradient(stops: stops, start: .zero, end: .zero).stops
        self.startCenter = startCenter; self.startRadius = Invariant.length(startRadius)
        self.endCenter = endCenter; self.endRadius = Invariant.length(endRadius)
        self.extend = extend
    }

    /// One circle lies strictly inside the other (they may share a center, not a radius). Then
    /// every point of the plane lies on exactly one circle of the family, the gradient is a
    /// focal-point gradient in SVG's sense, and nothing of Core Graphics' cone case arises.
    /// Decided on the values as the dump and the SVG print them (`NumberFormat.defaultDecimals`),
    /// so the evaluator accepts exactly what the SVG writer can draw.
    public var isNested: Bool {
        func printed(_ v: Double) -> Double {
            var scale: Double = 1
            for _ in 0..<NumberFormat.defaultDecimals { scale *= 10 }
            return (v * scale).rounded() / scale
        }
        let dx = printed(endCenter.x) - printed(startCenter.x), dy = printed(endCenter.y) - printed(startCenter.y)
        let distance = (dx * dx + dy * dy).squareRoot()
        return distance.isFinite && distance < abs(printed(endRadius) - printed(startRadius))
    }
}
