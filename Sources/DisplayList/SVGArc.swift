#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SVG's endpoint arcs in the centre form the display list stores (SVG 2, appendix "Conversion
/// from endpoint to center parameterization"), for the unrotated ellipses that `Arc` can hold.
/// One conversion for all: the evaluator turns `<path d=…>` arcs with it, and the Swift export
/// turns the same constant path data with it when generating code, so both draw the same arcs.
public enum SVGArc {
    public enum Result {
        /// Start and end coincide: SVG omits the arc.
        case nothing
        /// A zero radius: SVG draws a straight line.
        case line
        case arc(Arc)
        /// An ellipse whose axes are not horizontal and vertical, which `Arc` cannot hold: cubic
        /// curves of at most a quarter turn each, as Core Graphics draws arcs.
        case cubics([(c1: Point, c2: Point, to: Point)])
    }

    public static func centerArc(
        from p1: Point, to p2: Point, rx: Double, ry: Double, rotationDegrees: Double,
        largeArc: Bool, sweep: Bool
    ) -> Result {
        if p1 == p2 { return .nothing }
        var rx = abs(rx), ry = abs(ry)
        if rx == 0 || ry == 0 { return .line }
        // A circle looks the same at any rotation; an ellipse turned by a multiple of 90° is the
        // same ellipse with its radii kept or swapped.
        if rx != ry {
            let quarter = rotationDegrees / 90
            guard quarter == quarter.rounded() else {
                return rotated(from: p1, to: p2, rx: rx, ry: ry, phi: rotationDegrees * Double.pi / 180, largeArc: largeArc, sweep: sweep)
            }
            if Int(quarter.truncatingRemainder(dividingBy: 2)) != 0 { swap(&rx, &ry) }
        }
        let x1 = (p1.x - p2.x) / 2, y1 = (p1.y - p2.y) / 2
        // Radii too small to reach are scaled up until the arc is half an ellipse.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coefficient = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry, cy1 = -coefficient * ry * x1 / rx
        let center = Point(cx1 + (p1.x + p2.x) / 2, cy1 + (p1.y + p2.y) / 2)
        let start = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        let end = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
        var delta = end - start
        // Sweep flag 1 runs towards increasing angles: clockwise on screen, a positive sweep.
        if sweep && delta < 0 { delta += 2 * Double.pi }
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        return .arc(Arc(center: center, radiusX: rx, radiusY: ry, startAngle: start, sweep: delta))
    }

    /// The same conversion with the ellipse's axes turned by `phi` (radians), then the arc as
    /// cubic curves: each piece of at most a quarter turn, control points at 4/3·tan(piece/4) along
    /// the tangents (off the true ellipse by under 0.03% of its radius).
    private static func rotated(
        from p1: Point, to p2: Point, rx: Double, ry: Double, phi: Double,
        largeArc: Bool, sweep: Bool
    ) -> Result {
        var rx = rx, ry = ry
        let (sinPhi, cosPhi) = (sin(phi), cos(phi))
        let dx = (p1.x - p2.x) / 2, dy = (p1.y - p2.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coefficient = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry, cy1 = -coefficient * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p1.x + p2.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p1.y + p2.y) / 2
        let start = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start
        if sweep && delta < 0 { delta += 2 * Double.pi }
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        // A point of the unit circle onto the turned ellipse.
        func place(_ u: Double, _ v: Double) -> Point {
            Point(cx + cosPhi * rx * u - sinPhi * ry * v, cy + sinPhi * rx * u + cosPhi * ry * v)
        }
        let pieces = max(1, Int((abs(delta) / (Double.pi / 2)).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var curves: [(c1: Point, c2: Point, to: Point)] = []
        for i in 0..<pieces {
            let a = start + Double(i) * step, b = a + step
            let (sa, ca, sb, cb) = (sin(a), cos(a), sin(b), cos(b))
            // The last piece ends exactly where the path data said.
            let end = i == pieces - 1 ? p2 : place(cb, sb)
            curves.append((place(ca - k * sa, sa + k * ca), place(cb + k * sb, sb - k * cb), end))
        }
        return .cubics(curves)
    }
}
