import DisplayList

/// Values as a reviewer reads them in a change: `#57dad5ff`, `2.5`, `matrix(1 0 0 1 10 0)`.
/// Colors whose alpha is not a whole number of 255ths show it to 4 decimals (`#000000/0.123`), so
/// a change the SVG shows is never hidden by 8-bit text.
enum Describe {
    static func number(_ v: Double) -> String { NumberFormat.format(v) }

    static func color(_ c: Color) -> String { ColorText.exact(c) }

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
