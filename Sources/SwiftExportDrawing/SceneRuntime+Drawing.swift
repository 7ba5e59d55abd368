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
    public static func drawShape(
        _ path: CGPath, fill: Paint?, stroke: Paint?, style: Stroke, evenOdd: Bool, opacity: Double,
        blend: CGBlendMode, shadow: Shadow?, in context: CGContext?
    ) {
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
            context.setShadow(
                offset: CGSize(width: shadow.offsetX, height: shadow.offsetY), blur: CGFloat(shadow.blur),
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
        return CGGradient(
            colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!, colorComponents: components, locations: locations,
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
            context.drawRadialGradient(
                gradient, startCenter: CGPoint(x: x0, y: y0), startRadius: CGFloat(r0),
                endCenter: CGPoint(x: x1, y: y1), endRadius: CGFloat(r1), options: options(g.extend))
        case .conic(let g, let cx, let cy, let angle):
            // In the y-down space generated code draws in, Core Graphics' conic gradient turns
            // towards increasing angles, clockwise on screen, as scenec's does (WebKit draws CSS's
            // clockwise conic-gradient with it the same way). Before macOS 14 / iOS 17: wedges.
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                guard let gradient = cgGradient(g) else { return }
                context.drawConicGradient(gradient, centerPoint: CGPoint(x: cx, y: cy), angle: CGFloat(angle))
            } else {
                drawConicWedges(g, center: CGPoint(x: cx, y: cy), angle: angle, in: context)
            }
        }
    }

    /// A conic gradient as flat wedges, as scenec's SVG draws it (Sources/SVGBackend/ConicPattern.swift):
    /// between two stops whose colors differ by k/255 at most, ⌊k⌋ + 1 wedges colored at their middles;
    /// each reaches 1/32 of a turn under the next (and the first as far back under the last) so
    /// that no anti-aliasing seam shows. Translucent wedges would add up where they overlap: they
    /// are drawn in a transparency layer with the copy blend mode, each replacing what is under it.
    public static func drawConicWedges(_ g: Gradient, center: CGPoint, angle: Double, in context: CGContext) {
        func color(_ t: Double) -> Color {
            guard t >= g.offsets[0] else { return g.colors[0] }
            guard t < g.offsets[g.offsets.count - 1] else { return g.colors[g.colors.count - 1] }
            var i = 0
            while i + 1 < g.offsets.count, g.offsets[i + 1] <= t { i += 1 }
            let span = g.offsets[i + 1] - g.offsets[i], f = span > 0 ? (t - g.offsets[i]) / span : 1
            let a = g.colors[i], b = g.colors[i + 1]
            return Color(
                red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        var wedges: [(from: Double, to: Double, color: Color)] = []
        // Cut points: the constant spans before the first and after the last stop, and between
        // two stops ⌊k⌋ + 1 equal pieces for a change of k/255 (and pieces of π/8 at most).
        var cuts: [Double] = [0]
        for i in 0..<g.offsets.count - 1 where g.offsets[i + 1] > g.offsets[i] {
            let a = g.colors[i], b = g.colors[i + 1], from = g.offsets[i], to = g.offsets[i + 1]
            let change =
                max(
                    Swift.abs(b.red - a.red), Swift.abs(b.green - a.green), Swift.abs(b.blue - a.blue),
                    Swift.abs(b.alpha - a.alpha)) * 255
            let n = max(Int(change.rounded(.down)) + 1, Int(((to - from) * 16).rounded(.up)))
            cuts += (0...n).map { from + (to - from) * Double($0) / Double(n) }
        }
        cuts.append(1)
        for (a, b) in zip(cuts, cuts.dropFirst()) where b > a { wedges.append((a, b, color((a + b) / 2))) }
        let box = context.boundingBoxOfClipPath
        let reach =
            [
                CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY), CGPoint(x: box.minX, y: box.maxY),
                CGPoint(x: box.maxX, y: box.maxY),
            ].map { hypot($0.x - center.x, $0.y - center.y) }.max()! / cos(Double.pi / 32) + 1
        let translucent = wedges.contains { $0.color.alpha < 1 }
        if translucent {
            context.beginTransparencyLayer(auxiliaryInfo: nil)
            context.setBlendMode(.copy)
        }
        for (i, w) in wedges.enumerated() {
            let from = i == 0 ? w.from - 1.0 / 32 : w.from, to = i == wedges.count - 1 ? w.to : min(1, w.to + 1.0 / 32)
            // A true arc at `reach`, past every corner of the clip's box.
            let wedge = CGMutablePath()
            wedge.move(to: center)
            wedge.addArc(
                center: center, radius: reach, startAngle: angle + 2 * Double.pi * from,
                endAngle: angle + 2 * Double.pi * to, clockwise: false)
            wedge.closeSubpath()
            context.addPath(wedge)
            context.setFillColor(cgColor(w.color))
            context.fillPath()
        }
        if translucent { context.endTransparencyLayer() }
    }
}
