import DisplayList
import SceneSource
import SceneSyntax

/// The geometry of one SVG shape, in its own user space.
enum Geometry {
    case rect(x: Double, y: Double, width: Double, height: Double, radius: Double)
    case circle(cx: Double, cy: Double, r: Double)
    case oval(x: Double, y: Double, width: Double, height: Double)
    /// Path data the language reads as it is (`d`), with its commands.
    case path(d: String, commands: [PathDataCommand.Operation], open: Bool)

    /// The commands of the outline, for bounding boxes and clip shapes.
    var commands: [PathDataCommand.Operation] {
        switch self {
        case .path(_, let commands, _): return commands
        case .rect(let x, let y, let w, let h, let r):
            if r == 0 { return [.move(x: x, y: y), .line(x: x + w, y: y), .line(x: x + w, y: y + h), .line(x: x, y: y + h), .close] }
            return [
                .move(x: x + r, y: y), .line(x: x + w - r, y: y),
                .arc(fromX: x + w - r, fromY: y, rx: r, ry: r, rotation: 0, largeArc: false, sweep: true, x: x + w, y: y + r),
                .line(x: x + w, y: y + h - r),
                .arc(fromX: x + w, fromY: y + h - r, rx: r, ry: r, rotation: 0, largeArc: false, sweep: true, x: x + w - r, y: y + h),
                .line(x: x + r, y: y + h),
                .arc(fromX: x + r, fromY: y + h, rx: r, ry: r, rotation: 0, largeArc: false, sweep: true, x: x, y: y + h - r),
                .line(x: x, y: y + r),
                .arc(fromX: x, fromY: y + r, rx: r, ry: r, rotation: 0, largeArc: false, sweep: true, x: x + r, y: y), .close,
            ]
        case .circle(let cx, let cy, let r): return Self.ellipse(cx: cx, cy: cy, rx: r, ry: r)
        case .oval(let x, let y, let w, let h): return Self.ellipse(cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2)
        }
    }

    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> [PathDataCommand.Operation] {
        [
            .move(x: cx + rx, y: cy),
            .arc(fromX: cx + rx, fromY: cy, rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, x: cx, y: cy + ry),
            .arc(fromX: cx, fromY: cy + ry, rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, x: cx - rx, y: cy),
            .arc(fromX: cx - rx, fromY: cy, rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, x: cx, y: cy - ry),
            .arc(fromX: cx, fromY: cy - ry, rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, x: cx + rx, y: cy), .close,
        ]
    }

    /// The scene element drawing this geometry, before paint attributes.
    var node: SceneNode {
        switch self {
        case .rect(let x, let y, let w, let h, let r):
            var a = [("x", num(x)), ("y", num(y)), ("width", num(w)), ("height", num(h))]
            if r > 0 { a.append(("radius", num(r))) }
            return SceneNode("rect", a)
        case .circle(let cx, let cy, let r): return SceneNode("circle", [("cx", num(cx)), ("cy", num(cy)), ("radius", num(r))])
        case .oval(let x, let y, let w, let h): return SceneNode("oval", [("x", num(x)), ("y", num(y)), ("width", num(w)), ("height", num(h))])
        case .path(let d, _, _): return SceneNode("path", [("d", d)])
        }
    }
}

extension Converter {
    /// Parses path data with the language's own parser (the scene reads the same `d`).
    static func pathCommands(_ d: String) -> [PathDataCommand.Operation]? {
        if case .success(let commands) = parsePath(d) { return commands }
        return nil
    }

    /// The commands of `d`, or the byte offset where it stops being path data.
    static func parsePath(_ d: String) -> Result<[PathDataCommand.Operation], PathError> {
        let span = SourceSpan(file: FileID(0), start: 0, end: d.utf8.count)
        let attribute = Attribute(name: "d", nameSpan: span, value: d, valueSpan: span)
        switch PathDataParser.parse(attribute) {
        case .success(let data): return .success(data.commands.map(\.operation))
        case .failure(let diagnostic): return .failure(PathError(offset: diagnostic.span.start))
        }
    }

    struct PathError: Error { let offset: Int }

    /// SVG renderers draw path data up to its first error: the longest prefix before it that the
    /// language reads (cut back a command at a time), or nil when nothing before it is.
    static func validPrefix(_ d: String, failingAt offset: Int) -> String? {
        var bytes = Array(d.utf8.prefix(max(0, offset)))
        for _ in 0..<64 {
            while let last = bytes.last, [UInt8(ascii: " "), UInt8(ascii: ","), 9, 10, 13].contains(last) { bytes.removeLast() }
            if bytes.isEmpty { return nil }
            let text = String(decoding: bytes, as: UTF8.self)
            switch parsePath(text) {
            case .success(let commands): return commands.isEmpty ? nil : text
            case .failure(let error):
                // Cut back to the last command letter before the new error.
                var cut = min(error.offset, bytes.count)
                if cut == bytes.count { cut -= 1 }
                while cut > 0, !Self.commandLetters.contains(bytes[cut]) { cut -= 1 }
                bytes = Array(bytes.prefix(cut))
            }
        }
        return nil
    }

    static let commandLetters = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    /// The geometry of a shape element, nil when it draws nothing (a zero size, no data).
    mutating func geometry(_ element: SVGElement) -> Geometry? {
        func length(_ name: String, _ base: Double) -> Double { SVGValues.length(element[name], percentOf: base) ?? 0 }
        let (vw, vh) = viewport
        let diagonal = ((vw * vw + vh * vh) / 2).squareRoot()
        switch element.name {
        case "path":
            let d = Self.normalizedData(element["d"] ?? "")
            switch Self.parsePath(d) {
            case .success(let commands):
                if commands.isEmpty { return nil }
                return .path(d: d, commands: commands, open: false)
            case .failure(let error):
                guard let prefix = Self.validPrefix(d, failingAt: error.offset), let commands = Self.pathCommands(prefix) else {
                    warn(element, "its path data does not parse: left out", help: "fix the d attribute")
                    return nil
                }
                warn(
                    element, "its path data stops being valid at byte \(error.offset + 1): imported up to there, as SVG renderers draw it",
                    help: "fix the d attribute")
                return .path(d: prefix, commands: commands, open: false)
            }
        case "rect":
            let x = length("x", vw), y = length("y", vh), w = length("width", vw), h = length("height", vh)
            guard w > 0, h > 0 else { return nil }
            var rx = SVGValues.length(element["rx"], percentOf: vw), ry = SVGValues.length(element["ry"], percentOf: vh)
            if rx == nil || rx! < 0 { rx = (ry ?? 0) >= 0 ? ry : nil }
            if ry == nil || ry! < 0 { ry = rx }
            let cx = min(max(0, rx ?? 0), w / 2), cy = min(max(0, ry ?? 0), h / 2)
            if cx == cy { return .rect(x: x, y: y, width: w, height: h, radius: cx) }
            if cx == 0 || cy == 0 { return .rect(x: x, y: y, width: w, height: h, radius: 0) }
            let d =
                "M \(num(x + cx)) \(num(y)) H \(num(x + w - cx)) A \(num(cx)) \(num(cy)) 0 0 1 \(num(x + w)) \(num(y + cy)) "
                + "V \(num(y + h - cy)) A \(num(cx)) \(num(cy)) 0 0 1 \(num(x + w - cx)) \(num(y + h)) "
                + "H \(num(x + cx)) A \(num(cx)) \(num(cy)) 0 0 1 \(num(x)) \(num(y + h - cy)) "
                + "V \(num(y + cy)) A \(num(cx)) \(num(cy)) 0 0 1 \(num(x + cx)) \(num(y)) Z"
            return .path(d: d, commands: Self.pathCommands(d) ?? [], open: false)
        case "circle":
            let r = length("r", diagonal)
            guard r > 0 else { return nil }
            return .circle(cx: length("cx", vw), cy: length("cy", vh), r: r)
        case "ellipse":
            var rx = SVGValues.length(element["rx"], percentOf: vw), ry = SVGValues.length(element["ry"], percentOf: vh)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            guard let rx, let ry, rx > 0, ry > 0 else { return nil }
            return .oval(x: length("cx", vw) - rx, y: length("cy", vh) - ry, width: 2 * rx, height: 2 * ry)
        case "line":
            let d = "M \(num(length("x1", vw))) \(num(length("y1", vh))) L \(num(length("x2", vw))) \(num(length("y2", vh)))"
            return .path(d: d, commands: Self.pathCommands(d) ?? [], open: true)
        default: // polyline, polygon
            var points = SVGValues.numbers(element["points"] ?? "") ?? []
            if points.count % 2 == 1 {
                warn(element, "its points have an odd count of numbers: the last one is left out (as SVG renderers do)", help: "fix the points list")
                points.removeLast()
            }
            guard points.count >= 4 else { return nil }
            var d = "M \(num(points[0])) \(num(points[1]))"
            for i in stride(from: 2, to: points.count, by: 2) { d += " L \(num(points[i])) \(num(points[i + 1]))" }
            if element.name == "polygon" { d += " Z" }
            return .path(d: d, commands: Self.pathCommands(d) ?? [], open: element.name == "polyline")
        }
    }

    /// Path data on one line, runs of white space made one space: the language reads it as SVG does.
    static func normalizedData(_ d: String) -> String {
        var out = ""
        var space = false
        for c in d {
            if c == " " || c == "\n" || c == "\t" || c == "\r" { space = !out.isEmpty; continue }
            if space { out.append(" "); space = false }
            out.append(c)
        }
        return out
    }

    /// The largest coordinate a scene draws (the evaluator's `maxCoordinate`, Grammar.md section 14).
    static let maxCoordinate = 1e9

    /// Whether every number of the geometry is one a scene draws.
    static func drawable(_ geometry: Geometry) -> Bool {
        func ok(_ values: Double...) -> Bool { values.allSatisfy { abs($0) <= maxCoordinate } }
        switch geometry {
        case .rect(let x, let y, let w, let h, let r): return ok(x, y, w, h, r, x + w, y + h)
        case .circle(let cx, let cy, let r): return ok(cx, cy, r, cx + r, cy + r, cx - r, cy - r)
        case .oval(let x, let y, let w, let h): return ok(x, y, w, h, x + w, y + h)
        case .path(_, let commands, _):
            return commands.allSatisfy { command in
                switch command {
                case .move(let x, let y), .line(let x, let y): return ok(x, y)
                case .cubic(let x1, let y1, let x2, let y2, let x, let y): return ok(x1, y1, x2, y2, x, y)
                case .quad(let x1, let y1, let x, let y): return ok(x1, y1, x, y)
                case .arc(_, _, let rx, let ry, let rotation, _, _, let x, let y): return ok(rx, ry, rotation, x, y)
                case .close: return true
                }
            }
        }
    }

    /// A shape element: its geometry with fill and stroke.
    mutating func shape(_ element: SVGElement, style: SVGStyle) -> [SceneNode] {
        guard let geometry = geometry(element) else { return [] }
        guard Self.drawable(geometry) else {
            warn(
                element, "its coordinates reach beyond ±1000000000, more than a scene draws: left out",
                help: "scale the drawing down in the editor")
            return []
        }
        if style["visibility"] == "hidden" || style["visibility"] == "collapse" { return [] }
        var node = geometry.node
        let strokeWidth =
            SVGValues.length(
                style["stroke-width"], percentOf: ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()) ?? 1
        var fill =
            element.name == "line"
            ? PaintResult.none : paint(style["fill"], opacity: style["fill-opacity"], element: element, geometry: geometry, style: style)
        // A miter reaches at most miterLimit × width / 2 past the outline; SVG's limit is 4 by default.
        let reach = abs(strokeWidth) * max(4, Double(style["stroke-miterlimit"] ?? "4") ?? 4) / 2 + 1
        var stroke = paint(
            style["stroke"], opacity: style["stroke-opacity"], element: element, geometry: geometry, style: style,
            forStroke: true, margin: reach)
        if strokeWidth <= 0 { stroke = PaintResult.none }
        if case .clipped(let approximate) = stroke {
            let attributes = Dictionary(uniqueKeysWithValues: approximate.attributes.map { ($0.0, $0.1) })
            stroke = .paint(attributes["paint"] ?? "none", Double(attributes["alpha"] ?? "1") ?? 1)
            warn(
                element,
                "its stroke's gradient is stretched unevenly (objectBoundingBox on a non-square shape, or a skewed gradientTransform): drawn with the nearest even stretch",
                help: "use gradientUnits=\"userSpaceOnUse\" for the stroke's gradient")
        }
        for name in ["marker-start", "marker-mid", "marker-end"] {
            if let value = style[name], value != "none", value.hasPrefix("url(") {
                warn(
                    element, "its markers (\(name): \(value)) are not imported",
                    help: "draw the markers as shapes in the editor (Inkscape: Path > Stroke to Path)")
                break
            }
        }
        // paint-order names what goes first; the stroke is under the fill when it is named before it.
        let order = (style["paint-order"] ?? "normal").split(separator: " ").map(String.init)
        if case .paint = stroke, case .paint = fill, let strokeAt = order.firstIndex(of: "stroke"),
            strokeAt < (order.firstIndex(of: "fill") ?? Int.max)
        {
            warn(
                element, "paint-order: \(order.joined(separator: " ")) (the stroke under the fill) is not imported: the fill is drawn first",
                help: "draw the stroke as a shape of its own under the fill")
        }
        if case .paint = stroke, style["vector-effect"] == "non-scaling-stroke" {
            warn(
                element, "vector-effect: non-scaling-stroke is not imported: the stroke scales with its transform",
                help: "set the stroke width the transform will give it")
        }
        var wrapper: SceneNode?
        if case .clipped(let clipNode) = fill {
            // A fill the language cannot place directly: the shape as a clip, painted under the gradient's matrix.
            wrapper = clipNode
            fill = PaintResult.none
        }
        var attributes = node.attributes
        var alphas: [Double] = []
        if case .paint(let text, let alpha) = fill { attributes.append(("fill", text)); alphas.append(alpha) }
        if case .paint(let text, let alpha) = stroke {
            attributes.append(("stroke", text))
            alphas.append(alpha)
            if strokeWidth != 1 { attributes.append(("lineWidth", num(strokeWidth))) }
            let cap = style["stroke-linecap"] ?? "butt"
            if cap == "round" || cap == "square" { attributes.append(("lineCap", cap)) }
            var join = style["stroke-linejoin"] ?? "miter"
            if join == "miter-clip" || join == "arcs" {
                warn(element, "stroke-linejoin=\"\(join)\" is drawn as miter", help: "use miter, round or bevel")
                join = "miter"
            }
            if join == "round" || join == "bevel" { attributes.append(("lineJoin", join)) }
            if join == "miter" {
                let limit = max(1, Double(style["stroke-miterlimit"] ?? "4") ?? 4)
                if limit != 10 { attributes.append(("miterLimit", num(limit))) }
            }
            if let dash = dashes(style["stroke-dasharray"], element: element) {
                attributes.append(("dash", "[" + dash.map(num).joined(separator: ", ") + "]"))
                let phase = SVGValues.length(style["stroke-dashoffset"]) ?? 0
                if phase != 0 { attributes.append(("dashPhase", num(phase))) }
            }
        }
        if style["fill-rule"] == "evenodd", attributes.contains(where: { $0.0 == "fill" }) || wrapper != nil {
            if wrapper == nil { attributes.append(("fillRule", "evenodd")) }
        }
        // Fill and stroke of the same alpha share `opacity`; different ones carry it in their colors.
        if alphas.count == 2 && alphas[0] != alphas[1] {
            attributes = attributes.map { key, value in
                guard key == "fill" || key == "stroke" else { return (key, value) }
                return (key, Self.withAlpha(value, key == "fill" ? alphas[0] : alphas[1]))
            }
        } else if let alpha = alphas.first, alpha < 1 {
            attributes.append(("opacity", num(alpha)))
        }
        node.attributes = attributes
        emitted += 1
        var nodes: [SceneNode] = []
        // A gradient cannot carry an alpha of its own: with fill and stroke of different alphas,
        // the shape is drawn twice, its fill then its stroke, each with its opacity (the same two
        // operations one element makes).
        if alphas.count == 2 && alphas[0] != alphas[1],
            attributes.contains(where: { ($0.0 == "fill" || $0.0 == "stroke") && ($0.1.hasPrefix("linear(") || $0.1.hasPrefix("radial(")) })
        {
            let strokeKeys: Set<String> = ["stroke", "lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashPhase"]
            let fillKeys: Set<String> = ["fill", "fillRule"]
            let shared = geometry.node.attributes
            var fillNode = geometry.node, strokeNode = geometry.node
            fillNode.attributes = shared + attributes.filter { fillKeys.contains($0.0) }.map { ($0.0, $0.0 == "fill" ? Self.plainPaint($0.1) : $0.1) }
            strokeNode.attributes =
                shared + attributes.filter { strokeKeys.contains($0.0) }.map { ($0.0, $0.0 == "stroke" ? Self.plainPaint($0.1) : $0.1) }
            if alphas[0] < 1 { fillNode.attributes.append(("opacity", num(alphas[0]))) }
            if alphas[1] < 1 { strokeNode.attributes.append(("opacity", num(alphas[1]))) }
            emitted += 1
            return [fillNode, strokeNode]
        }
        if var wrapper {
            emitted += wrapper.count
            if style["fill-rule"] == "evenodd" { wrapper.children[0].attributes = [("fillRule", "evenodd")] }
            nodes.append(wrapper)
        }
        if attributes.contains(where: { $0.0 == "fill" || $0.0 == "stroke" }) { nodes.append(node) }
        return nodes
    }

    /// A paint text with an alpha multiplied in: a color as rgba(…), a gradient paint as-is with
    /// its stops already carrying the alpha (`GradientTable` bakes it when asked).
    static func withAlpha(_ paint: String, _ alpha: Double) -> String {
        if alpha >= 1 { return paint }
        if let c = SVGValues.color(paint) { return colorText(SVGValues.RGBA(r: c.r, g: c.g, b: c.b, a: c.a * alpha)) }
        if paint == "color" { return "withAlpha(color, \(num(alpha)))" }
        return paint
    }

    /// A paint without the alpha `withAlpha` put in a color (gradients never have one).
    static func plainPaint(_ paint: String) -> String {
        if let c = SVGValues.color(paint), c.a < 1 { return colorText(SVGValues.RGBA(r: c.r, g: c.g, b: c.b, a: 1)) }
        if paint.hasPrefix("withAlpha(color,") { return "color" }
        return paint
    }

    /// `stroke-dasharray` as the language's dash list; nil for solid.
    mutating func dashes(_ text: String?, element: SVGElement) -> [Double]? {
        guard let text, text != "none" else { return nil }
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        var values: [Double] = []
        for part in parts {
            guard let v = SVGValues.length(part) else {
                warn(element, "the dash length '\(part)' is not a number: drawn solid", help: "give dash lengths in px")
                return nil
            }
            values.append(v)
        }
        // SVG draws a list with a negative or all-zero entries solid; an odd list is repeated.
        if values.isEmpty || values.contains(where: { $0 < 0 }) || values.allSatisfy({ $0 == 0 }) { return nil }
        if values.count % 2 == 1 { values += values }
        return values
    }

    // MARK: paints

    enum PaintResult {
        case none
        /// The paint expression and the alpha to multiply it by.
        case paint(String, Double)
        /// A gradient the language cannot place on the shape directly: a `<clip>` to draw instead.
        case clipped(SceneNode)
    }

    mutating func paint(
        _ value: String?, opacity: String?, element: SVGElement, geometry: Geometry, style: SVGStyle,
        forStroke: Bool = false, margin: Double = 0
    ) -> PaintResult {
        guard let value else { return .none }
        let alpha = min(1, max(0, SVGValues.fraction(opacity) ?? 1))
        guard let paint = SVGValues.paint(value) else {
            warn(element, "the paint '\(value)' is not one the importer reads: drawn as none", help: "use a color, currentColor or url(#gradient)")
            return .none
        }
        switch paint {
        case .none: return .none
        case .color(let c):
            if c.a == 0 || alpha == 0 { return .none }
            return .paint(Self.colorText(SVGValues.RGBA(r: c.r, g: c.g, b: c.b, a: 1)), alpha * c.a)
        case .currentColor:
            return colorPaint(style, alpha: alpha, element: element)
        case .reference(let id, let fallback):
            guard let target = ids[id], target.name == "linearGradient" || target.name == "radialGradient" else {
                if let target = ids[id], target.name == "pattern" {
                    warn(
                        element, "the pattern '#\(id)' is not imported (the language has no patterns): drawn with \(fallback ?? "no paint")",
                        help: "fill with a color or a gradient instead")
                } else if fallback == nil {
                    warn(element, "the paint url(#\(id)) names no gradient in this file: drawn as none", help: "fix the reference")
                }
                if let fallback, let p = SVGValues.paint(fallback) {
                    if case .color(let c) = p { return .paint(Self.colorText(SVGValues.RGBA(r: c.r, g: c.g, b: c.b, a: 1)), alpha * c.a) }
                    if case .currentColor = p { return colorPaint(style, alpha: alpha, element: element) }
                }
                return .none
            }
            return gradientPaint(target, alpha: alpha, element: element, geometry: geometry, forStroke: forStroke, margin: margin)
        }
    }

    /// currentColor: the `color` parameter where `color` is the one inherited from the root, else its value.
    mutating func colorPaint(_ style: SVGStyle, alpha: Double, element: SVGElement) -> PaintResult {
        let value = style["color"] ?? "black"
        if value == rootColor {
            usesColorParameter = true
            return .paint("color", alpha)
        }
        guard let c = SVGValues.color(value) else {
            warn(
                element, "its color '\(value)' (for currentColor) is not a color the importer reads: drawn black", help: "give color a #rrggbb value")
            return .paint("#000000", alpha)
        }
        return .paint(Self.colorText(SVGValues.RGBA(r: c.r, g: c.g, b: c.b, a: 1)), alpha * c.a)
    }
}
