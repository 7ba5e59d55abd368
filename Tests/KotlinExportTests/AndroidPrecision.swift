import DisplayList
import Foundation

/// A display list as android.graphics can say it, so that the evaluator's list and a recording of
/// generated Kotlin compare (docs/export.md, "How the Kotlin is proved"). Applied to both lists:
/// - colors are 8-bit ARGB ints: every channel rounded to a byte, and an operation's opacity
///   folded into its color's alpha (Paint has one alpha); under a gradient the paint's alpha is
///   the opacity, a byte too, as is a layer's (`saveLayerAlpha`);
/// - a stroke of width 0 draws nothing (Android would draw a hairline): it is left out;
/// - Android's dashes come in pairs: an odd dash list is repeated (as SVG repeats it);
/// - Android's gradients need two stops: a stop repeated at the same offset is one stop;
/// - a conic gradient's start angle is a rotation (Android's sweep gradient starts at 3 o'clock): it
///   is taken modulo a turn, into −π…π;
/// - Android reads an arc's sweep modulo 360°, so arcs are drawn in pieces: consecutive arcs that
///   continue one ellipse are one arc.
/// Numbers are then compared within Android's float precision (`tolerance`).
enum AndroidPrecision {
    static let tolerance = 1e-5

    static func byte(_ v: Double) -> Double { Double(Color.byte(v)) / 255 }

    static func color(_ c: Color, opacity: Double = 1) -> Color {
        Color(red: byte(c.red), green: byte(c.green), blue: byte(c.blue), alpha: byte(c.alpha * opacity))
    }

    static func list(_ list: DisplayList) -> DisplayList {
        DisplayList(width: list.width, height: list.height, items: items(list.items))
    }

    /// A stroke of width 0 draws nothing: the generated code leaves it out (Android would draw a hairline).
    static func items(_ items: [DisplayItem]) -> [DisplayItem] {
        items.compactMap { item -> DisplayItem? in
            if case .stroke(let s) = item, s.style.width == 0 { return nil }
            return self.item(item)
        }
    }

    /// A paint and its operation's opacity as Android draws them.
    static func paint(_ p: Paint, opacity: Double) -> (Paint, Double) {
        func stops(_ stops: [GradientStop]) -> [GradientStop] {
            var out: [GradientStop] = []
            for stop in stops {
                let s = GradientStop(offset: stop.offset, color: color(stop.color))
                if let last = out.last, last.offset == s.offset, last.color == s.color { continue }
                out.append(s)
            }
            return out
        }
        switch p {
        case .color(let c):
            return (.color(color(c, opacity: opacity)), 1)
        case .linearGradient(let g):
            return (.linearGradient(LinearGradient(stops: stops(g.stops), start: g.start, end: g.end, extend: g.extend)), byte(opacity))
        case .radialGradient(let g):
            return (
                .radialGradient(
                    RadialGradient(
                        stops: stops(g.stops), startCenter: g.startCenter, startRadius: g.startRadius,
                        endCenter: g.endCenter, endRadius: g.endRadius, extend: g.extend)), byte(opacity)
            )
        case .conicGradient(let g):
            // The recorder reads the start angle back from a rotation matrix: in (−π, π].
            let turns = (g.startAngle / (2 * Double.pi)).rounded()
            return (
                .conicGradient(ConicGradient(stops: stops(g.stops), center: g.center, startAngle: g.startAngle - turns * 2 * Double.pi)),
                byte(opacity)
            )
        }
    }

    static func item(_ item: DisplayItem) -> DisplayItem {
        switch item {
        case .fill(let f):
            let (p, o) = paint(f.paint, opacity: f.opacity)
            return .fill(Fill(path: path(f.path), paint: p, rule: f.rule, opacity: o, blend: f.blend, source: f.source))
        case .stroke(let s):
            let (p, o) = paint(s.paint, opacity: s.opacity)
            let st = s.style
            let dash = st.dash.count % 2 == 1 ? st.dash + st.dash : st.dash
            let style = StrokeStyle(width: st.width, cap: st.cap, join: st.join, miterLimit: st.miterLimit, dash: dash, dashPhase: st.dashPhase)
            return .stroke(Stroke(path: path(s.path), paint: p, style: style, opacity: o, blend: s.blend, source: s.source))
        case .paint(let r):
            let (p, o) = paint(r.paint, opacity: r.opacity)
            return .paint(PaintRegion(paint: p, opacity: o, blend: r.blend, source: r.source))
        case .group(let g):
            return .group(Group(transform: g.transform, items: items(g.items), blend: g.blend, source: g.source))
        case .clip(let c):
            return .clip(Clip(path: path(c.path), rule: c.rule, items: items(c.items), source: c.source))
        case .layer(let l):
            return .layer(Layer(opacity: byte(l.opacity), shadow: l.shadow, blend: l.blend, items: items(l.items), source: l.source))
        case .mask(let m):
            return .mask(Mask(mode: m.mode, content: items(m.content), items: items(m.items), source: m.source))
        case .text(let t):
            return .text(
                TextRun(
                    string: t.string, position: t.position, anchor: t.anchor, fontFamily: t.fontFamily, fontSize: t.fontSize,
                    fontWeight: t.fontWeight, color: color(t.color, opacity: t.opacity), opacity: 1, source: t.source))
        }
    }

    /// Consecutive arcs on one ellipse, the second starting where the first ends, as one arc.
    static func path(_ path: Path) -> Path {
        var segments: [PathSegment] = []
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }
        for segment in path.segments {
            if case .arc(let next) = segment, case .arc(let last)? = segments.last,
                near(last.center.x, next.center.x), near(last.center.y, next.center.y), near(last.radiusX, next.radiusX),
                near(last.radiusY, next.radiusY), near(last.startAngle + last.sweep, next.startAngle), (last.sweep < 0) == (next.sweep < 0)
            {
                segments[segments.count - 1] = .arc(
                    Arc(
                        center: last.center, radiusX: last.radiusX, radiusY: last.radiusY,
                        startAngle: last.startAngle, sweep: last.sweep + next.sweep))
                continue
            }
            segments.append(segment)
        }
        return Path(segments)
    }
}
