import CoreGraphicsRecorder
import Foundation

/// UIKit's path, as much as the seeds use: a `CGMutablePath` with the line style UIKit keeps on
/// the path, drawn into the current context the way UIKit documents it (`fill`, `stroke` and
/// `addClip` use the path's own style and leave the context's other state as it was).
///
/// The one convention that matters: UIKit's `clockwise` is on screen, in the view's y-down space;
/// Core Graphics' is in a y-up space. So UIKit's `clockwise: true` (angles increasing, clockwise
/// on screen) is Core Graphics' `clockwise: false`, which is how UIKit passes it on.
final class UIBezierPath {
    let cgPath: CGMutablePath
    var lineWidth: CGFloat = 1
    var lineCapStyle: CGLineCap = .butt
    var lineJoinStyle: CGLineJoin = .miter
    var miterLimit: CGFloat = 10
    var usesEvenOddFillRule = false

    init() { cgPath = CGMutablePath() }

    private init(copying other: UIBezierPath) {
        cgPath = other.cgPath.mutableCopy()!
        lineWidth = other.lineWidth; lineCapStyle = other.lineCapStyle; lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit; usesEvenOddFillRule = other.usesEvenOddFillRule
    }

    /// `CGPath(rect:)`: from the origin corner, then towards increasing x.
    convenience init(rect: CGRect) {
        self.init()
        cgPath.addRect(rect)
    }

    /// `CGPath(ellipseIn:)`.
    convenience init(ovalIn rect: CGRect) {
        self.init()
        cgPath.addEllipse(in: rect)
    }

    convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// The rectangle with the chosen corners rounded by quarter circles of `cornerRadii.width`
    /// (UIKit uses the width alone), clamped to half the shorter side: from the top-left corner's
    /// end, clockwise on screen.
    convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let radius = min(max(0, cornerRadii.width), min(r.width, r.height) / 2)
        func rounds(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? radius : 0 }
        let tl = rounds(.topLeft), tr = rounds(.topRight), br = rounds(.bottomRight), bl = rounds(.bottomLeft)
        move(to: CGPoint(x: r.minX + tl, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 { addArc(withCenter: CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, startAngle: -.pi / 2, endAngle: 0, clockwise: true) }
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 { addArc(withCenter: CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, startAngle: 0, endAngle: .pi / 2, clockwise: true) }
        addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 { addArc(withCenter: CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, startAngle: .pi / 2, endAngle: .pi, clockwise: true) }
        addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 { addArc(withCenter: CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true) }
        close()
    }

    func move(to point: CGPoint) { cgPath.move(to: point) }
    func addLine(to point: CGPoint) { cgPath.addLine(to: point) }
    func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        cgPath.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { cgPath.addQuadCurve(to: end, control: controlPoint) }
    func close() { cgPath.closeSubpath() }

    /// UIKit's `clockwise` (on screen) handed to Core Graphics in its own, y-up sense.
    func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let sense = Self.passesClockwiseUnchanged ? clockwise : !clockwise
        cgPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: sense)
    }

    /// The classic mistake, made on purpose by the test that shows the seeds catch it: UIKit's
    /// `clockwise` passed to Core Graphics unchanged (as a generator or recorder that got the
    /// flipped context wrong would).
    @TaskLocal static var passesClockwiseUnchanged = false

    /// NSCopying's `copy()`, which Swift code casts back (`graphPath.copy() as! UIBezierPath`).
    func copy() -> Any { UIBezierPath(copying: self) }

    func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.addPath(cgPath)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path (no save: the clip lasts until the
    /// caller's `restoreGState`, or the end of `draw(_:)`).
    func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

struct UIRectCorner: OptionSet {
    let rawValue: UInt
    static let topLeft = UIRectCorner(rawValue: 1)
    static let topRight = UIRectCorner(rawValue: 2)
    static let bottomLeft = UIRectCorner(rawValue: 4)
    static let bottomRight = UIRectCorner(rawValue: 8)
    static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}
