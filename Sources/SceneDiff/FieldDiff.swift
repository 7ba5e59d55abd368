import DisplayList

/// The fields of two operations of the same kind that differ, old → new, in the order a reviewer
/// reads an element's attributes. Children of groups and clips are compared separately.
struct FieldDiff {
    let tolerance: Tolerance

    func changes(_ a: DisplayItem, _ b: DisplayItem) -> [FieldChange] {
        var out: [FieldChange] = []
        func add(_ field: String, _ old: String, _ new: String) { out.append(FieldChange(field: field, old: old, new: new)) }
        func number(_ field: String, _ x: Double, _ y: Double) {
            if !tolerance.same(x, y) { add(field, Describe.number(x), Describe.number(y)) }
        }
        func paint(_ x: Paint, _ y: Paint) {
            if !tolerance.same(x, y) {
                let (old, new) = Describe.pair(Describe.paint(x), Describe.paint(y)) { (Describe.exactPaint(x), Describe.exactPaint(y)) }
                add("paint", old, new)
            }
        }
        func blend(_ x: BlendMode, _ y: BlendMode) {
            if x != y { add("blend", x.rawValue, y.rawValue) }
        }
        switch (a, b) {
        case (.fill(let x), .fill(let y)):
            paint(x.paint, y.paint)
            if x.rule != y.rule { add("rule", x.rule.rawValue, y.rule.rawValue) }
            number("opacity", x.opacity, y.opacity)
            blend(x.blend, y.blend)
            out += path(x.path, y.path, element: a.origin?.elementKind)
        case (.stroke(let x), .stroke(let y)):
            paint(x.paint, y.paint)
            number("width", x.style.width, y.style.width)
            if x.style.cap != y.style.cap { add("cap", x.style.cap.rawValue, y.style.cap.rawValue) }
            if x.style.join != y.style.join { add("join", x.style.join.rawValue, y.style.join.rawValue) }
            number("miterLimit", x.style.miterLimit, y.style.miterLimit)
            if !tolerance.same(x.style.dash, y.style.dash) { add("dash", Describe.dash(x.style.dash), Describe.dash(y.style.dash)) }
            number("dashPhase", x.style.dashPhase, y.style.dashPhase)
            number("opacity", x.opacity, y.opacity)
            blend(x.blend, y.blend)
            out += path(x.path, y.path, element: a.origin?.elementKind)
        case (.paint(let x), .paint(let y)):
            paint(x.paint, y.paint)
            number("opacity", x.opacity, y.opacity)
            blend(x.blend, y.blend)
        case (.group(let x), .group(let y)):
            if !tolerance.same(x.transform, y.transform) {
                add("transform", Describe.transform(x.transform), Describe.transform(y.transform))
            }
            blend(x.blend, y.blend)
        case (.clip(let x), .clip(let y)):
            if x.rule != y.rule { add("rule", x.rule.rawValue, y.rule.rawValue) }
            out += path(x.path, y.path, element: a.origin?.elementKind)
        case (.layer(let x), .layer(let y)):
            number("opacity", x.opacity, y.opacity)
            if !tolerance.same(x.shadow, y.shadow) { add("shadow", Describe.shadow(x.shadow), Describe.shadow(y.shadow)) }
            blend(x.blend, y.blend)
        case (.mask(let x), .mask(let y)):
            if x.mode != y.mode { add("mode", x.mode.rawValue, y.mode.rawValue) }
        case (.text(let x), .text(let y)):
            if x.string != y.string { add("text", Describe.quoted(x.string), Describe.quoted(y.string)) }
            if !tolerance.same(x.position, y.position) { add("at", Describe.point(x.position), Describe.point(y.position)) }
            if x.anchor != y.anchor { add("anchor", x.anchor.rawValue, y.anchor.rawValue) }
            if x.fontFamily != y.fontFamily { add("font", Describe.quoted(x.fontFamily), Describe.quoted(y.fontFamily)) }
            number("size", x.fontSize, y.fontSize)
            if x.fontWeight != y.fontWeight { add("weight", String(x.fontWeight), String(y.fontWeight)) }
            if !tolerance.same(x.color, y.color) {
                let (old, new) = Describe.pair(Describe.color(x.color), Describe.color(y.color)) {
                    (ColorText.exact(x.color), ColorText.exact(y.color))
                }
                add("color", old, new)
            }
            number("opacity", x.opacity, y.opacity)
        default:
            add("operation", a.operationName, b.operationName)
        }
        return out
    }

    /// A shape's change as what the shape is (`Geometry`): a rectangle's or an oval's position and
    /// size, a circle's center and radius, any other path's bounds, or, when those agree, how
    /// many of its segments differ. Field names are stable identifiers (`geometry.radius`); the
    /// label is for people.
    func path(_ x: Path, _ y: Path, element: String?) -> [FieldChange] {
        guard !tolerance.same(x, y) else { return [] }
        let changes = Geometry(element: element, tolerance: tolerance).changes(x, y)
        if !changes.isEmpty { return changes }
        if x.segments.count != y.segments.count {
            return [
                FieldChange(
                    field: "geometry.segments", old: "\(x.segments.count) segments", new: "\(y.segments.count) segments",
                    label: "path")
            ]
        }
        let differing = zip(x.segments, y.segments).enumerated().filter { !tolerance.same($0.element.0, $0.element.1) }
        guard let first = differing.first else { return [] }
        let label =
            differing.count == 1
            ? "path segment \(first.offset + 1) of \(x.segments.count)"
            : "path segments (\(differing.count) of \(x.segments.count) differ; the first, \(first.offset + 1))"
        return [
            FieldChange(
                field: "geometry.path", old: Describe.segment(first.element.0), new: Describe.segment(first.element.1),
                label: label)
        ]
    }
}

/// How alike two operations are, from 0 (nothing in common) to 1 (the same element drawing the
/// same thing): what the alignment maximizes. Drawing the same thing counts more than coming from
/// the same element, so inserting an element (which shifts its same-kind siblings' origins)
/// matches every other operation with itself instead of cascading.
struct Similarity {
    let tolerance: Tolerance

    static let threshold = 0.5

    func score(_ a: DisplayItem, _ b: DisplayItem) -> Double {
        guard a.operationName == b.operationName else { return 0 }
        let sameOrigin = a.origin != nil && a.origin == b.origin
        if tolerance.same(a, b) { return sameOrigin ? 1 : 0.9 }
        let fields = fieldScore(a, b)
        if sameOrigin { return 0.6 + 0.3 * fields }
        // Lists without origins (a reference read back from its dump): nothing tells two
        // operations apart but what they draw, so a changed color still pairs them.
        if a.origin == nil || b.origin == nil { return min(0.85, fields + 0.1) }
        return 0.75 * fields
    }

    /// 0…1: the share of what the operations draw that agrees.
    func fieldScore(_ a: DisplayItem, _ b: DisplayItem) -> Double {
        func same(_ flag: Bool, _ weight: Double) -> Double { flag ? weight : 0 }
        func pathScore(_ x: Path, _ y: Path, _ weight: Double) -> Double {
            if tolerance.same(x, y) { return weight }
            return weight * 0.8 * Bounds.overlap(Bounds.box(x, .identity), Bounds.box(y, .identity))
        }
        let kind = a.origin?.elementKind != nil && a.origin?.elementKind == b.origin?.elementKind
        switch (a, b) {
        case (.fill(let x), .fill(let y)):
            return same(tolerance.same(x.paint, y.paint), 0.3) + pathScore(x.path, y.path, 0.5)
                + same(x.rule == y.rule && tolerance.same(x.opacity, y.opacity), 0.1) + same(kind, 0.1)
        case (.stroke(let x), .stroke(let y)):
            return same(tolerance.same(x.paint, y.paint), 0.25) + pathScore(x.path, y.path, 0.45)
                + same(tolerance.same(x.style, y.style) && tolerance.same(x.opacity, y.opacity), 0.2) + same(kind, 0.1)
        case (.paint(let x), .paint(let y)):
            return same(tolerance.same(x.paint, y.paint), 0.6) + same(tolerance.same(x.opacity, y.opacity), 0.2) + same(kind, 0.2)
        case (.text(let x), .text(let y)):
            return same(x.string == y.string, 0.4) + same(tolerance.same(x.position, y.position), 0.2)
                + same(x.fontFamily == y.fontFamily && tolerance.same(x.fontSize, y.fontSize) && x.fontWeight == y.fontWeight, 0.2)
                + same(tolerance.same(x.color, y.color) && tolerance.same(x.opacity, y.opacity), 0.2)
        case (.group(let x), .group(let y)):
            return same(tolerance.same(x.transform, y.transform), 0.4) + 0.5 * childScore(x.items, y.items) + same(kind, 0.1)
        case (.layer(let x), .layer(let y)):
            return same(tolerance.same(x.opacity, y.opacity) && tolerance.same(x.shadow, y.shadow) && x.blend == y.blend, 0.4)
                + 0.5 * childScore(x.items, y.items) + same(kind, 0.1)
        case (.clip(let x), .clip(let y)):
            return pathScore(x.path, y.path, 0.4) + same(x.rule == y.rule, 0.1) + 0.5 * childScore(x.items, y.items)
        case (.mask(let x), .mask(let y)):
            return same(x.mode == y.mode, 0.1) + 0.4 * childScore(x.content, y.content) + 0.5 * childScore(x.items, y.items)
        default:
            return 0
        }
    }

    /// The share of children drawn alike, position by position (cheap; the real alignment of the
    /// children happens when the two containers are matched).
    func childScore(_ x: [DisplayItem], _ y: [DisplayItem]) -> Double {
        let longest = max(x.count, y.count)
        guard longest > 0 else { return 1 }
        let alike = zip(x, y).prefix(64).filter { tolerance.same($0, $1) }.count
        return Double(alike) / Double(min(longest, 64))
    }
}
