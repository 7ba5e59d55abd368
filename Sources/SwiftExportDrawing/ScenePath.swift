#if canImport(CoreGraphics)
    import CoreGraphics
#else
    import CoreGraphicsRecorder
#endif
import Foundation
import SwiftExportRuntime

// MARK: embedded from here (the generator copies what follows, without the imports above)

/// A path built as the evaluator's PathBuilder builds it (Grammar.md §10), on a CGMutablePath:
/// rectangles clockwise from the top-left corner, rounded corners as quarter arcs, ovals as one
/// full arc from the rightmost point, and arcs with UIKit's sweep rules (in Core Graphics' y-up
/// sense of `clockwise`, which is UIKit's reversed).
public final class ScenePath {
    public let path = CGMutablePath()
    private var current: CGPoint?
    private var subpathStart: CGPoint?
    public private(set) var isEmpty = true
    /// The segments the evaluator's PathBuilder would hold (its `count`), which the display list's
    /// size limit counts.
    public private(set) var segmentCount = 0

    public init() {}

    func setCurrent(_ x: Double, _ y: Double) { current = CGPoint(x: x, y: y); isEmpty = false }

    public func move(_ x: Double, _ y: Double) {
        path.move(to: CGPoint(x: x, y: y))
        current = CGPoint(x: x, y: y); subpathStart = current; isEmpty = false
        segmentCount += 1
    }

    func needsCurrentPoint(_ element: String, at site: String) throws {
        guard current != nil else {
            throw SceneDrawError(
                code: "E0511", message: "<\(element)> needs a current point, but the path has none yet", location: site,
                help: "start the path with <move x=\"…\" y=\"…\"/>")
        }
    }

    public func line(_ x: Double, _ y: Double, at site: String) throws {
        try needsCurrentPoint("line", at: site)
        path.addLine(to: CGPoint(x: x, y: y)); current = CGPoint(x: x, y: y)
        segmentCount += 1
    }

    public func quad(_ x: Double, _ y: Double, cx: Double, cy: Double, at site: String) throws {
        try needsCurrentPoint("quad", at: site)
        path.addQuadCurve(to: CGPoint(x: x, y: y), control: CGPoint(x: cx, y: cy)); current = CGPoint(x: x, y: y)
        segmentCount += 1
    }

    public func curve(_ x: Double, _ y: Double, cx1: Double, cy1: Double, cx2: Double, cy2: Double, at site: String) throws {
        try needsCurrentPoint("curve", at: site)
        path.addCurve(to: CGPoint(x: x, y: y), control1: CGPoint(x: cx1, y: cy1), control2: CGPoint(x: cx2, y: cy2))
        current = CGPoint(x: x, y: y)
        segmentCount += 1
    }

    public func close(at site: String) throws {
        try needsCurrentPoint("close", at: site)
        path.closeSubpath(); current = subpathStart
        segmentCount += 1
    }

    /// `<rect>`: standardized; each corner radius clamped to half the shorter side.
    public func rect(x: Double, y: Double, width: Double, height: Double, radii: (Double, Double, Double, Double), at site: String) throws {
        for r in [radii.0, radii.1, radii.2, radii.3] where r < 0 {
            throw SceneDrawError(code: "E0507", message: "a corner radius cannot be negative (\(r))", location: site)
        }
        let minX = Swift.min(x, x + width), minY = Swift.min(y, y + height), w = Swift.abs(width), h = Swift.abs(height)
        let limit = Swift.min(w, h) / 2
        let tl = Swift.min(radii.0, limit), tr = Swift.min(radii.1, limit), br = Swift.min(radii.2, limit), bl = Swift.min(radii.3, limit)
        if tl == 0 && tr == 0 && br == 0 && bl == 0 {
            path.addRect(CGRect(x: minX, y: minY, width: w, height: h))
            current = CGPoint(x: minX, y: minY); subpathStart = current; isEmpty = false
            segmentCount += 5
            return
        }
        let maxX = minX + w, maxY = minY + h, half = Double.pi / 2
        move(minX + tl, minY)
        side(maxX - tr, minY)
        if tr > 0 { quarter(maxX - tr, minY + tr, tr, from: -half) }
        side(maxX, maxY - br)
        if br > 0 { quarter(maxX - br, maxY - br, br, from: 0) }
        side(minX + bl, maxY)
        if bl > 0 { quarter(minX + bl, maxY - bl, bl, from: half) }
        side(minX, minY + tl)
        if tl > 0 { quarter(minX + tl, minY + tl, tl, from: 2 * half) }
        path.closeSubpath()
        current = subpathStart
        segmentCount += 1
    }

    /// A side of a rounded rectangle.
    private func side(_ x: Double, _ y: Double) {
        path.addLine(to: CGPoint(x: x, y: y)); current = CGPoint(x: x, y: y)
        segmentCount += 1
    }

    /// A rounded corner, joined by a line where its start is not exactly the current point (a
    /// rounding error away, as the evaluator's PathBuilder joins it).
    private func quarter(_ cx: Double, _ cy: Double, _ r: Double, from start: Double) {
        let (s0, c0) = SceneRuntime.exactSinCos(start), (s1, c1) = SceneRuntime.exactSinCos(start + Double.pi / 2)
        let begin = CGPoint(x: cx + r * c0, y: cy + r * s0)
        if current != begin { side(begin.x, begin.y) }
        path.addArc(
            center: CGPoint(x: cx, y: cy), radius: CGFloat(r), startAngle: CGFloat(start), endAngle: CGFloat(start + Double.pi / 2),
            clockwise: false)
        current = CGPoint(x: cx + r * c1, y: cy + r * s1)
        segmentCount += 1
    }

    /// `<oval>` and `<circle>`: the ellipse in the standardized rectangle.
    public func oval(x: Double, y: Double, width: Double, height: Double) {
        let rect = CGRect(x: x, y: y, width: width, height: height).standardized
        path.addEllipse(in: rect)
        current = CGPoint(x: rect.maxX, y: rect.midY); subpathStart = current; isEmpty = false
        segmentCount += 3 // a move, a full arc, a close
    }

    public func circle(cx: Double, cy: Double, radius: Double, at site: String) throws {
        guard radius >= 0 else { throw SceneDrawError(code: "E0507", message: "radius cannot be negative (\(radius))", location: site) }
        oval(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius)
    }

    /// `<arc>`: UIKit's `clockwise` (on screen); at most 64 turns.
    public func arc(cx: Double, cy: Double, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool, at site: String) throws {
        guard radius >= 0 else { throw SceneDrawError(code: "E0507", message: "radius cannot be negative (\(radius))", location: site) }
        let sweep = Self.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        guard Swift.abs(sweep) <= 64 * 2 * Double.pi else {
            throw SceneDrawError(
                code: "E0613", message: "this arc sweeps more than 64 turns; the limit is 64", location: site,
                help: "angles are in radians: convert degrees with radians(…)")
        }
        // Core Graphics' clockwise is y-up: towards increasing angles (clockwise on screen) is false.
        path.addArc(
            center: CGPoint(x: cx, y: cy), radius: CGFloat(radius), startAngle: CGFloat(startAngle),
            endAngle: CGFloat(startAngle + sweep), clockwise: sweep < 0)
        let (s, c) = SceneRuntime.exactSinCos(startAngle + sweep)
        let (s0, c0) = SceneRuntime.exactSinCos(startAngle)
        let start = CGPoint(x: cx + radius * c0, y: cy + radius * s0)
        // The arc, after a move to its start or a line from the current point when it is elsewhere.
        segmentCount += current == start ? 1 : 2
        if subpathStart == nil { subpathStart = start }
        current = CGPoint(x: cx + radius * c, y: cy + radius * s); isEmpty = false
    }

    /// UIKit's (and cairo's) sweep from `start` to `end` (PathBuilder.sweep).
    public static func sweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
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

extension ScenePath {
    /// An arc of `<path d=…>` (SVG's `A`, already in centre form): it starts at the current point,
    /// with no connecting line even where rounding puts its computed start a hair away, and the
    /// current point becomes the exact end the path data gave.
    public func continueArc(cx: Double, cy: Double, rx: Double, ry: Double, startAngle: Double, sweep: Double, toX: Double, toY: Double) {
        path.addArc(
            center: .zero, radius: 1, startAngle: CGFloat(startAngle), endAngle: CGFloat(startAngle + sweep), clockwise: sweep < 0,
            transform: CGAffineTransform(a: CGFloat(rx), b: 0, c: 0, d: CGFloat(ry), tx: CGFloat(cx), ty: CGFloat(cy)))
        segmentCount += isEmpty ? 2 : 1
        setCurrent(toX, toY)
    }
}

extension ScenePath {
    /// What `centerArc` makes of an SVG arc: DisplayList's `SVGArc.Result` in plain numbers.
    public enum SVGArcResult: Equatable {
        case nothing
        case line
        case arc(cx: Double, cy: Double, rx: Double, ry: Double, startAngle: Double, sweep: Double)
        case cubics([[Double]]) // each: c1x, c1y, c2x, c2y, x, y
    }

    /// An arc of `<path d=…>` whose numbers are known only when the scene is drawn (interpolated):
    /// converted here as the generator converts a constant one, and checked as the evaluator checks it.
    public func svgArc(
        fromX: Double, fromY: Double, rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool,
        toX: Double, toY: Double, at site: String
    ) throws {
        func within(_ values: Double...) throws {
            for v in values { _ = try SceneRuntime.coordinate(.number(v), "'d'", at: site) }
        }
        switch Self.centerArc(
            fromX: fromX, fromY: fromY, toX: toX, toY: toY, rx: rx, ry: ry, rotationDegrees: rotation,
            largeArc: largeArc, sweep: sweep)
        {
        case .nothing:
            break
        case .line:
            try line(toX, toY, at: site)
        case .arc(let cx, let cy, let arx, let ary, let start, let delta):
            try within(cx, cy, arx, ary)
            continueArc(cx: cx, cy: cy, rx: arx, ry: ary, startAngle: start, sweep: delta, toX: toX, toY: toY)
        case .cubics(let curves):
            for c in curves {
                try within(c[0], c[1], c[2], c[3])
                try curve(c[4], c[5], cx1: c[0], cy1: c[1], cx2: c[2], cy2: c[3], at: site)
            }
        }
    }

    /// DisplayList's `SVGArc.centerArc` line for line (SVG 2, "Conversion from endpoint to center
    /// parameterization"), for a runtime that cannot import it; SwiftExportRuntimeTests compares the two.
    public static func centerArc(
        fromX: Double, fromY: Double, toX: Double, toY: Double, rx rxIn: Double, ry ryIn: Double,
        rotationDegrees: Double, largeArc: Bool, sweep: Bool
    ) -> SVGArcResult {
        if fromX == toX && fromY == toY { return .nothing }
        var rx = abs(rxIn), ry = abs(ryIn)
        if rx == 0 || ry == 0 { return .line }
        var phi = 0.0
        if rx != ry {
            let quarter = rotationDegrees / 90
            if quarter != quarter.rounded() {
                phi = rotationDegrees * Double.pi / 180
            } else if Int(quarter.truncatingRemainder(dividingBy: 2)) != 0 {
                swap(&rx, &ry)
            }
        }
        let (sinPhi, cosPhi) = phi == 0 ? (0.0, 1.0) : (sin(phi), cos(phi))
        let dx = (fromX - toX) / 2, dy = (fromY - toY) / 2
        let x1 = phi == 0 ? dx : cosPhi * dx + sinPhi * dy, y1 = phi == 0 ? dy : -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coefficient = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry, cy1 = -coefficient * ry * x1 / rx
        let start = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start
        if sweep && delta < 0 { delta += 2 * Double.pi }
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        if phi == 0 {
            return .arc(cx: cx1 + (fromX + toX) / 2, cy: cy1 + (fromY + toY) / 2, rx: rx, ry: ry, startAngle: start, sweep: delta)
        }
        let cx = cosPhi * cx1 - sinPhi * cy1 + (fromX + toX) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (fromY + toY) / 2
        func place(_ u: Double, _ v: Double) -> (Double, Double) {
            (cx + cosPhi * rx * u - sinPhi * ry * v, cy + sinPhi * rx * u + cosPhi * ry * v)
        }
        let pieces = max(1, Int((abs(delta) / (Double.pi / 2)).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var curves: [[Double]] = []
        for i in 0..<pieces {
            let a = start + Double(i) * step, b = a + step
            let (sa, ca, sb, cb) = (sin(a), cos(a), sin(b), cos(b))
            let end = i == pieces - 1 ? (toX, toY) : place(cb, sb)
            let c1 = place(ca - k * sa, sa + k * ca), c2 = place(cb + k * sb, sb - k * cb)
            curves.append([c1.0, c1.1, c2.0, c2.1, end.0, end.1])
        }
        return .cubics(curves)
    }
}
