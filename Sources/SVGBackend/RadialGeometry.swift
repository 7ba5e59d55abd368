import DisplayList

/// A radial gradient as SVG draws it: Core Graphics' two circles turned into one focal-point
/// `<radialGradient>` (SVG 1.1: `cx cy r fx fy`, no `fr`) plus the region it may paint.
///
/// Why no `fr`: librsvg and Chromium honor it but resvg ignores it (measured, docs/rendering.md, "Radial
/// gradients"). A focal point needs no SVG 2: for nested circles (inner radius ri, outer ro) the
/// family of circles continues past the inner one and shrinks to a point at
/// t* = -ri / (ro - ri); a gradient from that point (the focal point) to the outer circle is the
/// same family, parameterized by s = (t - t*) / (1 - t*), so each stop moves to
/// s0 + offset·(1 - s0) with s0 = ri / ro. SVG's `pad` then paints the inner disc with the first
/// color and outside the outer circle with the last, Core Graphics' `before` and `after`; a side
/// that does not extend is cut off with a clip path, the way linear gradients cut their band.
///
/// Computed from the values as printed, so the nesting test is the one the renderers see.
struct RadialGeometry {
    /// The outer circle (SVG's cx, cy, r) and the focal point (fx, fy).
    let center: Point
    let radius: Double
    let focal: Point
    /// The inner circle (the start circle, or the end circle when it is the smaller one).
    let innerCenter: Point
    let innerRadius: Double
    /// The stops along s, from the focal point out.
    let stops: [GradientStop]
    /// The inner disc is painted (with the color at the inner circle).
    let paintsInside: Bool
    /// Outside the outer circle is painted (with the color at the outer circle).
    let paintsOutside: Bool

    /// Nil when the printed circles are not strictly nested: SVG cannot draw Core Graphics' cone,
    /// and the evaluator never builds one (a hand-built display list draws nothing there).
    init?(_ g: RadialGradient) {
        let c0 = Point(Num.rounded(g.startCenter.x), Num.rounded(g.startCenter.y)), r0 = Num.rounded(g.startRadius)
        let c1 = Point(Num.rounded(g.endCenter.x), Num.rounded(g.endCenter.y)), r1 = Num.rounded(g.endRadius)
        let distance = ((c1.x - c0.x) * (c1.x - c0.x) + (c1.y - c0.y) * (c1.y - c0.y)).squareRoot()
        guard distance.isFinite, distance < abs(r1 - r0) else { return nil }
        let growing = r1 > r0
        // Along t the gradient runs inner → outer when the end circle is the larger; otherwise the
        // stops are mirrored (offset 1 - o, in reverse order) and before/after trade places.
        let (ci, ri, co, ro) = growing ? (c0, r0, c1, r1) : (c1, r1, c0, r0)
        let ordered = growing ? g.stops : g.stops.reversed().map { GradientStop(offset: 1 - $0.offset, color: $0.color) }
        let s0 = ri / ro
        let k = ri / (ro - ri)
        center = co; radius = ro
        focal = Point(ci.x - k * (co.x - ci.x), ci.y - k * (co.y - ci.y))
        innerCenter = ci; innerRadius = ri
        stops = ordered.map { GradientStop(offset: s0 + $0.offset * (1 - s0), color: $0.color) }
        paintsInside = growing ? g.extend.extendsBefore : g.extend.extendsAfter
        paintsOutside = growing ? g.extend.extendsAfter : g.extend.extendsBefore
    }

    /// A full circle as path data (two half arcs).
    static func circle(_ c: Point, _ r: Double) -> String {
        PathData.make(
            Path([
                .move(Point(c.x + r, c.y)),
                .arc(Arc(center: c, radiusX: r, radiusY: r, startAngle: 0, sweep: 2 * Double.pi)), .close,
            ]))
    }

    /// The region the gradient may paint, as even-odd path data in the gradient's user space; nil
    /// when it paints everywhere. `canvas` is the canvas polygon in that user space (needed only
    /// when the outside extends but the inner disc does not).
    func region(canvas: [Point]?) -> String? {
        switch (paintsInside, paintsOutside) {
        case (true, true): return nil
        case (true, false): return Self.circle(center, radius)
        case (false, false):
            return innerRadius > 0 ? Self.circle(center, radius) + " " + Self.circle(innerCenter, innerRadius) : Self.circle(center, radius)
        case (false, true):
            guard innerRadius > 0 else { return nil }
            let outside = canvas.map { PathData.polygon(RegionGeometry.simplified($0)) } ?? ""
            return outside.isEmpty ? "" : outside + " " + Self.circle(innerCenter, innerRadius)
        }
    }
}
