#if canImport(CoreGraphics)
    import CoreGraphics
#else
    import CoreGraphicsRecorder
#endif
#if canImport(CoreText)
    import CoreText
#endif
import Foundation
import SwiftExportRuntime

// MARK: embedded from here (the generator copies what follows, without the imports above)

extension SceneRuntime {
    /// One line of text whose baseline starts (`start`), is centered (`middle`) or ends (`end`)
    /// at (x, y), in the family, size and CSS weight given: with Core Text on Apple platforms; in
    /// scenec's tests, as the recorder's text run.
    public static func drawText(
        _ string: String, x: Double, y: Double, anchor: String, family: String, size: Double, weight: Int,
        color: Color, opacity: Double, shadow: Shadow?, in context: CGContext?
    ) {
        guard let context, !string.isEmpty else { return }
        operation(opacity: opacity, blend: .normal, shadow: shadow, in: context) {
            #if canImport(CoreText)
                let line = SceneText.line(string, family: family, size: size, weight: weight)
                let width = Double(CTLineGetTypographicBounds(line, nil, nil, nil))
                let start = anchor == "middle" ? x - width / 2 : anchor == "end" ? x - width : x
                context.setFillColor(cgColor(color))
                // The context is y-down; Core Text draws y-up: flip the text matrix.
                context.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
                context.textPosition = CGPoint(x: start, y: y)
                CTLineDraw(line, context)
            #else
                context.recordText(
                    string, at: CGPoint(x: x, y: y), anchor: anchor, fontFamily: family, fontSize: CGFloat(size),
                    fontWeight: weight, color: cgColor(color))
            #endif
        }
    }
}
