import DisplayList

/// Equality of display-list values up to a tolerance on every number (points, channels,
/// opacities, matrix entries alike), ignoring source spans and origins: two operations are the
/// same drawing when this says so. Colors are compared on their exact channels, not on the 8-bit
/// text of the dump, so an alpha of 0.120 and one of 0.123 differ.
struct Tolerance {
    let epsilon: Double

    func same(_ a: Double, _ b: Double) -> Bool {
        if a == b { return true }
        if !a.isFinite || !b.isFinite { return false }
        return abs(a - b) <= epsilon
    }

    func same(_ a: Point, _ b: Point) -> Bool { same(a.x, b.x) && same(a.y, b.y) }

    func same(_ a: Color, _ b: Color) -> Bool {
        same(a.red, b.red) && same(a.green, b.green) && same(a.blue, b.blue) && same(a.alpha, b.alpha)
    }

    func same(_ a: AffineTransform, _ b: AffineTransform) -> Bool {
        same(a.a, b.a) && same(a.b, b.b) && same(a.c, b.c) && same(a.d, b.d) && same(a.tx, b.tx) && same(a.ty, b.ty)
    }

    func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    }

    func same(_ a: Paint, _ b: Paint) -> Bool {
        switch (a, b) {
        case (.color(let x), .color(let y)): return same(x, y)
        case (.linearGradient(let x), .linearGradient(let y)):
            return x.extend == y.extend && same(x.start, y.start) && same(x.end, y.end) && x.stops.count == y.stops.count
                && zip(x.stops, y.stops).allSatisfy { same($0.offset, $1.offset) && same($0.color, $1.color) }
        case (.radialGradient(let x), .radialGradient(let y)):
            return x.extend == y.extend && same(x.startCenter, y.startCenter) && same(x.startRadius, y.startRadius)
                && same(x.endCenter, y.endCenter) && same(x.endRadius, y.endRadius) && x.stops.count == y.stops.count
                && zip(x.stops, y.stops).allSatisfy { same($0.offset, $1.offset) && same($0.color, $1.color) }
        case (.conicGradient(let x), .conicGradient(let y)):
            return same(x.center, y.center) && same(x.startAngle, y.startAngle) && x.stops.count == y.stops.count
                && zip(x.stops, y.stops).allSatisfy { same($0.offset, $1.offset) && same($0.color, $1.color) }
        default: return false
        }
    }

    func same(_ a: PathSegment, _ b: PathSegment) -> Bool {
        switch (a, b) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)): return same(p, q)
        case (.quad(let c, let p), .quad(let d, let q)): return same(c, d) && same(p, q)
        case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)): return same(c1, d1) && same(c2, d2) && same(p, q)
        case (.arc(let x), .arc(let y)):
            return same(x.center, y.center) && same(x.radiusX, y.radiusX) && same(x.radiusY, y.radiusY)
                && same(x.startAngle, y.startAngle) && same(x.sweep, y.sweep)
        case (.close, .close): return true
        default: return false
        }
    }

    func same(_ a: Path, _ b: Path) -> Bool {
        a.segments.count == b.segments.count && zip(a.segments, b.segments).allSatisfy { same($0, $1) }
    }

    func same(_ a: StrokeStyle, _ b: StrokeStyle) -> Bool {
        same(a.width, b.width) && a.cap == b.cap && a.join == b.join && same(a.miterLimit, b.miterLimit)
            && same(a.dash, b.dash) && same(a.dashPhase, b.dashPhase)
    }

    /// The same drawing: every field equal within the tolerance, children too.
    func same(_ a: DisplayItem, _ b: DisplayItem) -> Bool {
        switch (a, b) {
        case (.fill(let x), .fill(let y)):
            return x.rule == y.rule && x.blend == y.blend && same(x.opacity, y.opacity) && same(x.paint, y.paint) && same(x.path, y.path)
        case (.stroke(let x), .stroke(let y)):
            return x.blend == y.blend && same(x.opacity, y.opacity) && same(x.style, y.style) && same(x.paint, y.paint) && same(x.path, y.path)
        case (.paint(let x), .paint(let y)):
            return x.blend == y.blend && same(x.opacity, y.opacity) && same(x.paint, y.paint)
        case (.group(let x), .group(let y)):
            return x.blend == y.blend && same(x.transform, y.transform) && same(x.items, y.items)
        case (.clip(let x), .clip(let y)):
            return x.rule == y.rule && same(x.path, y.path) && same(x.items, y.items)
        case (.layer(let x), .layer(let y)):
            return x.blend == y.blend && same(x.opacity, y.opacity) && same(x.shadow, y.shadow) && same(x.items, y.items)
        case (.mask(let x), .mask(let y)):
            return x.mode == y.mode && same(x.content, y.content) && same(x.items, y.items)
        case (.text(let x), .text(let y)):
            return x.string == y.string && x.anchor == y.anchor && x.fontFamily == y.fontFamily && x.fontWeight == y.fontWeight
                && same(x.position, y.position) && same(x.fontSize, y.fontSize) && same(x.color, y.color)
                && same(x.opacity, y.opacity)
        default:
            return false
        }
    }

    func same(_ a: Shadow?, _ b: Shadow?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return same(a.offsetX, b.offsetX) && same(a.offsetY, b.offsetY) && same(a.blur, b.blur) && same(a.color, b.color)
    }

    func same(_ a: [DisplayItem], _ b: [DisplayItem]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    }
}
