import DisplayList

/// The region a Core Graphics paint operation covers, as a convex polygon in the current user space.
///
/// The canvas, outset by `canvasMargin` on every side, is mapped into the user space through the
/// inverse of the accumulated transform (an affine map keeps it a convex quadrilateral), then cut
/// with the half-planes of the gradient band that do not extend (Sutherland–Hodgman).
///
/// The margin: the canvas edges would otherwise be drawn exactly at the edge of the image, where
/// the 4-decimal rounding of the polygon's coordinates (magnified by a scaling transform) can leave
/// a faint anti-aliased seam. One point of margin lies outside the image and is never visible.
enum RegionGeometry {
    static let canvasMargin: Double = 1

    /// The canvas quadrilateral in the user space whose transform to canvas space is `ctm`, or nil
    /// when `ctm` is not invertible (or the result is not finite).
    static func canvas(width: Double, height: Double, ctm: AffineTransform) -> [Point]? {
        guard let inverse = ctm.inverted else { return nil }
        let m = canvasMargin
        let corners = [Point(-m, -m), Point(width + m, -m), Point(width + m, height + m), Point(-m, height + m)]
        let mapped = corners.map { inverse.apply($0) }
        for p in mapped where !(p.x.isFinite && p.y.isFinite) { return nil }
        return mapped
    }

    /// The part of the convex polygon where `f(p) ≥ 0` (f affine).
    static func clip(_ polygon: [Point], keeping f: (Point) -> Double) -> [Point] {
        guard let last = polygon.last else { return [] }
        var out: [Point] = []
        out.reserveCapacity(polygon.count + 1)
        var prev = last
        var fPrev = f(prev)
        for cur in polygon {
            let fCur = f(cur)
            if fCur >= 0 {
                if fPrev < 0 { out.append(intersection(prev, fPrev, cur, fCur)) }
                out.append(cur)
            } else if fPrev >= 0 {
                out.append(intersection(prev, fPrev, cur, fCur))
            }
            prev = cur
            fPrev = fCur
        }
        return out
    }

    private static func intersection(_ a: Point, _ fa: Double, _ b: Point, _ fb: Double) -> Point {
        let t = fa / (fa - fb)
        return Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }

    /// `polygon` cut to the band of `gradient` on the sides that do not extend. An empty result
    /// means nothing is painted.
    static func band(_ polygon: [Point], gradient g: GradientGeometry) -> [Point] {
        var poly = polygon
        let v = Point(g.end.x - g.start.x, g.end.y - g.start.y)
        if !g.extend.extendsBefore {
            poly = clip(poly) { p in (p.x - g.start.x) * v.x + (p.y - g.start.y) * v.y }
        }
        if !g.extend.extendsAfter {
            poly = clip(poly) { p in (g.end.x - p.x) * v.x + (g.end.y - p.y) * v.y }
        }
        return simplified(poly)
    }

    /// Drops vertices that print the same as the one before; fewer than 3 distinct printed vertices
    /// is an empty region.
    static func simplified(_ polygon: [Point]) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(polygon.count)
        for p in polygon {
            let r = Point(Num.rounded(p.x), Num.rounded(p.y))
            if let last = out.last, last == r { continue }
            out.append(r)
        }
        while out.count > 1, out.first == out.last { out.removeLast() }
        return out.count >= 3 ? out : []
    }
}

/// A gradient's axis as the renderers will see it (coordinates rounded as printed).
struct GradientGeometry {
    var start: Point
    var end: Point
    var extend: GradientExtend

    init(_ g: LinearGradient) {
        start = Point(Num.rounded(g.start.x), Num.rounded(g.start.y))
        end = Point(Num.rounded(g.end.x), Num.rounded(g.end.y))
        extend = g.extend
    }

    /// Start and end print the same: SVG paints such a gradient as its last stop's color, and Core
    /// Graphics has no band to paint.
    var isDegenerate: Bool { start == end }
}
