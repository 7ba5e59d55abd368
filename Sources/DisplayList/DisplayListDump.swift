import SceneSource

/// The display list as canonical text: one operation per line, children indented, numbers in the
/// fixed format. This is what `scenec dump` prints, what golden tests compare and what review diffs
/// will show. Source positions are left out by default so that editing a comment does not change
/// every line; pass a source map to append `@line:col`.
public struct DisplayListDump {
    public let sources: SourceMap?

    public init(sources: SourceMap? = nil) { self.sources = sources }

    public func render(_ list: DisplayList) -> String {
        var lines = Lines(dump: self, out: "scene \(n(list.width)) \(n(list.height))\n")
        list.preOrder.walk(&lines)
        return lines.out
    }

    /// The walk that writes the lines: an item's line indented by its depth, a container's end
    /// after its items. A mask's content stands between `content` and `end content`, one level
    /// deeper than its masked items.
    private struct Lines: PreOrderVisitor {
        let dump: DisplayListDump
        var out: String
        /// The masks being written, innermost last: their depth, where their masked items start,
        /// and whether their content is still being written.
        var masks: [(depth: Int, firstItem: Int, inContent: Bool)] = []

        /// The indent of a line at `depth`: one more level inside each mask's content.
        func indent(_ depth: Int) -> String {
            String(repeating: "  ", count: depth + 1 + masks.count { $0.inContent })
        }

        mutating func enter(_ item: DisplayItem, index: Int, depth: Int) -> Bool {
            if let top = masks.last, top.inContent, index >= top.firstItem { endContent() }
            out += indent(depth) + dump.line(item) + "\n"
            if case .mask(let m) = item {
                out += indent(depth + 1) + "content\n"
                masks.append((depth, m.firstItemIndex(at: index), true))
            }
            return true
        }

        /// `end content` for the innermost mask, at its `content` line's indent.
        mutating func endContent() {
            masks[masks.count - 1].inContent = false
            out += indent(masks[masks.count - 1].depth + 1) + "end content\n"
        }

        mutating func leave(_ container: DisplayItem, index: Int, depth: Int) {
            let kind =
                switch container {
                case .group: "group"
                case .clip: "clip"
                case .layer: "layer"
                case .mask: "mask"
                case .fill, .stroke, .paint, .text: "item" // never: only containers end
                }
            if case .mask = container {
                if masks.last?.inContent == true { endContent() }
                masks.removeLast()
            }
            out += indent(depth) + "end " + kind + "\n"
        }
    }

    /// An item's own line, without its indent, its items or its end.
    private func line(_ item: DisplayItem) -> String {
        switch item {
        case .fill(let f):
            var line = "fill \(paint(f.paint))"
            if f.rule != .nonzero { line += " rule=\(f.rule.rawValue)" }
            if f.opacity != 1 { line += " opacity=\(n(f.opacity))" }
            if f.blend != .normal { line += " blend=\(f.blend.rawValue)" }
            return line + " path " + path(f.path) + at(f.source)
        case .stroke(let s):
            var line = "stroke \(paint(s.paint)) width=\(n(s.style.width))"
            if s.style.cap != .butt { line += " cap=\(s.style.cap.rawValue)" }
            if s.style.join != .miter { line += " join=\(s.style.join.rawValue)" }
            if s.style.miterLimit != 10 { line += " miterLimit=\(n(s.style.miterLimit))" }
            if !s.style.dash.isEmpty { line += " dash=" + s.style.dash.map(n).joined(separator: ",") }
            if s.style.dashPhase != 0 { line += " dashPhase=\(n(s.style.dashPhase))" }
            if s.opacity != 1 { line += " opacity=\(n(s.opacity))" }
            if s.blend != .normal { line += " blend=\(s.blend.rawValue)" }
            return line + " path " + path(s.path) + at(s.source)
        case .paint(let p):
            var line = "paint \(paint(p.paint))"
            if p.opacity != 1 { line += " opacity=\(n(p.opacity))" }
            if p.blend != .normal { line += " blend=\(p.blend.rawValue)" }
            return line + at(p.source)
        case .group(let g):
            let t = g.transform
            let blend = g.blend == .normal ? "" : " blend=\(g.blend.rawValue)"
            return "group matrix(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(n).joined(separator: " ")))" + blend + at(g.source)
        case .clip(let c):
            var line = "clip"
            if c.rule != .nonzero { line += " rule=\(c.rule.rawValue)" }
            return line + " path " + path(c.path) + at(c.source)
        case .layer(let l):
            return Self.layerLine(l) + at(l.source)
        case .mask(let m):
            return "mask mode=\(m.mode.rawValue)" + at(m.source)
        case .text(let t):
            var line = "text \(QuotedText.quote(t.string)) at \(pt(t.position)) anchor=\(t.anchor.rawValue)"
            line += " font=\(QuotedText.quote(t.fontFamily)) size=\(n(t.fontSize)) weight=\(t.fontWeight) \(ColorText.dump(t.color))"
            if t.opacity != 1 { line += " opacity=\(n(t.opacity))" }
            return line + at(t.source)
        }
    }

    private func paint(_ paint: Paint) -> String {
        switch paint {
        case .color(let c):
            return ColorText.dump(c)
        case .linearGradient(let g):
            let stops = g.stops.map { "\(ColorText.dump($0.color))@\(n($0.offset))" }.joined(separator: " ")
            return "linear(\(n(g.start.x)) \(n(g.start.y)) -> \(n(g.end.x)) \(n(g.end.y)) extend=\(g.extend.rawValue) [\(stops)])"
        case .radialGradient(let g):
            let stops = g.stops.map { "\(ColorText.dump($0.color))@\(n($0.offset))" }.joined(separator: " ")
            return "radial(\(n(g.startCenter.x)) \(n(g.startCenter.y)) r=\(n(g.startRadius)) -> \(n(g.endCenter.x)) \(n(g.endCenter.y))"
                + " r=\(n(g.endRadius)) extend=\(g.extend.rawValue) [\(stops)])"
        case .conicGradient(let g):
            let stops = g.stops.map { "\(ColorText.dump($0.color))@\(n($0.offset))" }.joined(separator: " ")
            return "conic(\(n(g.center.x)) \(n(g.center.y)) angle=\(n(g.startAngle)) [\(stops)])"
        }
    }

    private func path(_ path: Path) -> String {
        path.segments.map(Self.segment).joined(separator: " ")
    }

    /// One path segment as the dump writes it: `M 1 2`, `ARC 5 5 r=3 start=0 sweep=3.1416`, `Z`.
    public static func segment(_ segment: PathSegment) -> String {
        func n(_ v: Double) -> String { NumberFormat.format(v) }
        func pt(_ p: Point) -> String { "\(n(p.x)) \(n(p.y))" }
        switch segment {
        case .move(let p): return "M \(pt(p))"
        case .line(let p): return "L \(pt(p))"
        case .quad(let c, let p): return "Q \(pt(c)) \(pt(p))"
        case .cubic(let c1, let c2, let p): return "C \(pt(c1)) \(pt(c2)) \(pt(p))"
        case .arc(let a):
            return "ARC \(pt(a.center)) r=\(n(a.radiusX))" + (a.radiusY != a.radiusX ? ",\(n(a.radiusY))" : "")
                + " start=\(n(a.startAngle)) sweep=\(n(a.sweep))"
        case .close: return "Z"
        }
    }

    /// `layer opacity=0.5 shadow=2,3 blur=4 #00000055 blend=multiply`: opacity, shadow and blend each
    /// left out when absent (or normal).
    public static func layerLine(_ l: Layer) -> String {
        func n(_ v: Double) -> String { NumberFormat.format(v) }
        var line = "layer"
        if l.opacity != 1 { line += " opacity=\(n(l.opacity))" }
        if let s = l.shadow { line += " shadow=\(n(s.offsetX)),\(n(s.offsetY)) blur=\(n(s.blur)) \(ColorText.dump(s.color))" }
        if l.blend != .normal { line += " blend=\(l.blend.rawValue)" }
        return line
    }

    private func pt(_ p: Point) -> String { "\(n(p.x)) \(n(p.y))" }
    private func n(_ v: Double) -> String { NumberFormat.format(v) }

    private func at(_ span: SourceSpan) -> String {
        guard let sources else { return "" }
        let (line, column) = sources[span.file].location(of: span.start)
        // Operations from a component's own file name it; the main file (the first) goes without.
        if span.file.index != 0 { return " @\(sources[span.file].path):\(line):\(column)" }
        return " @\(line):\(column)"
    }
}
