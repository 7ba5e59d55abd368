import DisplayList

/// The writer's output: UTF-8 bytes appended to one array (a copy per piece, where a String's own
/// append costs more: docs/performance.md), handed out in chunks when `flush` is set
/// (`SVGBackend.stream`), else kept whole.
struct SVGOutput {
    var bytes: [UInt8] = []
    /// Receives the bytes each time they pass `chunk` (and the rest at the end).
    var flush: ((UnsafeRawBufferPointer) -> Void)?
    static let chunk = 1 << 20

    static func += (output: inout SVGOutput, text: String) {
        var text = text
        text.withUTF8 { output.bytes.append(contentsOf: $0) }
    }

    /// Text known at compile time: its bytes, with no String in between. A quote or a `/>` goes
    /// byte by byte: `append(contentsOf:)` has a cost of its own however few bytes it copies, and
    /// a shape's element writes three such pieces.
    mutating func append(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        if count <= 2 {
            for k in 0..<count { bytes.append(text.utf8Start[k]) }
        } else {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: count))
        }
    }

    mutating func append(_ text: [UInt8]) { bytes.append(contentsOf: text) }

    mutating func append(_ text: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: text) }

    /// A line's indent, two spaces per level, once per element written: byte by byte, which for
    /// a few bytes costs less than `append(contentsOf:)` (see `append(_:)`).
    mutating func appendSpaces(_ count: Int) {
        for _ in 0..<count { bytes.append(UInt8(ascii: " ")) }
    }

    mutating func reserveCapacity(_ n: Int) { bytes.reserveCapacity(n) }

    var isEmpty: Bool { bytes.isEmpty }

    /// At a line's end: hands out the bytes when there are enough.
    mutating func lineEnded() {
        guard let flush, bytes.count >= Self.chunk else { return }
        bytes.withUnsafeBytes { flush($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func finish() -> String {
        if let flush {
            bytes.withUnsafeBytes { flush($0) }
            bytes.removeAll()
            return ""
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One pass over the display list, appending to a single preallocated buffer.
///
/// State: the accumulated transform from the current user space to canvas space (composed from the
/// group matrices exactly as printed, so that it is the transform the renderers use), the nesting
/// depth for indentation, and the ids of the definitions written so far, keyed by their text.
struct SVGWriter: PreOrderVisitor {
    private var out = SVGOutput()
    private let width: Double
    private let height: Double
    private var ctm = AffineTransform.identity
    private var depth = 1
    private var gradientIDs: [String: Int] = [:]
    private var clipIDs: [String: Int] = [:]
    private var shadowIDs: [String: Int] = [:]
    /// How many `<mask>`s were written: their ids are `mask1`, `mask2`… in document order.
    private var maskCount = 0
    /// The masks being written, innermost last: the `PreOrder` index of their first masked item,
    /// their id, and whether their `<mask>` element (the content) is still open.
    private var masks: [(firstItem: Int, id: Int, inContent: Bool)] = []
    /// The document's items, and the region of each shadow by pre-order index (`ShadowRegion.all`),
    /// computed at the first shadow.
    private var rootItems: [DisplayItem] = []
    private var shadowRegions: [Int: ShadowRegion.Box]?
    /// For the preview only (`SVGBackend.annotatedRender`): each drawing element gets
    /// `data-op="N"`, N being its item's index in the display list's `PreOrder`, and ids
    /// start with `idPrefix`. Both are off for `render`, whose output stays as documented.
    private let annotate: Bool
    private let idPrefix: String
    /// The `PreOrder` index of the item being written.
    private var currentIndex = 0
    /// What ends each container being written, innermost last: how many `<g>` it opened and the
    /// transform around it.
    private var open: [(groups: Int, ctm: AffineTransform)] = []
    /// The `style="mix-blend-mode:…"` of the item being written, taken by the first element written
    /// for it (the `<path>`, or the `<g clip-path>` that cuts a gradient's band around it), so the
    /// item blends as a whole with what lies under it.
    private var pendingBlend = ""
    /// The path data of the shape being written, reused from shape to shape (see `PathData.write`).
    private var pathBytes: [UInt8] = []

    init(
        width: Double, height: Double, expectedItems: Int, annotate: Bool = false, idPrefix: String = "",
        flush: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) {
        self.width = max(0, Num.finite(width))
        self.height = max(0, Num.finite(height))
        self.annotate = annotate
        self.idPrefix = idPrefix
        out.flush = flush
        out.reserveCapacity(flush == nil ? 256 + min(expectedItems, 1 << 26) * 96 : SVGOutput.chunk + 64 * 1024)
    }

    mutating func writeDocument(_ items: [DisplayItem]) {
        let w = Num.text(width), h = Num.text(height)
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        // With blend modes, the canvas is an isolated group, as a Core Graphics context starts
        // transparent: inlined in a page, the drawing must not blend with the page behind it.
        let isolation = Self.usesBlend(items) ? " style=\"isolation:isolate\"" : ""
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\"\(isolation)>\n"
        rootItems = items
        PreOrder(items).walk(&self)
        out += "</svg>\n"
    }

    mutating func finish() -> String { out.finish() }

    // MARK: - Items

    /// Writes an item, or a container's start: true when its items are to be written (then `leave`
    /// ends it), false for one that draws nothing (empty, under a singular transform, clipped away).
    mutating func enter(_ item: DisplayItem, index: Int, depth _: Int) -> Bool {
        currentIndex = index
        if let top = masks.last, top.inContent, index >= top.firstItem { maskContentEnded() }
        switch item {
        case .fill(let f):
            pendingBlend = Self.blendStyle(f.blend)
            writeShape(f.path, .fill(f.rule), paint: f.paint, opacity: f.opacity)
        case .stroke(let s):
            pendingBlend = Self.blendStyle(s.blend)
            writeShape(s.path, .stroke(s.style), paint: s.paint, opacity: s.opacity)
        case .paint(let p):
            pendingBlend = Self.blendStyle(p.blend)
            writePaint(p)
        case .group(let g):
            return openGroup(g)
        case .clip(let c):
            return openClip(c)
        case .text(let t):
            writeText(t)
        case .layer(let l):
            return openLayer(l, item, index)
        case .mask(let m):
            return openMask(m, index)
        }
        pendingBlend = ""
        return false
    }

    /// A container's end, after its items.
    mutating func leave(_ container: DisplayItem, index: Int, depth _: Int) {
        guard case .mask = container else { return close() }
        closeMask()
    }

    /// Ends the innermost container being written: its `</g>`s, and its transform undone.
    private mutating func close() {
        let (groups, saved) = open.removeLast()
        for _ in 0..<groups {
            depth -= 1
            line("</g>")
        }
        ctm = saved
    }

    /// ` style="mix-blend-mode:M"`, or nothing for `normal`.
    static func blendStyle(_ blend: BlendMode) -> String {
        blend == .normal ? "" : " style=\"mix-blend-mode:\(blend.rawValue)\""
    }

    private mutating func takeBlend() -> String {
        defer { pendingBlend = "" }
        return pendingBlend
    }

    /// Whether any item, at any depth, blends other than normally.
    static func usesBlend(_ items: [DisplayItem]) -> Bool {
        PreOrder(items).contains { _, item, _ in
            switch item {
            case .fill(let f): return f.blend != .normal
            case .stroke(let s): return s.blend != .normal
            case .paint(let p): return p.blend != .normal
            case .group(let g): return g.blend != .normal
            case .layer(let l): return l.blend != .normal
            case .clip, .text, .mask: return false
            }
        }
    }

    /// One `<text>`; attribute order: x, y, font-family, font-size, font-weight, text-anchor, fill,
    /// fill-opacity. The baseline is already resolved into y, so no renderer-specific
    /// `dominant-baseline` is needed; white space is preserved exactly as the display list has it.
    private mutating func writeText(_ t: TextRun) {
        guard !t.string.isEmpty else { return }
        beginLine()
        out += "<text x=\"\(Num.text(t.position.x))\" y=\"\(Num.text(t.position.y))\""
        out += " font-family=\"\(Self.escaped(t.fontFamily))\" font-size=\"\(Num.text(max(0, Num.finite(t.fontSize))))\""
        if t.fontWeight != 400 { out += " font-weight=\"\(t.fontWeight)\"" }
        if t.anchor != .start { out += " text-anchor=\"\(t.anchor.rawValue)\"" }
        out += " fill=\"\(Num.hexRGB(t.color))\""
        let alpha = Num.text(Num.unit(t.color.alpha) * Num.unit(t.opacity))
        if alpha != "1" { out += " fill-opacity=\"\(alpha)\"" }
        if annotate { out += " data-op=\"\(currentIndex)\"" }
        out += " xml:space=\"preserve\">"
        out += Self.escaped(t.string)
        out += "</text>"
        endLine()
    }

    /// Text as XML character data or attribute value: `& < > "` escaped, control characters dropped
    /// (XML 1.0 cannot carry them).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private mutating func openGroup(_ g: Group) -> Bool {
        guard !g.items.isEmpty else { return false }
        let t = Num.printedTransform(Num.transform(g.transform))
        let inner = t.concatenating(ctm)
        // A singular space draws nothing (every area collapses); the renderers skip it too.
        guard inner.inverted != nil else { return false }
        beginLine()
        if t.isIdentity {
            out += "<g" + Self.blendStyle(g.blend) + ">"
        } else {
            out += "<g transform=\"matrix("
            out += [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Num.text).joined(separator: " ")
            out += ")\"" + Self.blendStyle(g.blend) + ">"
        }
        endLine()
        open.append((1, ctm))
        ctm = inner
        depth += 1
        return true
    }

    /// A transparency layer is an isolated SVG group: a `<g opacity>` is drawn offscreen and then
    /// composited as one image (an opaque layer whose items blend gets `isolation:isolate`).
    ///
    /// With a shadow, Core Graphics composites the shadow, then the image, each with the layer's
    /// opacity and blend mode. Blending normally, one `<g filter>` does that: the filter fades the
    /// shadow and the image each and merges them (`ShadowFilter`), and the group is composited as
    /// is. With a blend mode the shadow and the image must blend one after the other, so the items
    /// are written twice: in a group whose filter draws only the shadow, then in a group of their
    /// own, each group carrying the opacity and the `mix-blend-mode`.
    ///
    /// A shadow's filter is applied in canvas space: under a transform, the layer's `<g>` undoes it
    /// (`transform` = the inverse of the current transform, so the filter's user space is the
    /// canvas) and a `<g>` inside redoes it for the items. Then the offset, the blur and the filter
    /// region are exact whatever the transform, and resvg 0.44, which draws no shadow at all under a
    /// mirroring or a half turn, sees none.
    private mutating func openLayer(_ l: Layer, _ item: DisplayItem, _ index: Int) -> Bool {
        guard !l.items.isEmpty else { return false }
        let opacity = Num.text(Num.unit(l.opacity))
        let faded = opacity != "1" ? " opacity=\"\(opacity)\"" : ""
        let blend = Self.blendStyle(l.blend)
        if let shadow = l.shadow, Num.unit(shadow.color.alpha) > 0, let region = shadowRegion(at: currentIndex) {
            let space = canvasSpace()
            let filter = ShadowFilter(shadow: shadow, opacity: l.opacity, drawsSource: l.blend == .normal, ctm: space.ctm, region: region)
            if let lines = filter.lines() {
                let attributes = " filter=\"url(#\(idPrefix)shadow\(shadowID(lines)))\""
                guard l.blend != .normal else { return openInCanvasSpace(space, attributes: attributes) }
                // The shadow alone, then the items again with the same indices (and definitions, by text).
                _ = openInCanvasSpace(space, attributes: attributes + blend)
                PreOrder.children(of: item, at: index).walk(&self)
                close()
                return openWrapped(attributes: faded + blend)
            }
        }
        let isolation = faded.isEmpty && blend.isEmpty && Self.usesBlend(l.items) ? " style=\"isolation:isolate\"" : ""
        return openWrapped(attributes: faded + blend + isolation)
    }

    /// `<g ATTRIBUTES>`, around the items that follow.
    private mutating func openWrapped(attributes: String) -> Bool {
        line("<g\(attributes)>")
        depth += 1
        open.append((1, ctm))
        return true
    }

    /// Where a shadow's filter applies: the canvas, through `undo` (the inverse of the current
    /// transform, as printed) when there is a transform, and the transform from there to the canvas
    /// (the identity but for the rounding of the printed matrices).
    private func canvasSpace() -> (undo: AffineTransform?, ctm: AffineTransform) {
        guard !ctm.isIdentity, let inverse = ctm.inverted.map(Num.printedTransform), inverse.inverted != nil,
            inverse.concatenating(ctm).inverted != nil
        else {
            return (nil, ctm)
        }
        return (inverse, inverse.concatenating(ctm))
    }

    /// A `<g ATTRIBUTES>` in canvas space, around the items that follow: `transform` undoes the
    /// current transform and a `<g>` inside redoes it for the items.
    private mutating func openInCanvasSpace(_ space: (undo: AffineTransform?, ctm: AffineTransform), attributes: String) -> Bool {
        guard let undo = space.undo, let redo = undo.inverted.map(Num.printedTransform) else {
            return openWrapped(attributes: attributes)
        }
        line("<g transform=\"\(Self.matrix(undo))\"\(attributes)>")
        depth += 1
        line("<g transform=\"\(Self.matrix(redo))\">")
        depth += 1
        open.append((2, ctm))
        ctm = redo.concatenating(space.ctm)
        return true
    }

    private mutating func shadowRegion(at index: Int) -> ShadowRegion.Box? {
        if shadowRegions == nil { shadowRegions = ShadowRegion.all(rootItems, transform: .identity, width: width, height: height) }
        return shadowRegions?[index]
    }

    static func matrix(_ t: AffineTransform) -> String {
        "matrix(" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Num.text).joined(separator: " ") + ")"
    }

    /// A mask: its content inside a `<mask>` element written in place (a `<mask>` is never drawn
    /// where it stands, and may stand anywhere), then its items in a `<g mask="url(#…)">` right after
    /// it: `maskContentEnded` switches from one to the other when the walk reaches the first item.
    ///
    /// The mask's region is the canvas (grown by `RegionGeometry.canvasMargin`) in the current user
    /// space, as a box: SVG's default region, the referencing group's bounding box grown by 10 %,
    /// would cut off content that reaches beyond the masked items, and a larger fixed box makes
    /// resvg 0.44 draw nothing (a region of 2 000 000 points under `scale(1000)`, measured).
    /// `mask-type:alpha` says alpha; luminance is the default `mask-type`, which librsvg, resvg and
    /// Chromium all compute as 0.2125·R + 0.7154·G + 0.0721·B of the sRGB values times alpha (measured).
    private mutating func openMask(_ m: Mask, _ index: Int) -> Bool {
        guard !m.items.isEmpty, let canvas = RegionGeometry.canvas(width: width, height: height, ctm: ctm) else { return false }
        let xs = canvas.map(\.x), ys = canvas.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!, x1 = xs.max()!, y1 = ys.max()!
        maskCount += 1
        var attributes = " maskUnits=\"userSpaceOnUse\" x=\"\(Num.text(x0))\" y=\"\(Num.text(y0))\""
        attributes += " width=\"\(Num.text(x1 - x0))\" height=\"\(Num.text(y1 - y0))\""
        if m.mode == .alpha { attributes += " style=\"mask-type:alpha\"" }
        line("<mask id=\"\(idPrefix)mask\(maskCount)\"" + attributes + ">")
        depth += 1
        masks.append((m.firstItemIndex(at: index), maskCount, true))
        return true
    }

    /// The mask's content written: `</mask>`, and the group its items are masked in.
    private mutating func maskContentEnded() {
        let top = masks.count - 1
        masks[top].inContent = false
        depth -= 1
        line("</mask>")
        line("<g mask=\"url(#\(idPrefix)mask\(masks[top].id))\">")
        depth += 1
    }

    /// A mask's end: its group's, or (when none of its items was written) its `<mask>`'s.
    private mutating func closeMask() {
        let mask = masks.removeLast()
        depth -= 1
        line(mask.inContent ? "</mask>" : "</g>")
    }

    private mutating func openClip(_ c: Clip) -> Bool {
        guard !c.items.isEmpty else { return false }
        let d = PathData.make(c.path)
        // An empty clip path clips everything away.
        guard !d.isEmpty else { return false }
        let id = clipID(d: d, rule: c.rule)
        return openWrapped(attributes: " clip-path=\"url(#\(idPrefix)clip\(id))\"")
    }

    // MARK: - Shapes

    private enum ShapeKind {
        case fill(FillRule)
        case stroke(StrokeStyle)
    }

    private mutating func writeShape(_ path: Path, _ kind: ShapeKind, paint: Paint, opacity: Double) {
        // The buffer is taken while in use (so that it is not copied when `self` changes) and put
        // back, with its capacity, for the next shape.
        var d = pathBytes
        pathBytes = []
        d.removeAll(keepingCapacity: true)
        PathData.write(path, into: &d)
        defer { pathBytes = d }
        guard !d.isEmpty else { return }
        let opacity = Num.unit(opacity)
        switch paint {
        case .color(let color):
            let alpha = Num.unit(color.alpha) * opacity
            if case .fill(let rule) = kind, rule == .nonzero, alpha == 1, pendingBlend.isEmpty, !annotate,
                2 * depth + d.count <= Self.opaqueFillLimit
            {
                return writeOpaqueFill(d, color)
            }
            writePath(d, kind, paint: Num.hexRGB(color), opacity: alpha)
        case .linearGradient(let g):
            guard !g.stops.isEmpty else { return }
            let geometry = GradientGeometry(g)
            if geometry.isDegenerate {
                guard let stop = Self.degenerateStop(g) else { return }
                writePath(d, kind, paint: Num.hexRGB(stop.color), opacity: Num.unit(stop.color.alpha) * opacity)
                return
            }
            if g.extend == .both {
                let id = gradientID(g)
                writePath(d, kind, paint: "url(#\(idPrefix)g\(id))", opacity: opacity)
                return
            }
            // addClip(shape) + drawLinearGradient: the shape, painted with the (padded) SVG
            // gradient, clipped to the band.
            guard let canvas = RegionGeometry.canvas(width: width, height: height, ctm: ctm) else { return }
            let band = RegionGeometry.band(canvas, gradient: geometry)
            guard !band.isEmpty else { return }
            let gradient = gradientID(g)
            let clip = clipID(d: PathData.polygon(band), rule: .nonzero)
            line("<g clip-path=\"url(#\(idPrefix)clip\(clip))\"" + takeBlend() + ">")
            depth += 1
            writePath(d, kind, paint: "url(#\(idPrefix)g\(gradient))", opacity: opacity)
            depth -= 1
            line("</g>")
        case .radialGradient(let g):
            // addClip(shape) + drawRadialGradient: the shape, painted with the focal-point
            // gradient, clipped to the region the extend allows (see `RadialGeometry`).
            guard let geometry = RadialGeometry(g) else { return }
            let region = geometry.region(canvas: RegionGeometry.canvas(width: width, height: height, ctm: ctm))
            guard region != "" else { return }
            let gradient = radialGradientID(geometry)
            guard let region else { return writePath(d, kind, paint: "url(#\(idPrefix)g\(gradient))", opacity: opacity) }
            let clip = clipID(d: region, rule: .evenodd)
            line("<g clip-path=\"url(#\(idPrefix)clip\(clip))\"" + takeBlend() + ">")
            depth += 1
            writePath(d, kind, paint: "url(#\(idPrefix)g\(gradient))", opacity: opacity)
            depth -= 1
            line("</g>")
        case .conicGradient(let g):
            // addClip(shape) + drawConicGradient: the shape, painted with the wedges' pattern.
            guard let id = conicPatternID(g) else { return }
            writePath(d, kind, paint: "url(#\(idPrefix)g\(id))", opacity: opacity)
        }
    }

    /// A `.paint` item: the canvas, mapped into the current user space and cut to the gradient's
    /// band, filled with the paint. The enclosing clip groups limit it to the current clip region.
    private mutating func writePaint(_ p: PaintRegion) {
        guard let canvas = RegionGeometry.canvas(width: width, height: height, ctm: ctm) else { return }
        let opacity = Num.unit(p.opacity)
        switch p.paint {
        case .color(let color):
            let region = RegionGeometry.simplified(canvas)
            guard !region.isEmpty else { return }
            writePath(
                PathData.polygon(region), .fill(.nonzero), paint: Num.hexRGB(color),
                opacity: Num.unit(color.alpha) * opacity)
        case .linearGradient(let g):
            guard !g.stops.isEmpty else { return }
            let geometry = GradientGeometry(g)
            if geometry.isDegenerate {
                guard let stop = Self.degenerateStop(g) else { return }
                let region = RegionGeometry.simplified(canvas)
                guard !region.isEmpty else { return }
                writePath(
                    PathData.polygon(region), .fill(.nonzero), paint: Num.hexRGB(stop.color),
                    opacity: Num.unit(stop.color.alpha) * opacity)
                return
            }
            let region = RegionGeometry.band(canvas, gradient: geometry)
            guard !region.isEmpty else { return }
            let id = gradientID(g)
            writePath(PathData.polygon(region), .fill(.nonzero), paint: "url(#\(idPrefix)g\(id))", opacity: opacity)
        case .radialGradient(let g):
            guard let geometry = RadialGeometry(g) else { return }
            let region = geometry.region(canvas: canvas) ?? PathData.polygon(RegionGeometry.simplified(canvas))
            guard !region.isEmpty else { return }
            let id = radialGradientID(geometry)
            writePath(region, .fill(.evenodd), paint: "url(#\(idPrefix)g\(id))", opacity: opacity)
        case .conicGradient(let g):
            let region = RegionGeometry.simplified(canvas)
            guard !region.isEmpty, let id = conicPatternID(g) else { return }
            writePath(PathData.polygon(region), .fill(.nonzero), paint: "url(#\(idPrefix)g\(id))", opacity: opacity)
        }
    }

    /// A gradient whose start and end coincide has no band. Choice: `.none` paints nothing;
    /// `.before` paints the first stop's color everywhere (everything is "before" the start line);
    /// `.after` and `.both` paint the last stop's color everywhere (what SVG does for such a
    /// gradient, and everything is "after" the end line).
    static func degenerateStop(_ g: LinearGradient) -> GradientStop? {
        switch g.extend {
        case .none: return nil
        case .before: return g.stops.first
        case .after, .both: return g.stops.last
        }
    }

    /// One `<path>`; attribute order: d, fill, fill-rule, fill-opacity, stroke, stroke-opacity,
    /// stroke-width, stroke-linecap, stroke-linejoin, stroke-miterlimit, stroke-dasharray,
    /// stroke-dashoffset.
    /// The longest indent and path data `writeOpaqueFill` takes (its buffer is on the stack).
    private static let opaqueFillLimit = 1024

    /// What `writePath` writes for an opaque fill in a color, with the nonzero rule and no blend:
    /// most shapes of a large scene. The line is put together in a buffer on the stack and
    /// appended at once: one check of the array's uniqueness and capacity for the line, not one
    /// for each of its pieces.
    private mutating func writeOpaqueFill(_ d: [UInt8], _ color: Color) {
        let head: StaticString = "<path d=\""
        let middle: StaticString = "\" fill=\""
        let tail: StaticString = "\"/>\n"
        let indent = 2 * depth
        let count = indent + head.utf8CodeUnitCount + d.count + middle.utf8CodeUnitCount + 7 + tail.utf8CodeUnitCount
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            var p = buffer.baseAddress!
            p.update(repeating: UInt8(ascii: " "), count: indent)
            p += indent
            p.update(from: head.utf8Start, count: head.utf8CodeUnitCount)
            p += head.utf8CodeUnitCount
            d.withUnsafeBufferPointer { p.update(from: $0.baseAddress!, count: $0.count) }
            p += d.count
            p.update(from: middle.utf8Start, count: middle.utf8CodeUnitCount)
            p += middle.utf8CodeUnitCount
            Num.writeHexRGB(color, to: p)
            p += 7
            p.update(from: tail.utf8Start, count: tail.utf8CodeUnitCount)
            out.append(UnsafeBufferPointer(buffer))
        }
        out.lineEnded()
    }

    private mutating func writePath(_ d: String, _ kind: ShapeKind, paint: String, opacity: Double) {
        writePath(Array(d.utf8), kind, paint: paint, opacity: opacity)
    }

    private mutating func writePath(_ d: [UInt8], _ kind: ShapeKind, paint: String, opacity: Double) {
        beginLine()
        out.append("<path d=\"")
        out.append(d)
        out.append("\"")
        // Most shapes are opaque: "1" without formatting it (as Num.text(1) writes it).
        let alpha = opacity == 1 ? "1" : Num.text(opacity)
        switch kind {
        case .fill(let rule):
            out.append(" fill=\"")
            out += paint
            out.append("\"")
            if rule == .evenodd { out += " fill-rule=\"evenodd\"" }
            if alpha != "1" { out += " fill-opacity=\"\(alpha)\"" }
        case .stroke(let style):
            out += " fill=\"none\" stroke=\""
            out += paint
            out += "\""
            if alpha != "1" { out += " stroke-opacity=\"\(alpha)\"" }
            out += " stroke-width=\""
            out += Num.text(max(0, Num.finite(style.width)))
            out += "\""
            if style.cap != .butt { out += " stroke-linecap=\"\(style.cap.rawValue)\"" }
            if style.join != .miter { out += " stroke-linejoin=\"\(style.join.rawValue)\"" }
            let miter = Num.text(max(1, Num.finite(style.miterLimit)))
            if miter != "4" { out += " stroke-miterlimit=\"\(miter)\"" }
            let dash = style.dash.map { Num.text(max(0, Num.finite($0))) }
            if dash.contains(where: { $0 != "0" }) {
                out += " stroke-dasharray=\""
                out += dash.joined(separator: " ")
                out += "\""
                let phase = Num.text(style.dashPhase)
                if phase != "0" { out += " stroke-dashoffset=\"\(phase)\"" }
            }
        }
        if !pendingBlend.isEmpty { out += takeBlend() }
        if annotate { out += " data-op=\"\(currentIndex)\"" }
        out.append("/>")
        endLine()
    }

    // MARK: - Definitions

    /// The id number of a `<linearGradient>` for `g`, written here if no identical one was written.
    /// The extend is not part of it: SVG pads, and the band is cut by geometry.
    private mutating func gradientID(_ g: LinearGradient) -> Int {
        var attributes = " gradientUnits=\"userSpaceOnUse\""
        attributes += " x1=\"\(Num.text(g.start.x))\" y1=\"\(Num.text(g.start.y))\""
        attributes += " x2=\"\(Num.text(g.end.x))\" y2=\"\(Num.text(g.end.y))\">"
        return sharedGradientID("linearGradient", attributes, g.stops)
    }

    /// The id number of a gradient element with these attributes and stops: the one already
    /// written if an identical one was (linear and radial share the numbering `g1`, `g2`, …), else
    /// a new one, written here.
    private mutating func sharedGradientID(_ element: String, _ attributes: String, _ stops: [GradientStop]) -> Int {
        let stopLines = Self.stopElements(stops)
        let key = element + attributes + stopLines.joined()
        if let id = gradientIDs[key] { return id }
        let id = gradientIDs.count + 1
        gradientIDs[key] = id
        line("<\(element) id=\"\(idPrefix)g\(id)\"" + attributes)
        depth += 1
        for s in stopLines { line(s) }
        depth -= 1
        line("</\(element)>")
        return id
    }

    /// The id number of a `<pattern>` drawing the conic gradient `g` over the visible canvas (see
    /// `ConicPattern`), written here if no identical one was written; ids shared with the
    /// gradients. A translucent gradient's alpha is a `<mask>` written just before, `g<id>m`.
    /// nil when the canvas has no region in the current user space.
    private mutating func conicPatternID(_ g: ConicGradient) -> Int? {
        guard let canvas = RegionGeometry.canvas(width: width, height: height, ctm: ctm), let inverse = ctm.inverted,
            let pattern = ConicPattern(g, canvas: canvas)
        else { return nil }
        // The tile is the canvas in canvas pixels (the pattern's space is the canvas's, through
        // patternTransform): its content lies on whole pixels, not resampled, and starts at the
        // canvas's corner, where librsvg places the mask of a tile's content (a tile starting
        // elsewhere lost a column of the canvas there). The wedges are drawn in the user space
        // (the content's transform), and the tile repeats only outside the canvas.
        func matrix(_ t: AffineTransform) -> String { "matrix(" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Num.text).joined(separator: " ") + ")" }
        let moved = ctm != .identity
        let region =
            (moved ? " patternTransform=\"\(matrix(inverse))\"" : "")
            + " x=\"0\" y=\"0\" width=\"\(Num.text(width))\" height=\"\(Num.text(height))\">"
        let key = "pattern" + region + (pattern.alphaWedges ?? []).joined() + pattern.colorWedges.joined()
        if let id = gradientIDs[key] { return id }
        let id = gradientIDs.count + 1
        gradientIDs[key] = id
        if let alpha = pattern.alphaWedges {
            // The mask's default region, the wedges' bounds and 10% more, covers the tile:
            // librsvg cut the last column of the canvas with the tile's own rectangle as region.
            line("<mask id=\"\(idPrefix)g\(id)m\">")
            depth += 1
            for w in alpha { line(w) }
            depth -= 1
            line("</mask>")
        }
        line("<pattern id=\"\(idPrefix)g\(id)\" patternUnits=\"userSpaceOnUse\"" + region)
        depth += 1
        if moved { line("<g transform=\"\(matrix(ctm))\">"); depth += 1 }
        if pattern.alphaWedges != nil { line("<g mask=\"url(#\(idPrefix)g\(id)m)\">"); depth += 1 }
        for w in pattern.colorWedges { line(w) }
        if pattern.alphaWedges != nil { depth -= 1; line("</g>") }
        if moved { depth -= 1; line("</g>") }
        depth -= 1
        line("</pattern>")
        return id
    }

    /// `<stop>` elements for `stops`.
    private static func stopElements(_ stops: [GradientStop]) -> [String] {
        var elements: [String] = []
        elements.reserveCapacity(stops.count)
        var previous: Double = 0
        for stop in stops {
            // SVG clamps offsets to 0...1 and to the previous one; write the effective value.
            let offset = max(previous, Num.unit(stop.offset))
            previous = offset
            var s = "<stop offset=\"\(Num.text(offset))\" stop-color=\"\(Num.hexRGB(stop.color))\""
            let alpha = Num.text(Num.unit(stop.color.alpha))
            if alpha != "1" { s += " stop-opacity=\"\(alpha)\"" }
            s += "/>"
            elements.append(s)
        }
        return elements
    }

    /// The id number of a `<radialGradient>` for `r`, written here if no identical one was written
    /// (ids shared with linear gradients: `g1`, `g2`, … in document order). The focal point is
    /// written only where it is not the center.
    private mutating func radialGradientID(_ r: RadialGeometry) -> Int {
        var attributes = " gradientUnits=\"userSpaceOnUse\""
        attributes += " cx=\"\(Num.text(r.center.x))\" cy=\"\(Num.text(r.center.y))\" r=\"\(Num.text(r.radius))\""
        let fx = Num.text(r.focal.x), fy = Num.text(r.focal.y)
        if fx != Num.text(r.center.x) || fy != Num.text(r.center.y) { attributes += " fx=\"\(fx)\" fy=\"\(fy)\"" }
        attributes += ">"
        return sharedGradientID("radialGradient", attributes, r.stops)
    }

    /// The id number of a `<clipPath>` holding one path, written here if no identical one was
    /// written. clipPathUnits is the default, userSpaceOnUse: the clip is in the user space of the
    /// `<g>` that references it, which never has a transform of its own.
    private mutating func clipID(d: String, rule: FillRule) -> Int {
        var body = "<path d=\"" + d + "\""
        if rule == .evenodd { body += " clip-rule=\"evenodd\"" }
        body += "/>"
        if let id = clipIDs[body] { return id }
        let id = clipIDs.count + 1
        clipIDs[body] = id
        line("<clipPath id=\"\(idPrefix)clip\(id)\">" + body + "</clipPath>")
        return id
    }

    /// The id number of a shadow `<filter>`, written here if no identical one was written.
    private mutating func shadowID(_ filter: (attributes: String, primitives: [String])) -> Int {
        let key = filter.attributes + filter.primitives.joined()
        if let id = shadowIDs[key] { return id }
        let id = shadowIDs.count + 1
        shadowIDs[key] = id
        line("<filter id=\"\(idPrefix)shadow\(id)\"" + filter.attributes)
        depth += 1
        for primitive in filter.primitives { line(primitive) }
        depth -= 1
        line("</filter>")
        return id
    }

    // MARK: - Lines

    private mutating func beginLine() {
        out.appendSpaces(2 * depth)
    }

    private mutating func endLine() {
        out.append("\n")
        out.lineEnded()
    }

    private mutating func line(_ text: String) {
        beginLine()
        out += text
        endLine()
    }
}
