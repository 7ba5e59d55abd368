import DisplayList

/// A shape's change described as what the shape is, from its element and its path's bounds: a
/// `<rect>`'s or an `<oval>`'s position and size (`geometry.x`, `geometry.width`…), a `<circle>`'s
/// center and radius (`geometry.center`, `geometry.radius`), any other path's bounds
/// (`geometry.bounds`). Each part is a field of its own, reported only when it changed; empty when
/// the bounds agree (a corner radius, a path's inside), for the caller to describe the segments.
struct Geometry {
    let element: String?
    let tolerance: Tolerance

    func changes(_ x: Path, _ y: Path) -> [FieldChange] {
        guard let a = Bounds.box(x, .identity), let b = Bounds.box(y, .identity) else { return [] }
        var out: [FieldChange] = []
        func number(_ part: String, _ old: Double, _ new: Double) {
            if !tolerance.same(old, new) {
                out.append(FieldChange(field: "geometry." + part, old: Describe.number(old), new: Describe.number(new), label: part))
            }
        }
        switch element {
        case "rect", "oval":
            number("x", a.x, b.x)
            number("y", a.y, b.y)
            number("width", a.width, b.width)
            number("height", a.height, b.height)
        case "circle":
            let (c, d) = (center(a), center(b))
            if !tolerance.same(c, d) {
                out.append(FieldChange(field: "geometry.center", old: Describe.point(c), new: Describe.point(d), label: "center"))
            }
            number("radius", a.width / 2, b.width / 2)
        default:
            if !tolerance.same(a.x, b.x) || !tolerance.same(a.y, b.y) || !tolerance.same(a.width, b.width)
                || !tolerance.same(a.height, b.height)
            {
                out.append(FieldChange(field: "geometry.bounds", old: text(a), new: text(b), label: "bounds"))
            }
        }
        return out
    }

    private func center(_ r: Rect) -> Point { Point(r.x + r.width / 2, r.y + r.height / 2) }

    /// `x 10 y 4 width 30 height 20`.
    private func text(_ r: Rect) -> String {
        "x \(Describe.number(r.x)) y \(Describe.number(r.y)) width \(Describe.number(r.width)) height \(Describe.number(r.height))"
    }
}
