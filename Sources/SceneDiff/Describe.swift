import DisplayList

/// Values as a reviewer reads them in a change: `#57dad5ff`, `2.5`, `matrix(1 0 0 1 10 0)`.
/// Colors read as `scenec dump` and `scenec test` write them, `#rrggbbaa` (the alpha to 4 decimals,
/// `#000000/0.123`, when it is not a whole number of 255ths): what the SVG output distinguishes.
/// Two colors that differ only below that (both the same text) are written exactly, channel by
/// channel (`exact`), so a change is never shown as no change.
enum Describe {
    static func number(_ v: Double) -> String { NumberFormat.format(v) }

    static func color(_ c: Color) -> String { ColorText.dump(c) }

    /// The old and new texts of a changed value, exact when the usual texts would read alike.
    static func pair(_ old: String, _ new: String, exact: () -> (String, String)) -> (String, String) {
        old == new ? exact() : (old, new)
    }

    static func exactPaint(_ paint: Paint) -> String {
        if case .color(let c) = paint { return ColorText.exact(c) }
        return Describe.paint(paint)
    }

    static func point(_ p: Point) -> String { "\(number(p.x)) \(number(p.y))" }

    static func paint(_ paint: Paint) -> String {
        switch paint {
        case .color(let c): return color(c)
        case .linearGradient(let g):
            let stops = g.stops.map { "\(color($0.color))@\(number($0.offset))" }.joined(separator: " ")
            return "linear(\(point(g.start)) -> \(point(g.end)) extend=\(g.extend.rawValue) [\(stops)])"
        case .radialGradient(let g):
            let stops = g.stops.map { "\(color($0.color))@\(number($0.offset))" }.joined(separator: " ")
            return "radial(\(point(g.startCenter)) r=\(number(g.startRadius)) -> \(point(g.endCenter)) r=\(number(g.endRadius))"
                + " extend=\(g.extend.rawValue) [\(stops)])"
        case .conicGradient(let g):
            let stops = g.stops.map { "\(color($0.color))@\(number($0.offset))" }.joined(separator: " ")
            return "conic(\(point(g.center)) angle=\(number(g.startAngle)) [\(stops)])"
        }
    }

    static func transform(_ t: AffineTransform) -> String {
        "matrix(" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: " ") + ")"
    }

    static func segment(_ s: PathSegment) -> String { DisplayListDump.segment(s) }

    /// `2,3 blur=4 #00000055`, or `none`.
    static func shadow(_ s: Shadow?) -> String {
        guard let s else { return "none" }
        return "\(number(s.offsetX)),\(number(s.offsetY)) blur=\(number(s.blur)) \(color(s.color))"
    }

    static func dash(_ d: [Double]) -> String { d.isEmpty ? "none" : d.map(number).joined(separator: ",") }

    static func quoted(_ s: String) -> String { "\"" + s + "\"" }
}
