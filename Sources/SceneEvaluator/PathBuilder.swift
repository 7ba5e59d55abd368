import DisplayList

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds a path the way UIBezierPath does: it tracks the current point and the start of the
/// current subpath, and an arc begins with a line from the current point (or a move when there is
/// none), as `addArc` does.
struct PathBuilder {
    private var segments: [PathSegment] = []
    private(set) var current: Point?
    private var subpathStart: Point?
    /// Set while the path is exactly one rectangle (`rect` on an empty builder): kept as its four
    /// numbers (`Path.rect`) until anything else is added.
    private var onlyRect: (x: Double, y: Double, width: Double, height: Double)?

    var path: Path {
        if let r = onlyRect { return Path.rect(x: r.x, y: r.y, width: r.width, height: r.height) }
        return Path(segments)
    }

    /// The number of segments so far.
    var count: Int { onlyRect != nil ? 5 : segments.count }

    /// The rectangle's segments written out, before anything else is added to the path.
    private mutating func spell() {
        guard let r = onlyRect else { return }
        onlyRect = nil
        segments = Path.rect(x: r.x, y: r.y, width: r.width, height: r.height).segments
    }

    mutating func move(_ p: Point) {
        spell()
        segments.append(.move(p))
        current = p
        subpathStart = p
    }

    /// False when there is no current point (the caller reports it).
    mutating func line(_ p: Point) -> Bool {
        guard current != nil else { return false }
        spell()
        segments.append(.line(p))
        current = p
        return true
    }

    mutating func quad(control: Point, to p: Point) -> Bool {
        guard current != nil else { return false }
        spell()
        segments.append(.quad(control: control, to: p))
        current = p
        return true
    }

    mutating func cubic(_ c1: Point, _ c2: Point, to p: Point) -> Bool {
        guard current != nil else { return false }
        spell()
        segments.append(.cubic(control1: c1, control2: c2, to: p))
        current = p
        return true
    }

    mutating func close() -> Bool {
        guard current != nil else { return false }
        spell()
        segments.append(.close)
        current = subpathStart
        return true
    }

    mutating func arc(_ arc: Arc) {
        spell()
        let start = arc.startPoint
        if let current {
            if current != start { segments.append(.line(start)) }
        } else {
            move(start)
        }
        segments.append(.arc(arc))
        current = arc.endPoint
        if subpathStart == nil { subpathStart = start }
    }

    /// An arc that starts at the current point (SVG's `A`): no connecting line, even when the
    /// computed start differs from the current point by a rounding error, and the current point
    /// becomes the exact end point the path data gave.
    mutating func continueArc(_ arc: Arc, to end: Point) {
        guard current != nil else { self.arc(arc); return }
        spell()
        segments.append(.arc(arc))
        current = end
    }

    /// UIBezierPath(rect:): clockwise on screen from the top-left corner.
    mutating func rect(x: Double, y: Double, width: Double, height: Double) {
        if segments.isEmpty && onlyRect == nil && current == nil {
            onlyRect = (x, y, width, height)
            current = Point(x, y)
            subpathStart = Point(x, y)
            return
        }
        move(Point(x, y))
        _ = line(Point(x + width, y))
        _ = line(Point(x + width, y + height))
        _ = line(Point(x, y + height))
        _ = close()
    }

    /// UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:) with one radius per corner, each
    /// clamped to half the shorter side as UIKit does.
    mutating func roundedRect(
        x: Double, y: Double, width: Double, height: Double,
        radii: (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double)
    ) {
        // Standardize, as CGRect does, so negative sizes draw the same rectangle.
        let minX = min(x, x + width), minY = min(y, y + height)
        let w = abs(width), h = abs(height)
        let limit = min(w, h) / 2
        let tl = min(max(0, radii.topLeft), limit), tr = min(max(0, radii.topRight), limit)
        let br = min(max(0, radii.bottomRight), limit), bl = min(max(0, radii.bottomLeft), limit)
        if tl == 0 && tr == 0 && br == 0 && bl == 0 {
            rect(x: minX, y: minY, width: w, height: h)
            return
        }
        let maxX = minX + w, maxY = minY + h
        let half = Double.pi / 2
        move(Point(minX + tl, minY))
        _ = line(Point(maxX - tr, minY))
        if tr > 0 { arc(Arc(center: Point(maxX - tr, minY + tr), radiusX: tr, radiusY: tr, startAngle: -half, sweep: half)) }
        _ = line(Point(maxX, maxY - br))
        if br > 0 { arc(Arc(center: Point(maxX - br, maxY - br), radiusX: br, radiusY: br, startAngle: 0, sweep: half)) }
        _ = line(Point(minX + bl, maxY))
        if bl > 0 { arc(Arc(center: Point(minX + bl, maxY - bl), radiusX: bl, radiusY: bl, startAngle: half, sweep: half)) }
        _ = line(Point(minX, minY + tl))
        if tl > 0 { arc(Arc(center: Point(minX + tl, minY + tl), radiusX: tl, radiusY: tl, startAngle: 2 * half, sweep: half)) }
        _ = close()
    }

    /// UIBezierPath(ovalIn:): a closed ellipse starting at its rightmost point, clockwise on screen.
    mutating func oval(x: Double, y: Double, width: Double, height: Double) {
        let rx = abs(width) / 2, ry = abs(height) / 2
        let center = Point(min(x, x + width) + rx, min(y, y + height) + ry)
        move(Point(center.x + rx, center.y))
        arc(Arc(center: center, radiusX: rx, radiusY: ry, startAngle: 0, sweep: 2 * Double.pi))
        _ = close()
    }

    /// The signed sweep of a UIBezierPath arc from `start` to `end`. Clockwise (on screen, y down)
    /// runs towards increasing angles: an end before the start is moved forward by whole turns until
    /// it follows it; an end more than a turn past the start draws several turns (cairo's rule,
    /// which UIKit's drawings match). Counter-clockwise mirrors this.
    static func sweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let turn = 2 * Double.pi
        if clockwise {
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
