import DisplayList
import SceneSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Path commands without arcs (SVG's endpoint arcs become cubic Béziers, at most a quarter turn
/// each), transformed by a matrix: what a clip `<shape>` holds, and what bounding boxes are
/// measured on.
enum PathGeometry {
    enum Segment {
        case move(Point)
        case line(Point)
        case cubic(Point, Point, Point)
        case quad(Point, Point)
        case close
    }

    static func segments(_ commands: [PathDataCommand.Operation], transform t: AffineTransform = .identity) -> [Segment] {
        var out: [Segment] = []
        for command in commands {
            switch command {
            case .move(let x, let y): out.append(.move(t.apply(Point(x, y))))
            case .line(let x, let y): out.append(.line(t.apply(Point(x, y))))
            case .cubic(let x1, let y1, let x2, let y2, let x, let y):
                out.append(.cubic(t.apply(Point(x1, y1)), t.apply(Point(x2, y2)), t.apply(Point(x, y))))
            case .quad(let x1, let y1, let x, let y): out.append(.quad(t.apply(Point(x1, y1)), t.apply(Point(x, y))))
            case .close: out.append(.close)
            case .arc(let fx, let fy, let rx, let ry, let rotation, let large, let sweep, let x, let y):
                for c in arcCubics(from: Point(fx, fy), rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep, to: Point(x, y)) {
                    switch c {
                    case .line(let p): out.append(.line(t.apply(p)))
                    case .cubic(let a, let b, let p): out.append(.cubic(t.apply(a), t.apply(b), t.apply(p)))
                    default: break
                    }
                }
            }
        }
        return out
    }

    /// SVG's arc implementation notes (F.6.5, F.6.6): endpoint to center form, radii scaled up when
    /// too small, then one cubic per quarter turn or less.
    static func arcCubics(from p1: Point, rx rx0: Double, ry ry0: Double, degrees: Double, large: Bool, sweep: Bool, to p2: Point) -> [Segment] {
        if p1 == p2 { return [] }
        var rx = abs(rx0), ry = abs(ry0)
        if rx == 0 || ry == 0 { return [.line(p2)] }
        let phi = degrees * Double.pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p1.x - p2.x) / 2, dy = (p1.y - p2.y) / 2
        let x1p = cosPhi * dx + sinPhi * dy, y1p = -sinPhi * dx + cosPhi * dy
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var factor = denominator == 0 ? 0 : (max(0, numerator) / denominator).squareRoot()
        if large == sweep { factor = -factor }
        let cxp = factor * rx * y1p / ry, cyp = -factor * ry * x1p / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (p1.x + p2.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p1.y + p2.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
        var delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        if sweep && delta < 0 { delta += 2 * Double.pi }
        // Coordinates near the largest doubles overflow on the way: a line, never a trap.
        guard delta.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite, theta1.isFinite else { return [.line(p2)] }
        let count = min(4, max(1, Int((abs(delta) / (Double.pi / 2)).rounded(.up))))
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        func point(_ theta: Double) -> Point {
            Point(cx + rx * cos(theta) * cosPhi - ry * sin(theta) * sinPhi, cy + rx * cos(theta) * sinPhi + ry * sin(theta) * cosPhi)
        }
        func derivative(_ theta: Double) -> Point {
            Point(-rx * sin(theta) * cosPhi - ry * cos(theta) * sinPhi, -rx * sin(theta) * sinPhi + ry * cos(theta) * cosPhi)
        }
        var out: [Segment] = []
        var theta = theta1
        for i in 0..<count {
            let next = theta + step
            let a = point(theta), b = i == count - 1 ? p2 : point(next)
            let da = derivative(theta), db = derivative(next)
            out.append(.cubic(Point(a.x + k * da.x, a.y + k * da.y), Point(b.x - k * db.x, b.y - k * db.y), b))
            theta = next
        }
        return out
    }

    /// The tight bounding box of the geometry (curve extrema included), nil when empty.
    static func bounds(_ segments: [Segment]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var box: (Double, Double, Double, Double)?
        func add(_ p: Point) {
            guard let b = box else { box = (p.x, p.y, p.x, p.y); return }
            box = (min(b.0, p.x), min(b.1, p.y), max(b.2, p.x), max(b.3, p.y))
        }
        var current = Point(0, 0), start = Point(0, 0)
        for segment in segments {
            switch segment {
            case .move(let p): current = p; start = p; add(p)
            case .line(let p): add(current); add(p); current = p
            case .close: current = start
            case .quad(let c, let p):
                let c1 = Point(current.x + 2.0 / 3.0 * (c.x - current.x), current.y + 2.0 / 3.0 * (c.y - current.y))
                let c2 = Point(p.x + 2.0 / 3.0 * (c.x - p.x), p.y + 2.0 / 3.0 * (c.y - p.y))
                cubicExtrema(current, c1, c2, p).forEach(add)
                current = p
            case .cubic(let c1, let c2, let p):
                cubicExtrema(current, c1, c2, p).forEach(add)
                current = p
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    /// The ends of a cubic and its points where x or y turns.
    static func cubicExtrema(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Point] {
        var points = [p0, p3]
        func roots(_ a0: Double, _ a1: Double, _ a2: Double, _ a3: Double) -> [Double] {
            // derivative / 3: a t² + b t + c
            let a = -a0 + 3 * a1 - 3 * a2 + a3, b = 2 * (a0 - 2 * a1 + a2), c = a1 - a0
            if abs(a) < 1e-12 { return abs(b) < 1e-12 ? [] : [-c / b] }
            let disc = b * b - 4 * a * c
            if disc < 0 { return [] }
            let s = disc.squareRoot()
            return [(-b + s) / (2 * a), (-b - s) / (2 * a)]
        }
        for t in roots(p0.x, p1.x, p2.x, p3.x) + roots(p0.y, p1.y, p2.y, p3.y) where t > 0 && t < 1 {
            let u = 1 - t
            let x = u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x
            let y = u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y
            points.append(Point(x, y))
        }
        return points
    }

    /// The path block elements of a clip `<shape>`.
    static func nodes(_ segments: [Segment]) -> [SceneNode] {
        segments.map { segment in
            switch segment {
            case .move(let p): return SceneNode("move", [("x", num(p.x)), ("y", num(p.y))])
            case .line(let p): return SceneNode("line", [("x", num(p.x)), ("y", num(p.y))])
            case .quad(let c, let p): return SceneNode("quad", [("cx", num(c.x)), ("cy", num(c.y)), ("x", num(p.x)), ("y", num(p.y))])
            case .cubic(let c1, let c2, let p):
                return SceneNode(
                    "curve", [("cx1", num(c1.x)), ("cy1", num(c1.y)), ("cx2", num(c2.x)), ("cy2", num(c2.y)), ("x", num(p.x)), ("y", num(p.y))])
            case .close: return SceneNode("close")
            }
        }
    }
}
