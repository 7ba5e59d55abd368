import DisplayList

/// Compares a recorded display list with the evaluator's: the same operations in the same order,
/// numbers equal within 1e-9 relative (of the larger magnitude, at least 1), colors exactly equal.
/// Source spans and origins are not compared (a recording has none).
///
/// Both lists are first brought to one form where Core Graphics has one way to say what the
/// display list says in two: a clip holding only one paint region is the fill of the clip's path
/// with that paint (Core Graphics fills a path with a gradient by clipping to it), and a group
/// holding only a plain layer with a blend mode is the group with that blend mode, and a layer at
/// full opacity without shadow or blend mode around items that blend with nothing, or a group
/// with the identity transform and no blend mode, is its items; so is a plain layer that is all a
/// mask masks (the masked items are one image already). A stroke of line width 0 draws
/// nothing (SVG's rule, which scenec's renderers follow; generated code does not stroke it, as Core
/// Graphics would draw the device's thinnest line), and a group, clip or layer left with nothing in
/// it draws nothing.
public enum DisplayListMatch {
    /// Relative; the Kotlin proof compares Android's float coordinates with a wider one
    /// (`$tolerance.withValue`).
    @TaskLocal public static var tolerance = 1e-9

    /// nil when the lists match; otherwise where and how they first differ.
    public static func difference(expected: DisplayList, actual: DisplayList) -> String? {
        if let d = number(expected.width, actual.width, "width") { return d }
        if let d = number(expected.height, actual.height, "height") { return d }
        return items(normalized(expected.items), normalized(actual.items), at: "items")
    }

    public static func normalized(_ items: [DisplayItem]) -> [DisplayItem] {
        items.flatMap { item -> [DisplayItem] in
            if case .stroke(let s) = item, s.style.width == 0 { return [] }
            let n = normalized(item)
            switch n {
            case .group(let g) where g.items.isEmpty: return []
            case .clip(let c) where c.items.isEmpty: return []
            case .layer(let l) where l.items.isEmpty: return []
            default: break
            }
            // A layer at full opacity, without shadow or blend mode, whose items blend with nothing
            // below them draws exactly its items: the evaluator leaves such a layer out.
            if case .layer(let l) = n, l.opacity == 1, l.shadow == nil, l.blend == .normal, !blendsWithBackdrop(l.items) {
                return l.items
            }
            // A group that moves nothing and blends normally is its items (the evaluator writes none).
            if case .group(let g) = n, g.blend == .normal, g.transform.isIdentity {
                return g.items
            }
            return [n]
        }
    }

    /// The evaluator's rule (Evaluation+Layers.swift): some item blends with what lies under it.
    static func blendsWithBackdrop(_ items: [DisplayItem]) -> Bool {
        items.contains { item in
            switch item {
            case .fill(let f): return f.blend != .normal
            case .stroke(let s): return s.blend != .normal
            case .paint(let p): return p.blend != .normal
            case .group(let g): return g.blend != .normal || blendsWithBackdrop(g.items)
            case .clip(let c): return blendsWithBackdrop(c.items)
            case .layer(let l): return l.blend != .normal
            case .mask: return false
            case .text: return false
            }
        }
    }

    static func normalized(_ item: DisplayItem) -> DisplayItem {
        switch item {
        case .clip(let c):
            let inner = normalized(c.items)
            if inner.count == 1, case .paint(let p) = inner[0] {
                return .fill(Fill(path: c.path, paint: p.paint, rule: c.rule, opacity: p.opacity, blend: p.blend, source: c.source))
            }
            return .clip(Clip(path: c.path, rule: c.rule, items: inner, source: c.source))
        case .group(let g):
            let inner = normalized(g.items)
            if g.blend == .normal, inner.count == 1, case .layer(let l) = inner[0], l.opacity == 1, l.shadow == nil, l.blend != .normal {
                return .group(Group(transform: g.transform, items: l.items, blend: l.blend, source: g.source))
            }
            return .group(Group(transform: g.transform, items: inner, blend: g.blend, source: g.source))
        case .layer(let l):
            return .layer(Layer(opacity: l.opacity, shadow: l.shadow, blend: l.blend, items: normalized(l.items), source: l.source))
        case .mask(let m):
            // The masked items are one image already: a plain layer around them is the items.
            var inner = normalized(m.items)
            if inner.count == 1, case .layer(let l) = inner[0], l.opacity == 1, l.shadow == nil, l.blend == .normal { inner = l.items }
            return .mask(Mask(mode: m.mode, content: normalized(m.content), items: inner, source: m.source))
        default:
            return item
        }
    }

    static func close(_ a: Double, _ b: Double) -> Bool {
        if a == b { return true }
        return abs(a - b) <= tolerance * max(1, abs(a), abs(b))
    }

    static func number(_ e: Double, _ a: Double, _ what: String) -> String? {
        close(e, a) ? nil : "\(what): expected \(e), recorded \(a)"
    }

    static func items(_ e: [DisplayItem], _ a: [DisplayItem], at place: String) -> String? {
        for (i, (x, y)) in zip(e, a).enumerated() {
            if let d = item(x, y, at: "\(place)[\(i)]") { return d }
        }
        if e.count != a.count { return "\(place): expected \(e.count) operations, recorded \(a.count)" }
        return nil
    }

    static func item(_ e: DisplayItem, _ a: DisplayItem, at place: String) -> String? {
        switch (e, a) {
        case (.fill(let x), .fill(let y)):
            if x.rule != y.rule || x.blend != y.blend { return "\(place): fill rule or blend mode differs" }
            return number(x.opacity, y.opacity, "\(place).opacity") ?? paint(x.paint, y.paint, at: "\(place).paint")
                ?? path(x.path, y.path, at: "\(place).path")
        case (.stroke(let x), .stroke(let y)):
            let s = x.style, t = y.style
            if s.cap != t.cap || s.join != t.join || x.blend != y.blend || s.dash.count != t.dash.count {
                return "\(place): stroke cap, join, blend mode or dash count differs"
            }
            for (i, (p, q)) in zip(
                [s.width, s.miterLimit, s.dashPhase, x.opacity] + s.dash, [t.width, t.miterLimit, t.dashPhase, y.opacity] + t.dash
            ).enumerated() {
                if let d = number(p, q, "\(place).style[\(i)]") { return d }
            }
            return paint(x.paint, y.paint, at: "\(place).paint") ?? path(x.path, y.path, at: "\(place).path")
        case (.paint(let x), .paint(let y)):
            if x.blend != y.blend { return "\(place): paint blend mode differs" }
            return number(x.opacity, y.opacity, "\(place).opacity") ?? paint(x.paint, y.paint, at: "\(place).paint")
        case (.group(let x), .group(let y)):
            if x.blend != y.blend { return "\(place): group blend mode differs" }
            let p = x.transform, q = y.transform
            for (i, (u, v)) in zip([p.a, p.b, p.c, p.d, p.tx, p.ty], [q.a, q.b, q.c, q.d, q.tx, q.ty]).enumerated() {
                if let d = number(u, v, "\(place).transform[\(i)]") { return d }
            }
            return items(x.items, y.items, at: "\(place).group")
        case (.clip(let x), .clip(let y)):
            if x.rule != y.rule { return "\(place): clip rule differs" }
            return path(x.path, y.path, at: "\(place).path") ?? items(x.items, y.items, at: "\(place).clip")
        case (.layer(let x), .layer(let y)):
            if x.blend != y.blend { return "\(place): layer blend mode differs" }
            if (x.shadow == nil) != (y.shadow == nil) { return "\(place): one layer has a shadow, the other not" }
            if let s = x.shadow, let t = y.shadow {
                if s.color != t.color { return "\(place): shadow color \(s.color) vs \(t.color)" }
                for (i, (u, v)) in zip([s.offsetX, s.offsetY, s.blur], [t.offsetX, t.offsetY, t.blur]).enumerated() {
                    if let d = number(u, v, "\(place).shadow[\(i)]") { return d }
                }
            }
            return number(x.opacity, y.opacity, "\(place).opacity") ?? items(x.items, y.items, at: "\(place).layer")
        case (.mask(let x), .mask(let y)):
            if x.mode != y.mode { return "\(place): mask mode \(x.mode) vs \(y.mode)" }
            return items(x.content, y.content, at: "\(place).content") ?? items(x.items, y.items, at: "\(place).mask")
        case (.text(let x), .text(let y)):
            if x.string != y.string || x.anchor != y.anchor || x.fontFamily != y.fontFamily || x.fontWeight != y.fontWeight {
                return "\(place): text, anchor, font family or weight differs: \(x.string) vs \(y.string)"
            }
            if x.color != y.color { return "\(place): text color \(x.color) vs \(y.color)" }
            return number(x.position.x, y.position.x, "\(place).x") ?? number(x.position.y, y.position.y, "\(place).y")
                ?? number(x.fontSize, y.fontSize, "\(place).fontSize") ?? number(x.opacity, y.opacity, "\(place).opacity")
        default:
            return "\(place): expected \(kind(e)), recorded \(kind(a))"
        }
    }

    static func kind(_ item: DisplayItem) -> String {
        switch item {
        case .fill: "a fill"
        case .stroke: "a stroke"
        case .paint: "a paint"
        case .group: "a group"
        case .clip: "a clip"
        case .layer: "a layer"
        case .mask: "a mask"
        case .text: "text"
        }
    }

    static func paint(_ e: Paint, _ a: Paint, at place: String) -> String? {
        switch (e, a) {
        case (.color(let x), .color(let y)):
            return x == y ? nil : "\(place): color \(ColorText.exact(x)) vs \(ColorText.exact(y))"
        case (.linearGradient(let x), .linearGradient(let y)):
            if x.extend != y.extend { return "\(place): gradient extend differs" }
            return stops(x.stops, y.stops, at: place)
                ?? numbers(
                    [x.start.x, x.start.y, x.end.x, x.end.y],
                    [y.start.x, y.start.y, y.end.x, y.end.y], at: place)
        case (.radialGradient(let x), .radialGradient(let y)):
            if x.extend != y.extend { return "\(place): gradient extend differs" }
            return stops(x.stops, y.stops, at: place)
                ?? numbers(
                    [x.startCenter.x, x.startCenter.y, x.startRadius, x.endCenter.x, x.endCenter.y, x.endRadius],
                    [y.startCenter.x, y.startCenter.y, y.startRadius, y.endCenter.x, y.endCenter.y, y.endRadius], at: place)
        case (.conicGradient(let x), .conicGradient(let y)):
            return stops(x.stops, y.stops, at: place)
                ?? numbers([x.center.x, x.center.y, x.startAngle], [y.center.x, y.center.y, y.startAngle], at: place)
        default:
            return "\(place): paints of different kinds"
        }
    }

    static func stops(_ e: [GradientStop], _ a: [GradientStop], at place: String) -> String? {
        if e.count != a.count { return "\(place): \(e.count) stops vs \(a.count)" }
        for (i, (x, y)) in zip(e, a).enumerated() {
            if x.color != y.color { return "\(place).stops[\(i)]: color \(ColorText.exact(x.color)) vs \(ColorText.exact(y.color))" }
            if let d = number(x.offset, y.offset, "\(place).stops[\(i)].offset") { return d }
        }
        return nil
    }

    static func numbers(_ e: [Double], _ a: [Double], at place: String) -> String? {
        for (i, (x, y)) in zip(e, a).enumerated() {
            if let d = number(x, y, "\(place)[\(i)]") { return d }
        }
        return nil
    }

    static func path(_ e: Path, _ a: Path, at place: String) -> String? {
        let x = e.segments, y = a.segments
        for (i, (s, t)) in zip(x, y).enumerated() {
            let here = "\(place)[\(i)]"
            switch (s, t) {
            case (.move(let p), .move(let q)), (.line(let p), .line(let q)):
                if let d = numbers([p.x, p.y], [q.x, q.y], at: here) { return d }
            case (.quad(let c, let p), .quad(let d, let q)):
                if let diff = numbers([c.x, c.y, p.x, p.y], [d.x, d.y, q.x, q.y], at: here) { return diff }
            case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)):
                if let diff = numbers([c1.x, c1.y, c2.x, c2.y, p.x, p.y], [d1.x, d1.y, d2.x, d2.y, q.x, q.y], at: here) { return diff }
            case (.arc(let p), .arc(let q)):
                if let diff = numbers(
                    [p.center.x, p.center.y, p.radiusX, p.radiusY, p.startAngle, p.sweep],
                    [q.center.x, q.center.y, q.radiusX, q.radiusY, q.startAngle, q.sweep], at: here)
                {
                    return diff
                }
            case (.close, .close):
                continue
            default:
                return "\(here): expected \(s), recorded \(t)"
            }
        }
        return x.count == y.count ? nil : "\(place): expected \(x.count) segments, recorded \(y.count)"
    }
}
