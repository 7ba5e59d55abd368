import CoreGraphicsRecorder
import Foundation

/// UIKit's color, as much as the seeds use: components in sRGB (a `white` gray is its three equal
/// components), and `set`, `setFill`, `setStroke` on the current context.
final class UIColor: Sendable {
    let cgColor: CGColor

    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    init(white: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(srgbRed: white, green: white, blue: white, alpha: alpha)
    }

    // UIKit's named colors, with UIKit's components.
    static var white: UIColor { UIColor(white: 1, alpha: 1) }
    static var black: UIColor { UIColor(white: 0, alpha: 1) }
    static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }

    func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Both the fill and the stroke color (FaceView's `color.set()`).
    func set() { setFill(); setStroke() }
}
