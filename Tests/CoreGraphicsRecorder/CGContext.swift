import DisplayList
import Foundation
import SceneSource

/// A Core Graphics context that draws nothing and records every call as display-list operations,
/// so that generated drawing code can be run here (no Apple SDK) and compared with the evaluator.
///
/// How calls become operations:
/// - a transform (`translateBy`, `rotate`, `scaleBy`, `concatenate`) opens a group that lasts until
///   the `restoreGState` that undoes it; transforms in a row, before anything is drawn in them,
///   make one group (their product);
/// - `clip(using:)` opens a clip the same way; after `replacePathWithStrokedPath`, the clip is the
///   stroke's outline and the one gradient drawn in it is recorded as a stroke with that paint;
/// - `beginTransparencyLayer` opens a layer with the state's alpha, shadow and blend mode, and
///   resets them inside it, as Core Graphics does; `endTransparencyLayer` closes it;
/// - a transparency layer begun under `setBlendMode(.sourceIn)` masks its items by what the layer
///   around it drew before (an alpha mask); a bitmap context's image given to `clip(to:mask:)`
///   masks what follows until the `restoreGState` (CGContext+Masks.swift);
/// - `fillPath`, `strokePath`, the gradient calls and text record one operation with the state's
///   colors, line style, alpha and blend mode; under a shadow, inside a layer carrying the shadow.
public final class CGContext {
    struct GState {
        var fillColor = Color.black
        var strokeColor = Color.black
        var style = StyleState()
        var alpha: Double = 1
        var blend = BlendMode.normal
        var shadow: Shadow?
        /// The containers open when this state began (at its saveGState): its restore closes those
        /// opened since.
        var openContainers = 1
        /// This state was pushed by `beginTransparencyLayer`.
        var isLayer = false
        /// `setBlendMode(.sourceIn)`: the next transparency layer is drawn only where what its
        /// enclosing layer holds is opaque, an alpha mask (CGContext+Masks.swift).
        var masksNextLayer = false
    }

    struct StyleState {
        var width: Double = 1
        var cap = LineCap.butt
        var join = LineJoin.miter
        var miterLimit: Double = 10
        var dash: [Double] = []
        var dashPhase: Double = 0
        var strokeStyle: StrokeStyle {
            StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash, dashPhase: dashPhase)
        }
    }

    enum ContainerKind {
        case root
        case group(ListTransform)
        case clip(Path, FillRule, outlineOf: StrokeStyle?)
        case layer(opacity: Double, shadow: Shadow?, blend: BlendMode)
        /// A layer composited with `.sourceIn`: its items masked by what its enclosing layer drew before it.
        case maskedLayer
        /// After `clip(to:mask:)`: what follows shows through the image's drawing.
        case mask(MaskMode, content: [DisplayItem])
    }

    final class Container {
        var kind: ContainerKind
        var items: [DisplayItem] = []
        init(_ kind: ContainerKind) { self.kind = kind }
    }

    var state = GState()
    var savedStates: [GState] = []
    var containers = [Container(.root)]
    /// A bitmap context's size and whether it is gray (CGContext+Masks.swift); nil for the drawing context.
    var bitmap: (width: Int, height: Int, gray: Bool)?
    private var currentPath = CGMutablePath()
    /// The style of the stroke whose outline replaced the current path, if it did.
    private var currentPathOutline: StrokeStyle?
    /// Calls the recorder cannot express as display-list operations, in order; a test fails on any.
    public internal(set) var problems: [String] = []
    /// Every operation takes this span: a recording has no source.
    let span = SourceSpan(file: FileID(0), start: 0, end: 0)

    public init() {}

    // MARK: state

    public func saveGState() {
        savedStates.append(state)
        state.openContainers = containers.count
        state.isLayer = false
    }

    public func restoreGState() {
        guard let saved = savedStates.popLast() else { problems.append("restoreGState without a saveGState"); return }
        if state.isLayer { problems.append("restoreGState closes a transparency layer: call endTransparencyLayer first") }
        close(downTo: state.openContainers)
        state = saved
    }

    public func setFillColor(_ color: CGColor) { state.fillColor = color.color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color.color }
    public func setLineWidth(_ width: CGFloat) { state.style.width = width }
    public func setLineCap(_ cap: CGLineCap) { state.style.cap = cap.cap }
    public func setLineJoin(_ join: CGLineJoin) { state.style.join = join.join }
    public func setMiterLimit(_ limit: CGFloat) { state.style.miterLimit = limit }
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.style.dash = lengths.map { Double($0) }; state.style.dashPhase = Double(phase)
    }
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(1, max(0, alpha)) }
    public func setBlendMode(_ mode: CGBlendMode) {
        if mode == .copy { problems.append("setBlendMode(.copy): a display list has no copy mode") }
        state.masksNextLayer = mode == .sourceIn
        state.blend = mode.blend
    }

    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        let color = color?.color ?? Shadow.defaultColor
        // Core Graphics draws no shadow in a clear color: the state has none.
        state.shadow = color.alpha == 0 ? nil : Shadow(offsetX: offset.width, offsetY: offset.height, blur: blur, color: color)
    }

    public func setShadow(offset: CGSize, blur: CGFloat) { setShadow(offset: offset, blur: blur, color: nil) }

    // MARK: transforms

    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    public func concatenate(_ t: CGAffineTransform) {
        let local = ListTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
        if let top = containers.last, case .group(let outer) = top.kind, containers.count > state.openContainers {
            // The group this state opened: transforms before anything is drawn make one group
            // (their product); a transform after drawing starts a sibling group with the product,
            // as the evaluator writes `<translate>` statements in a block.
            if top.items.isEmpty {
                top.kind = .group(local.concatenating(outer))
            } else {
                close(downTo: containers.count - 1)
                containers.append(Container(.group(local.concatenating(outer))))
            }
        } else {
            containers.append(Container(.group(local)))
        }
    }

    // MARK: paths

    public func beginPath() { currentPath = CGMutablePath(); currentPathOutline = nil }

    public func addPath(_ path: CGPath) {
        if currentPathOutline != nil { problems.append("addPath after replacePathWithStrokedPath") }
        for segment in path.segments {
            switch segment {
            case .move(let p): currentPath.appendMove(p)
            case .close: currentPath.appendClose()
            default:
                currentPath.segments.append(segment)
            }
        }
        if let current = path.current { currentPath.current = current }
    }

    public func addRect(_ rect: CGRect) { currentPath.appendRect(rect) }

    public func replacePathWithStrokedPath() {
        checkLineWidth("replacePathWithStrokedPath")
        currentPathOutline = state.style.strokeStyle
    }

    /// Core Graphics wants a line width above 0 (`setLineWidth`), and UIKit documents 0 as "the
    /// thinnest line that can be rendered" on the device (`UIBezierPath.lineWidth`, the seeds'
    /// idiom): a hairline where scenec, as SVG, draws no stroke at all. The recorder cannot draw
    /// a device's hairline, so a stroke at width 0 is a problem (code that means scenec's nothing
    /// must not stroke).
    private func checkLineWidth(_ call: String) {
        if !(state.style.width > 0) {
            problems.append(
                "\(call) with a line width of \(state.style.width): Core Graphics draws the thinnest line the device can, "
                    + "scenec no stroke; skip the stroke")
        }
    }

    private func takePath() -> (Path, StrokeStyle?) {
        let taken = (Path(currentPath.segments), currentPathOutline)
        beginPath()
        return taken
    }

    // MARK: drawing

    public func fillPath(using rule: CGPathFillRule = .winding) {
        let (path, outline) = takePath()
        if outline != nil { problems.append("fillPath of a stroked outline: record it as a stroke instead") }
        record(.fill(Fill(path: path, paint: .color(state.fillColor), rule: rule.rule, opacity: 1, blend: .normal, source: span)))
    }

    /// The recorder has no device: the clip's bounding box is a rectangle of its own, which
    /// `fill(_:)` records as painting the whole clip region (the display list's paint).
    public var boundingBoxOfClipPath: CGRect { Self.wholeClip }
    static let wholeClip = CGRect(x: -1.5e9, y: -1.5e9, width: 3e9, height: 3e9)

    public func fill(_ rect: CGRect) {
        if rect == Self.wholeClip {
            record(.paint(PaintRegion(paint: .color(state.fillColor), opacity: 1, blend: .normal, source: span)))
            return
        }
        beginPath()
        addRect(rect)
        fillPath()
    }

    public func strokePath() {
        checkLineWidth("strokePath")
        let (path, outline) = takePath()
        if outline != nil { problems.append("strokePath of a stroked outline") }
        record(
            .stroke(
                Stroke(
                    path: path, paint: .color(state.strokeColor), style: state.style.strokeStyle, opacity: 1,
                    blend: .normal, source: span)))
    }

    public func clip(using rule: CGPathFillRule = .winding) {
        let (path, outline) = takePath()
        containers.append(Container(.clip(path, rule.rule, outlineOf: outline)))
    }

    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let paint = LinearGradient(
            stops: gradient.stops, start: Point(start.x, start.y), end: Point(end.x, end.y),
            extend: options.extend)
        record(.paint(PaintRegion(paint: .linearGradient(paint), opacity: 1, blend: .normal, source: span)))
    }

    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
        endRadius: CGFloat, options: CGGradientDrawingOptions
    ) {
        let paint = RadialGradient(
            stops: gradient.stops, startCenter: Point(startCenter.x, startCenter.y), startRadius: startRadius,
            endCenter: Point(endCenter.x, endCenter.y), endRadius: endRadius, extend: options.extend)
        record(.paint(PaintRegion(paint: .radialGradient(paint), opacity: 1, blend: .normal, source: span)))
    }

    /// Core Graphics' conic gradient (macOS 14, iOS 17): the stops around `centerPoint` from `angle`
    /// (radians, towards increasing angles: clockwise on a y-down canvas), painting every angle.
    public func drawConicGradient(_ gradient: CGGradient, centerPoint: CGPoint, angle: CGFloat) {
        let paint = ConicGradient(stops: gradient.stops, center: Point(centerPoint.x, centerPoint.y), startAngle: angle)
        record(.paint(PaintRegion(paint: .conicGradient(paint), opacity: 1, blend: .normal, source: span)))
    }

    /// Where generated code draws a line of text with Core Text on Apple platforms, it calls this
    /// here: the display list's text run, its anchor one of "start", "middle", "end".
    public func recordText(
        _ string: String, at position: CGPoint, anchor: String, fontFamily: String, fontSize: CGFloat,
        fontWeight: Int, color: CGColor
    ) {
        guard let anchor = TextAnchor(rawValue: anchor) else { problems.append("text anchor '\(anchor)'"); return }
        record(
            .text(
                TextRun(
                    string: string, position: Point(position.x, position.y), anchor: anchor, fontFamily: fontFamily,
                    fontSize: fontSize, fontWeight: fontWeight, color: color.color, opacity: 1, source: span)))
    }

    // MARK: transparency layers

    /// On Apple platforms `auxiliaryInfo` is a `CFDictionary?`; generated code passes nil.
    public func beginTransparencyLayer(auxiliaryInfo: [String: String]?) {
        savedStates.append(state)
        state.openContainers = containers.count
        state.isLayer = true
        if state.masksNextLayer {
            if state.alpha != 1 || state.shadow != nil { problems.append("a .sourceIn layer with an alpha or a shadow") }
            containers.append(Container(.maskedLayer))
        } else {
            containers.append(Container(.layer(opacity: state.alpha, shadow: state.shadow, blend: state.blend)))
        }
        state.alpha = 1; state.shadow = nil; state.blend = .normal; state.masksNextLayer = false
    }

    public func endTransparencyLayer() {
        guard state.isLayer, let saved = savedStates.popLast() else {
            problems.append("endTransparencyLayer without a beginTransparencyLayer, or with a saveGState not restored"); return
        }
        close(downTo: state.openContainers)
        state = saved
    }

    // MARK: the recording

    /// What was drawn, every open container closed, as a display list of the given size.
    public func displayList(width: Double, height: Double) -> DisplayList {
        if !savedStates.isEmpty { problems.append("\(savedStates.count) saveGState without restoreGState") }
        close(downTo: 1)
        return DisplayList(width: width, height: height, items: containers[0].items)
    }

    /// One operation with the state's alpha and blend mode; under a shadow, in a layer that carries
    /// the shadow and the blend mode, as Core Graphics composites a shadowed operation.
    private func record(_ item: DisplayItem) {
        if state.masksNextLayer { problems.append("drawing with the .sourceIn blend mode outside a transparency layer") }
        if let shadow = state.shadow {
            // The operation with its alpha, drawn normally in a layer that casts the shadow and
            // composites with the blend mode (the evaluator's `shadowed`).
            containers.last!.items.append(
                .layer(
                    Layer(
                        opacity: 1, shadow: shadow, blend: state.blend,
                        items: [Self.applying(opacity: state.alpha, blend: .normal, to: item)], source: span)))
            return
        }
        containers.last!.items.append(Self.applying(opacity: state.alpha, blend: state.blend, to: item))
    }

    private static func applying(opacity: Double, blend: BlendMode, to item: DisplayItem) -> DisplayItem {
        switch item {
        case .fill(let f):
            return .fill(Fill(path: f.path, paint: f.paint, rule: f.rule, opacity: opacity, blend: blend, source: f.source))
        case .stroke(let s):
            return .stroke(Stroke(path: s.path, paint: s.paint, style: s.style, opacity: opacity, blend: blend, source: s.source))
        case .paint(let p):
            return .paint(PaintRegion(paint: p.paint, opacity: opacity, blend: blend, source: p.source))
        case .text(let t):
            if blend != .normal {
                return .layer(Layer(blend: blend, items: [applying(opacity: opacity, blend: .normal, to: item)], source: t.source))
            }
            return .text(
                TextRun(
                    string: t.string, position: t.position, anchor: t.anchor, fontFamily: t.fontFamily, fontSize: t.fontSize,
                    fontWeight: t.fontWeight, color: t.color, opacity: opacity, source: t.source))
        default:
            return item
        }
    }

    func close(downTo count: Int) {
        while containers.count > max(1, count) {
            let closed = containers.removeLast()
            if case .maskedLayer = closed.kind {
                // Source-in: the layer shows where the enclosing layer's drawing so far is opaque.
                let below = containers[containers.count - 1]
                below.items =
                    below.items.isEmpty || closed.items.isEmpty
                    ? [] : [.mask(Mask(mode: .alpha, content: below.items, items: closed.items, source: span))]
                continue
            }
            containers[containers.count - 1].items.append(contentsOf: item(for: closed))
        }
    }

    /// A group, clip or layer in which nothing was drawn draws nothing: no item (as in the evaluator).
    private func item(for container: Container) -> [DisplayItem] {
        if container.items.isEmpty { return [] }
        switch container.kind {
        case .root:
            return container.items
        case .group(let transform):
            return [.group(Group(transform: transform, items: container.items, source: span))]
        case .layer(let opacity, let shadow, let blend):
            return [.layer(Layer(opacity: opacity, shadow: shadow, blend: blend, items: container.items, source: span))]
        case .maskedLayer:
            return []
        case .mask(let mode, let content):
            return content.isEmpty ? [] : [.mask(Mask(mode: mode, content: content, items: container.items, source: span))]
        case .clip(let path, let rule, let outline):
            guard let style = outline else { return [.clip(Clip(path: path, rule: rule, items: container.items, source: span))] }
            // A stroke's outline clipped, then one gradient painted in it: the stroke with that gradient.
            guard container.items.count == 1, case .paint(let region) = container.items[0] else {
                problems.append("a stroked outline clips something else than one gradient")
                return []
            }
            return [
                .stroke(
                    Stroke(
                        path: path, paint: region.paint, style: style, opacity: region.opacity, blend: region.blend,
                        source: span))
            ]
        }
    }
}
