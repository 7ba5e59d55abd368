import Foundation

/// A view as far as the seeds' views use one: a frame (at the window's origin: no superview), its
/// bounds, its center, `setNeedsDisplay` (which the test's single drawing needs not) and `draw(_:)`,
/// which the test calls with a recorder made current (`UIGraphicsCurrentContext.with`).
class UIView {
    var frame: CGRect
    var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    /// The frame's center in the superview's coordinates.
    var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
    /// None: the view is drawn alone, its frame in window coordinates.
    var superview: UIView? { nil }

    init(frame: CGRect) { self.frame = frame }

    func draw(_ rect: CGRect) {}

    func setNeedsDisplay() {}

    /// A point from the window's coordinates (`view` nil: the test's views have no superview) to
    /// this view's (no transforms).
    func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        precondition(view == nil, "the test's views are drawn alone, without a superview")
        return CGPoint(x: point.x - frame.origin.x, y: point.y - frame.origin.y)
    }
}

/// PushButtonView's superclass; it draws nothing of its own.
class UIButton: UIView {}
