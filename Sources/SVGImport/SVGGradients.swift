import DisplayList

/// The gradients a scene declares, once each, at the top of its body.
struct GradientTable {
    private(set) var declarations: [SceneNode] = []
    private var names: [String: String] = [:]
    private var used: Set<String> = []

    /// The name of the gradient `id` with these stops, declaring it the first time.
    mutating func name(for id: String, stops: [(Double, String, Double)], pad: Bool) -> String {
        let key = id + "|" + stops.map { "\($0.0) \($0.1) \($0.2)" }.joined(separator: ",")
        if let name = names[key] { return name }
        var base = "gradient_"
        for c in id.unicodeScalars {
            base += (c.properties.isAlphabetic && c.isASCII) || ("0"..."9").contains(c) || c == "_" ? String(c) : "_"
        }
        var name = base
        var n = 2
        while used.contains(name) { name = base + "_\(n)"; n += 1 }
        used.insert(name)
        names[key] = name
        let stopNodes = stops.map { offset, color, opacity -> SceneNode in
            var a = [("offset", num(offset)), ("color", color)]
            if opacity < 1 { a.append(("opacity", num(opacity))) }
            return SceneNode("stop", a)
        }
        declarations.append(SceneNode("gradient", [("name", name)] + (pad ? [("extend", "both")] : []), children: stopNodes))
        return name
    }
}

extension Converter {
    /// The attributes of a gradient with those it inherits through `href` (nearest first).
    func gradientChain(_ gradient: SVGElement) -> [SVGElement] {
        var chain = [gradient]
        var seen: Set<String> = [gradient["id"] ?? ""]
        var current = gradient
        while chain.count < 16, let href = current.href, href.hasPrefix("#") {
            let id = String(href.dropFirst())
            guard !seen.contains(id), let next = ids[id], next.name == "linearGradient" || next.name == "radialGradient" else { break }
            seen.insert(id)
            chain.append(next)
            current = next
        }
        return chain
    }

    /// `margin`: how far outside the geometry the paint reaches (a stroke's), for spread gradients.
    mutating func gradientPaint(
        _ gradient: SVGElement, alpha: Double, element: SVGElement, geometry: Geometry, forStroke: Bool = false,
        margin: Double = 0
    ) -> PaintResult {
        let chain = gradientChain(gradient)
        func attribute(_ name: String) -> String? {
            for g in chain {
                if let v = g[name] {
                    // x1…, cx… come only from gradients of the same kind; units, transform and spread from any.
                    if ["gradientUnits", "gradientTransform", "spreadMethod"].contains(name) || g.name == gradient.name { return v }
                }
            }
            return nil
        }
        // Stops: those of the first gradient in the chain that has any.
        let stopElements = chain.first(where: { $0.children.contains { $0.name == "stop" } })?.children.filter { $0.name == "stop" } ?? []
        var stops: [(Double, String, Double)] = []
        var last = 0.0
        for stop in stopElements {
            let style = SVGStyle.computed(stop, parent: .initial, sheet: sheet)
            var offset = min(1, max(0, SVGValues.fraction(stop["offset"]) ?? 0))
            offset = max(offset, last)
            last = offset
            let colorValue = style["stop-color"] ?? "black"
            var color: String
            var opacity = min(1, max(0, SVGValues.fraction(style["stop-opacity"]) ?? 1))
            if colorValue == "currentColor" {
                usesColorParameter = true
                color = "color"
            } else if let c = SVGValues.color(colorValue) {
                color = Self.colorText(SVGValues.RGBA(r: c.r, g: c.g, b: c.b, a: 1))
                opacity *= c.a
            } else {
                warn(stop, "the stop-color '\(colorValue)' is not a color the importer reads: drawn black", help: "give stop-color a #rrggbb value")
                color = "#000000"
            }
            stops.append((offset, color, opacity))
        }
        if stops.isEmpty { return .none }
        if stops.count == 1 { return .paint(stops[0].1, alpha * stops[0].2) }
        var spread = attribute("spreadMethod") ?? "pad"
        if spread != "pad" && spread != "reflect" && spread != "repeat" { spread = "pad" }
        // The matrix from gradient space to the shape's user space.
        var matrix = AffineTransform.identity
        if let text = attribute("gradientTransform") {
            guard let steps = SVGValues.transformList(text) else {
                warn(gradient, "the gradientTransform '\(text)' does not parse: drawn without it", help: "fix the transform list")
                return .none
            }
            matrix = SVGValues.product(steps)
        }
        let boundingBox = (attribute("gradientUnits") ?? "objectBoundingBox") != "userSpaceOnUse"
        var baseX = viewport.width, baseY = viewport.height
        if boundingBox {
            guard let b = PathGeometry.bounds(PathGeometry.segments(geometry.commands)), b.maxX > b.minX, b.maxY > b.minY else { return .none }
            matrix = matrix.concatenating(AffineTransform(a: b.maxX - b.minX, b: 0, c: 0, d: b.maxY - b.minY, tx: b.minX, ty: b.minY))
            baseX = 1; baseY = 1
        }
        let baseR = boundingBox ? 1 : ((baseX * baseX + baseY * baseY) / 2).squareRoot()
        func value(_ name: String, _ fallback: String, _ base: Double) -> Double {
            SVGValues.length(attribute(name) ?? fallback, percentOf: base) ?? SVGValues.length(fallback, percentOf: base) ?? 0
        }
        guard let inverse = matrix.inverted else { return .none }
        // The shape's corners (and what its stroke reaches) in gradient space: how far a reflected
        // or repeated gradient must run, as periods of stops, to cover them.
        var corners: [Point] = []
        if spread != "pad", let b = PathGeometry.bounds(PathGeometry.segments(geometry.commands)) {
            corners = [
                Point(b.minX - margin, b.minY - margin), Point(b.maxX + margin, b.minY - margin),
                Point(b.maxX + margin, b.maxY + margin), Point(b.minX - margin, b.maxY + margin),
            ].map(inverse.apply)
        }
        func spreadFallback() {
            warn(
                gradient, "spreadMethod=\"\(spread)\" is drawn as pad here (more than \(Self.maxPeriods) periods, or a focal radius)",
                help: "widen the gradient so that it covers the shape, or use pad")
        }
        let lastStop = PaintResult.paint(stops[stops.count - 1].1, alpha * stops[stops.count - 1].2)
        if gradient.name == "linearGradient" {
            var p1 = Point(value("x1", "0%", baseX), value("y1", "0%", baseY))
            var p2 = Point(value("x2", "100%", baseX), value("y2", "0%", baseY))
            var v = Point(p2.x - p1.x, p2.y - p1.y)
            var length2 = v.x * v.x + v.y * v.y
            // SVG paints a gradient whose ends coincide with its last stop.
            if length2 == 0 { return lastStop }
            var paintStops = stops
            if !corners.isEmpty {
                let ts = corners.map { (($0.x - p1.x) * v.x + ($0.y - p1.y) * v.y) / length2 }
                let low = min(0, (ts.min() ?? 0).rounded(.down)), high = max(1, (ts.max() ?? 1).rounded(.up))
                if high - low <= Double(Self.maxPeriods) {
                    paintStops = Self.periods(stops, from: Int(low), to: Int(high), reflect: spread == "reflect")
                    (p1, p2) = (Point(p1.x + low * v.x, p1.y + low * v.y), Point(p1.x + high * v.x, p1.y + high * v.y))
                    v = Point(p2.x - p1.x, p2.y - p1.y)
                    length2 = v.x * v.x + v.y * v.y
                } else {
                    spreadFallback()
                }
            }
            let name = gradients.name(for: gradient["id"] ?? "gradient", stops: paintStops, pad: true)
            // t(q) = g·q + h in user space: the same gradient, its axis along g.
            let g = Point((inverse.a * v.x + inverse.b * v.y) / length2, (inverse.c * v.x + inverse.d * v.y) / length2)
            let g2 = g.x * g.x + g.y * g.y
            let start = matrix.apply(p1)
            let end = Point(start.x + g.x / g2, start.y + g.y / g2)
            return .paint("linear(\(name), \(num(start.x)), \(num(start.y)), \(num(end.x)), \(num(end.y)))", alpha)
        }
        var c = Point(value("cx", "50%", baseX), value("cy", "50%", baseY))
        var r = value("r", "50%", baseR)
        if r <= 0 { return lastStop }
        var f = Point(
            attribute("fx").flatMap { SVGValues.length($0, percentOf: baseX) } ?? c.x,
            attribute("fy").flatMap { SVGValues.length($0, percentOf: baseY) } ?? c.y)
        let fr = max(0, min(value("fr", "0%", baseR), r))
        // A focal point outside the circle moves onto it (SVG 1.1), just inside so the circles nest.
        let distance = ((f.x - c.x) * (f.x - c.x) + (f.y - c.y) * (f.y - c.y)).squareRoot()
        let reach = (r - fr) * 0.999
        if distance > reach && distance > 0 { f = Point(c.x + (f.x - c.x) * reach / distance, c.y + (f.y - c.y) * reach / distance) }
        // The circles of t = 0…N are the focal circle grown towards the end circle; a point is
        // inside circle t once |p − f| ≤ fr + t·(r − fr − |c − f|).
        var paintStops = stops
        if !corners.isEmpty {
            let growth = r - fr - Self.distance(c, f)
            var reachT = 1.0
            for corner in corners { reachT = max(reachT, (Self.distance(corner, f) - fr) / growth) }
            let n = reachT.rounded(.up)
            if fr == 0, growth > 0, n <= Double(Self.maxPeriods) {
                paintStops = Self.periods(stops, from: 0, to: Int(n), reflect: spread == "reflect")
                (c, r) = (Point(f.x + n * (c.x - f.x), f.y + n * (c.y - f.y)), fr + n * (r - fr))
            } else {
                spreadFallback()
            }
        }
        let name = gradients.name(for: gradient["id"] ?? "gradient", stops: paintStops, pad: true)
        let similar =
            abs(matrix.a - matrix.d) < 1e-9 && abs(matrix.b + matrix.c) < 1e-9
            || abs(matrix.a + matrix.d) < 1e-9 && abs(matrix.b - matrix.c) < 1e-9
        if similar || forStroke {
            let k = abs(matrix.determinant).squareRoot()
            let fc = matrix.apply(f), cc = matrix.apply(c)
            let text = "radial(\(name), \(num(fc.x)), \(num(fc.y)), \(num(fr * k)), \(num(cc.x)), \(num(cc.y)), \(num(r * k)))"
            return similar ? .paint(text, alpha) : .clipped(SceneNode("approximate", [("paint", text), ("alpha", num(alpha))]))
        }
        // The shape as a clip, the plane under the gradient's matrix painted inside it.
        let text = "radial(\(name), \(num(f.x)), \(num(f.y)), \(num(fr)), \(num(c.x)), \(num(c.y)), \(num(r)))"
        let statement = Self.statement(.matrix(matrix))
        var paintAttributes = [("fill", text)]
        if alpha < 1 { paintAttributes.append(("opacity", num(alpha))) }
        return .clipped(
            SceneNode(
                "clip",
                children: [
                    SceneNode("shape", [], children: PathGeometry.nodes(PathGeometry.segments(geometry.commands))),
                    statement, SceneNode("paint", paintAttributes),
                ]))
    }

    static func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// The most periods a reflected or repeated gradient is written out with.
    static let maxPeriods = 64

    /// The stops of periods `from..<to` of a gradient, as one run over 0…1: each period its
    /// stops, every other one mirrored for `reflect`.
    static func periods(_ stops: [(Double, String, Double)], from: Int, to: Int, reflect: Bool) -> [(Double, String, Double)] {
        let count = Double(to - from)
        var out: [(Double, String, Double)] = []
        for k in from..<to {
            let mirrored = reflect && ((k % 2) + 2) % 2 == 1
            let period = mirrored ? stops.reversed().map { (1 - $0.0, $0.1, $0.2) } : stops
            for stop in period { out.append(((Double(k - from) + stop.0) / count, stop.1, stop.2)) }
        }
        return out
    }

    // MARK: clip paths

    /// `nodes` inside the clip of `clip-path="url(#id)"`, in the element's user space.
    mutating func clipped(_ nodes: [SceneNode], by value: String, element: SVGElement, style: SVGStyle) -> [SceneNode] {
        guard case .reference(let id, _)? = SVGValues.paint(value), let clip = ids[id], clip.name == "clipPath" else {
            warn(element, "clip-path=\"\(value)\" names no <clipPath> in this file: drawn without a clip", help: "fix the reference")
            return nodes
        }
        var transform = AffineTransform.identity
        if let text = clip["transform"], let steps = SVGValues.transformList(text) { transform = SVGValues.product(steps) }
        if clip["clipPathUnits"] == "objectBoundingBox" {
            let segments = nodes.isEmpty ? [] : boundsOfContent(element)
            guard let b = PathGeometry.bounds(segments), b.maxX > b.minX, b.maxY > b.minY else { return [] }
            transform = transform.concatenating(AffineTransform(a: b.maxX - b.minX, b: 0, c: 0, d: b.maxY - b.minY, tx: b.minX, ty: b.minY))
        }
        if let nested = clip["clip-path"], nested != "none" {
            warn(clip, "a clip of a <clipPath> is not imported: drawn with the outer clip only", help: "intersect the clip paths in the editor")
        }
        let clipStyle = SVGStyle.computed(clip, parent: style, sheet: sheet)
        var segments: [PathGeometry.Segment] = []
        var rules: Set<String> = []
        for child in clip.children where child.prefix == nil {
            var shape = child
            var childTransform = AffineTransform.identity
            if child.name == "use", let href = child.href, href.hasPrefix("#"), let target = ids[String(href.dropFirst())],
                Self.shapes.contains(target.name)
            {
                shape = target
                childTransform = .translation(SVGValues.length(child["x"]) ?? 0, SVGValues.length(child["y"]) ?? 0)
                if let text = child["transform"], let steps = SVGValues.transformList(text) {
                    childTransform = childTransform.concatenating(SVGValues.product(steps))
                }
            }
            let childStyle = SVGStyle.computed(shape, parent: clipStyle, sheet: sheet)
            if childStyle["display"] == "none" || childStyle["visibility"] == "hidden" { continue }
            guard Self.shapes.contains(shape.name) else {
                if !["title", "desc", "metadata"].contains(shape.name) {
                    warn(child, "<\(child.name)> in a <clipPath> is not imported: the clip is made of the shapes only", help: "convert it to a path")
                }
                continue
            }
            guard let geometry = geometry(shape) else { continue }
            guard Self.drawable(geometry) else {
                warn(
                    shape, "its coordinates reach beyond ±1000000000, more than a scene draws: left out of the clip",
                    help: "scale the drawing down in the editor")
                continue
            }
            if let text = shape["transform"], let steps = SVGValues.transformList(text) {
                childTransform = SVGValues.product(steps).concatenating(childTransform)
            }
            segments += PathGeometry.segments(geometry.commands, transform: childTransform.concatenating(transform))
            rules.insert(childStyle["clip-rule"] ?? "nonzero")
        }
        if segments.isEmpty { return [] } // an empty clip path clips everything away
        if rules.count > 1 {
            warn(
                clip, "its shapes mix clip-rule nonzero and evenodd: the clip uses evenodd for all",
                help: "give the shapes of a clip path one clip-rule")
        }
        emitted += 2 + segments.count
        let shape = SceneNode("shape", rules.contains("evenodd") ? [("fillRule", "evenodd")] : [], children: PathGeometry.nodes(segments))
        return [SceneNode("clip", children: [shape] + nodes)]
    }

    /// The outline of an element's shapes (for a bounding box), in its user space.
    mutating func boundsOfContent(_ element: SVGElement) -> [PathGeometry.Segment] {
        if Self.shapes.contains(element.name) {
            let saved = warnings
            defer { warnings = saved }
            return geometry(element).map { PathGeometry.segments($0.commands) } ?? []
        }
        var segments: [PathGeometry.Segment] = []
        for child in element.children where Self.shapes.contains(child.name) || child.name == "g" {
            var t = AffineTransform.identity
            if let text = child["transform"], let steps = SVGValues.transformList(text) { t = SVGValues.product(steps) }
            let inner = boundsOfContent(child)
            if let b = PathGeometry.bounds(inner) {
                for p in [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)] {
                    segments.append(segments.isEmpty ? .move(t.apply(p)) : .line(t.apply(p)))
                }
            }
        }
        return segments
    }
}
