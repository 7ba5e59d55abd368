#if canImport(CoreGraphics)
import CoreGraphics
#else
import CoreGraphicsRecorder
#endif
import Foundation
import SwiftExportRuntime

// MARK: embedded from here (the generator copies what follows, without the imports above)

// How generated code draws: each operation the evaluator would put in the display list is drawn
// with Core Graphics the way that operation is defined (Sources/DisplayList): a gradient fills by
// clipping to the path, a gradient stroke clips to the stroke's outline, a shadowed operation is
// drawn in a transparency layer that casts the shadow, and every operation restores the state it
// changed. Tests/CoreGraphicsRecorder records these calls back into display-list operations.
extension SceneRuntime {
    public static func cgColor(_ c: Color) -> CGColor {
        CGColor(srgbRed: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
    }

    /// A stroke's geometry (the display list's StrokeStyle).
    public struct Stroke: Sendable {
        public var width: Double = 1
        public var cap: CGLineCap = .butt
        public var join: CGLineJoin = .miter
        public var miterLimit: Double = 10
        public var dash: [Double] = []
        public var dashPhase: Double = 0
        public init() {}
    }

    /// Core Graphics' setShadow: offset in canvas points, blur, color.
    public struct Shadow: Sendable {
        public var offsetX: Double, offsetY: Double, blur: Double, color: Color
        public init(offsetX: Double, offsetY: Double, blur: Double, color: Color) {
            self.offsetX = offsetX; self.offsetY = offsetY; self.blur = blur; self.color = color
        }
        /// Core Graphics' default shadow color: black at a third.
        public static let defaultColor = Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0)
    }

    /// A shape's fill, then its stroke: two operations on one path, each with its own shadow.
    public static func drawShape(_ path: CGPath, fill: Paint?, stroke: Paint?, style: Stroke, evenOdd: Bool, opacity: Double,
                                 blend: CGBlendMode, shadow: Shadow?, in context: CGContext?) {
        // nil: the checking pass, which computes everything and draws nothing (see `draw`).
        guard let context else { return }
        if let fill {
            operation(opacity: opacity, blend: blend, shadow: shadow, in: context) {
                context.addPath(path)
                switch fill {
                case .color(let c):
                    context.setFillColor(cgColor(c))
                    context.fillPath(using: evenOdd ? .evenOdd : .winding)
                default:
                    context.clip(using: evenOdd ? .evenOdd : .winding)
                    drawGradient(fill, in: context)
                }
            }
        }
        // A line width of 0 strokes nothing, as in scenec (SVG); Core Graphics would draw the
        // device's thinnest line (UIKit documents it), so such a stroke is not drawn at all.
        if let stroke, style.width > 0 {
            operation(opacity: opacity, blend: blend, shadow: shadow, in: context) {
                context.setLineWidth(CGFloat(style.width))
                context.setLineCap(style.cap)
                context.setLineJoin(style.join)
                context.setMiterLimit(CGFloat(style.miterLimit))
                context.setLineDash(phase: CGFloat(style.dashPhase), lengths: style.dash.map { CGFloat($0) })
                context.addPath(path)
                switch stroke {
                case .color(let c):
                    context.setStrokeColor(cgColor(c))
                    context.strokePath()
                default:
                    context.replacePathWithStrokedPath()
                    context.clip()
                    drawGradient(stroke, in: context)
                }
            }
        }
    }

    /// `<paint>`: the whole clip region.
    public static func drawPaint(_ paint: Paint, opacity: Double, blend: CGBlendMode, in context: CGContext?) {
        guard let context else { return }
        operation(opacity: opacity, blend: blend, shadow: nil, in: context) {
            switch paint {
            case .color(let c):
                context.setFillColor(cgColor(c))
                context.fill(context.boundingBoxOfClipPath)
            default:
                drawGradient(paint, in: context)
            }
        }
    }

    /// One operation in a state of its own: its alpha and blend mode, or, under a shadow, in a
    /// transparency layer that casts the shadow and composites with the blend mode.
    static func operation(opacity: Double, blend: CGBlendMode, shadow: Shadow?, in context: CGContext, _ draw: () -> Void) {
        context.saveGState()
        if let shadow {
            context.setShadow(offset: CGSize(width: shadow.offsetX, height: shadow.offsetY), blur: CGFloat(shadow.blur),
                              color: cgColor(shadow.color))
            context.setBlendMode(blend)
            context.beginTransparencyLayer(auxiliaryInfo: nil)
            context.setAlpha(CGFloat(opacity))
            draw()
            context.endTransparencyLayer()
        } else {
            context.setAlpha(CGFloat(opacity))
            context.setBlendMode(blend)
            draw()
        }
        context.restoreGState()
    }

    static func cgGradient(_ g: Gradient) -> CGGradient? {
        var components: [CGFloat] = []
        for c in g.colors { components += [CGFloat(c.red), CGFloat(c.green), CGFloat(c.blue), CGFloat(c.alpha)] }
        let locations = g.offsets.map { CGFloat($0) }
        return CGGradient(colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!, colorComponents: components, locations: locations,
                          count: g.offsets.count)
    }

    static func options(_ extend: Extend) -> CGGradientDrawingOptions {
        switch extend {
        case .none: return []
        case .before: return [.drawsBeforeStartLocation]
        case .after: return [.drawsAfterEndLocation]
        case .both: return [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        }
    }

    static func drawGradient(_ paint: Paint, in context: CGContext) {
        switch paint {
        case .color:
            break
        case .linear(let g, let x0, let y0, let x1, let y1):
            guard let gradient = cgGradient(g) else { return }
            context.drawLinearGradient(gradient, start: CGPoint(x: x0, y: y0), end: CGPoint(x: x1, y: y1), options: options(g.extend))
        case .radial(let g, let x0, let y0, let r0, let x1, let y1, let r1):
            guard let gradient = cgGradient(g) else { return }
            context.drawRadialGradient(gradient, startCenter: CGPoint(x: x0, y: y0), startRadius: CGFloat(r0),
                                       endCenter: CGPoint(x: x1, y: y1), endRadius: CGFloat(r1), options: options(g.extend))
        }
    }
}
