import DisplayList

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A conic gradient as SVG draws it: SVG has none, so it becomes a `<pattern>` (a paint like a
/// gradient, usable in `fill` and `stroke`) whose tile covers the visible canvas and holds the
/// gradient's flat wedges (`ConicGradient.wedges`: neighbours differ by at most 1/255 per channel).
/// The tile is the canvas in canvas pixels (see `SVGWriter.conicPatternID`); the wedges are in
/// the user space and reach past every corner of the visible canvas.
///
/// Anti-aliasing seams: two wedges that merely touch leave a faint line of the background where
/// both edges are partly covered. So each wedge reaches `overlap` (a fraction of a turn) past its
/// end, under the wedges drawn after it, and the first starts that much early, under the last:
/// the only edge that shows is each wedge's start, drawn over the opaque wedge before it. The last
/// wedge ends exactly at the start angle (the gradient's one discontinuity, anti-aliased there).
///
/// Overlapping only works for opaque colors. When a stop is translucent, the wedges are drawn in
/// opaque colors and the alpha comes from a luminance `<mask>` of gray wedges laid the same way
/// (a gray's luminance is its level in every renderer: the coefficients sum to 1).
struct ConicPattern {
    /// How far each wedge reaches under the next, as a fraction of a turn (π/16: one pixel at a
    /// radius of 5 pixels; nearer the center every renderer blurs the colors anyway).
    static let overlap = 1.0 / 32

    /// `<path>` elements of the colored wedges, in drawing order.
    let colorWedges: [String]
    /// `<path>` elements of the alpha mask's gray wedges; nil when every stop is opaque.
    let alphaWedges: [String]?

    /// nil when there is nothing to draw (no visible canvas).
    init?(_ g: ConicGradient, canvas: [Point]) {
        guard !canvas.isEmpty else { return nil }
        let xs = canvas.map(\.x), ys = canvas.map(\.y)
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let c = g.center
        // Far enough that the wedges cover the tile: every corner's distance, plus a point.
        let reach =
            [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
            .map { (($0.x - c.x) * ($0.x - c.x) + ($0.y - c.y) * ($0.y - c.y)).squareRoot() }.max()! + 1
        let wedges = g.wedges
        let translucent = wedges.contains { Color.byte($0.color.alpha) < 255 }
        func polygons(_ paint: (Color) -> String) -> [String] {
            wedges.enumerated().map { i, w in
                let from = i == 0 ? w.from - Self.overlap : w.from
                let to = i == wedges.count - 1 ? w.to : min(1, w.to + Self.overlap)
                return "<path d=\"" + Self.fan(center: c, radius: reach, start: g.startAngle, from: from, to: to)
                    + "\" fill=\"" + paint(w.color) + "\"/>"
            }
        }
        colorWedges = polygons { Num.hexRGB($0.with(alpha: 1)) }
        alphaWedges =
            translucent
            ? polygons {
                let a = Num.unit($0.alpha); return Num.hexRGB(Color(red: a, green: a, blue: a))
            } : nil
    }

    /// A polygon from the center along the circle of `radius` from turn fraction `from` to `to`
    /// (after `start` radians), its outer vertices at most `ConicGradient.maxWedge` apart and far
    /// enough out that the chords between them stay outside the circle.
    static func fan(center c: Point, radius: Double, start: Double, from: Double, to: Double) -> String {
        let steps = max(1, Int(((to - from) / ConicGradient.maxWedge).rounded(.up)))
        let stepAngle = (to - from) * 2 * Double.pi / Double(steps)
        let r = radius / cos(stepAngle / 2)
        let rim = (0...steps).map { k in
            let angle = start + 2 * Double.pi * from + stepAngle * Double(k)
            return Point(c.x + r * cos(angle), c.y + r * sin(angle))
        }
        return PathData.polygon([c] + rim)
    }
}
