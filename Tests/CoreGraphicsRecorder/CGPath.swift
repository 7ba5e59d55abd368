import DisplayList
import Foundation

/// A path as Core Graphics builds one, kept as the display list's segments: a current point, the
/// start of the current subpath, and `addArc` joining the arc to the current point with a line (or
/// starting it with a move) as Core Graphics documents.
public class CGPath: @unchecked Sendable {
    var segments: [PathSegment] = []
    var current: Point?
    var subpathStart: Point?

    init() {}

    init(copying other: CGPath) {
        segments = other.segments; current = other.current; subpathStart = other.subpathStart
    }

    public var isEmpty: Bool { segments.isEmpty }

    public var currentPoint: CGPoint { current.map { CGPoint(x: $0.x, y: $0.y) } ?? .zero }

    public func copy() -> CGPath? { CGPath(copying: self) }

    public func mutableCopy() -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.segments = segments; copy.current = current; copy.subpathStart = subpathStart
        return copy
    }

    /// A path made of one rectangle, as `CGPath(rect:transform:)`.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init()
        precondition(transform == nil, "the recorder takes rectangles without a transform")
        appendRect(rect)
    }

    func appendRect(_ rect: CGRect) {
        // Core Graphics adds a rectangle as it is given (not standardized): move, three lines, close.
        let x = rect.origin.x, y = rect.origin.y, w = rect.size.width, h = rect.size.height
        appendMove(Point(x, y))
        appendLine(Point(x + w, y))
        appendLine(Point(x + w, y + h))
        appendLine(Point(x, y + h))
        appendClose()
    }

    func appendMove(_ p: Point) {
        segments.append(.move(p)); current = p; subpathStart = p
    }

    /// Core Graphics ignores a line or curve without a current point (it logs "no current point").
    func appendLine(_ p: Point) {
        guard current != nil else { return }
        segments.append(.line(p)); current = p
    }

    func appendClose() {
        guard current != nil else { return }
        segments.append(.close); current = subpathStart
    }

    static func same(_ a: Point, _ b: Point) -> Bool {
        func close(_ u: Double, _ v: Double) -> Bool { u == v || abs(u - v) <= 1e-9 * max(1, abs(u), abs(v)) }
        return close(a.x, b.x) && close(a.y, b.y)
    }

    func appendArc(_ arc: Arc) {
        let start = arc.startPoint
        if let current {
            // Core Graphics joins the arc with a line from the current point; one a rounding error
            // away (an SVG arc's computed start) is the same point.
            if !Self.same(current, start) { segments.append(.line(start)) }
        } else {
            appendMove(start)
        }
        segments.append(.arc(arc))
        current = arc.endPoint
        if subpathStart == nil { subpathStart = start }
    }
}

/// The path generated code builds, with Core Graphics' method names and argument labels.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public override init() { super.init() }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        appendMove(Point(p.x, p.y))
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        appendLine(Point(p.x, p.y))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let e = end.applying(transform), c = control.applying(transform)
        guard current != nil else { return }
        segments.append(.quad(control: Point(c.x, c.y), to: Point(e.x, e.y)))
        current = Point(e.x, e.y)
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        let e = end.applying(transform), c1 = control1.applying(transform), c2 = control2.applying(transform)
        guard current != nil else { return }
        segments.append(.cubic(control1: Point(c1.x, c1.y), control2: Point(c2.x, c2.y), to: Point(e.x, e.y)))
        current = Point(e.x, e.y)
    }

    public func closeSubpath() { appendClose() }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        precondition(transform.isIdentity, "the recorder takes rectangles without a transform")
        appendRect(rect)
    }

    /// Core Graphics' arc: angles in radians from the +x axis towards +y. `clockwise` is in Core
    /// Graphics' own y-up sense, so in the y-down space scenes draw in, `clockwise: false` runs
    /// towards increasing angles, clockwise on screen. The transform may scale the unit circle into
    /// an ellipse (no rotation or shear): the recorder takes `radius` times the scale as the radii.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        precondition(transform.b == 0 && transform.c == 0, "the recorder takes arcs scaled and moved, not turned")
        let c = center.applying(transform)
        let sweep = Self.sweep(from: startAngle, to: endAngle, increasing: !clockwise)
        appendArc(
            Arc(
                center: Point(c.x, c.y), radiusX: radius * abs(transform.a), radiusY: radius * abs(transform.d),
                startAngle: startAngle, sweep: sweep))
    }

    /// The ellipse inscribed in `rect`: a move to its rightmost point, a full turn towards
    /// increasing angles, a close (what `UIBezierPath(ovalIn:)` draws on screen).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        precondition(transform.isIdentity, "the recorder takes ellipses without a transform")
        let r = rect.standardized
        let rx = r.size.width / 2, ry = r.size.height / 2
        let center = Point(r.origin.x + rx, r.origin.y + ry)
        appendMove(Point(center.x + rx, center.y))
        appendArc(Arc(center: center, radiusX: rx, radiusY: ry, startAngle: 0, sweep: 2 * Double.pi))
        appendClose()
    }

    /// Core Graphics' sweep from `start` to `end`: towards increasing angles an end before the
    /// start moves forward by whole turns; more than a turn past it draws several turns.
    static func sweep(from start: Double, to end: Double, increasing: Bool) -> Double {
        let turn = 2 * Double.pi
        if increasing {
            if end >= start { return end - start }
            var d = fmod(end - start, turn)
            if d < 0 { d += turn }
            return d
        } else {
            if end <= start { return end - start }
            var d = fmod(end - start, turn)
            if d > 0 { d -= turn }
            return d
        }
    }
}
