import DisplayList
import SceneSource
import SceneSyntax

/// The statements that build a `<path d=…>`'s path, in any language (`PathSpelling`): the walk
/// over its commands is the same for every generator.
public enum PathDataLines {
    /// Constant path data: numbers as literals, a coordinate past the evaluator's limit failing
    /// where it is drawn, arcs converted here by the evaluator's own conversion (`SVGArc`).
    public static func constant(
        _ data: PathData, into path: String, spelling: some ConvertedArcSpelling, at: (SourceSpan) -> String
    ) -> [String] {
        var lines: [String] = []
        func n(_ v: Double) -> String { spelling.number(v) }
        for command in data.commands {
            let here = at(command.span)
            func within(_ values: Double...) {
                if let big = values.first(where: { abs($0) > 1e9 }) { lines.append(spelling.failingCoordinate(n(big), at: here)) }
            }
            switch command.operation {
            case .move(let x, let y):
                within(x, y)
                lines.append(spelling.move(path, x: n(x), y: n(y)))
            case .line(let x, let y):
                within(x, y)
                lines.append(spelling.line(path, x: n(x), y: n(y), at: here))
            case .cubic(let x1, let y1, let x2, let y2, let x, let y):
                within(x1, y1, x2, y2, x, y)
                lines.append(spelling.cubic(path, x1: n(x1), y1: n(y1), x2: n(x2), y2: n(y2), x: n(x), y: n(y), at: here))
            case .quad(let x1, let y1, let x, let y):
                within(x1, y1, x, y)
                lines.append(spelling.quad(path, x1: n(x1), y1: n(y1), x: n(x), y: n(y), at: here))
            case .close:
                lines.append(spelling.close(path, at: here))
            case .arc(let fromX, let fromY, let rx, let ry, let rotation, let largeArc, let sweep, let x, let y):
                within(x, y, rx, ry)
                switch SVGArc.centerArc(
                    from: Point(fromX, fromY), to: Point(x, y), rx: rx, ry: ry, rotationDegrees: rotation,
                    largeArc: largeArc, sweep: sweep)
                {
                case .nothing:
                    break
                case .line:
                    lines.append(spelling.line(path, x: n(x), y: n(y), at: here))
                case .arc(let arc):
                    within(arc.center.x, arc.center.y, arc.radiusX, arc.radiusY)
                    lines.append(
                        spelling.continueArc(
                            path, cx: n(arc.center.x), cy: n(arc.center.y), rx: n(arc.radiusX), ry: n(arc.radiusY),
                            startAngle: n(arc.startAngle), sweep: n(arc.sweep), toX: n(x), toY: n(y)))
                case .cubics(let curves):
                    for curve in curves {
                        within(curve.c1.x, curve.c1.y, curve.c2.x, curve.c2.y)
                        lines.append(
                            spelling.cubic(
                                path, x1: n(curve.c1.x), y1: n(curve.c1.y), x2: n(curve.c2.x), y2: n(curve.c2.y),
                                x: n(curve.to.x), y: n(curve.to.y), at: here))
                    }
                }
            }
        }
        return lines
    }

    /// Interpolated path data (`M {x} {y}`), its interpolations declared already as `slots`:
    /// every number the sum of a constant and multiples of them (`PathNumber`, in `value`'s order),
    /// checked against the coordinate limit where it may pass it; arcs converted when drawn.
    public static func interpolated(
        _ commands: [InterpolatedPathCommand], slots: [String], into path: String, spelling: some PathSpelling,
        at: (SourceSpan) -> String
    ) -> [String] {
        func sum(_ p: PathNumber) -> String {
            guard !p.terms.isEmpty else { return spelling.number(p.constant) }
            var text = p.constant == 0 ? "" : spelling.number(p.constant)
            for term in p.terms {
                let k = term.coefficient, name = slots[term.slot]
                let product = abs(k) == 1 ? name : "\(spelling.number(abs(k))) * \(name)"
                text += text.isEmpty ? (k < 0 ? "-" + product : product) : (k < 0 ? " - " : " + ") + product
            }
            return "(\(text))"
        }
        var lines: [String] = []
        for command in commands {
            let here = at(command.span)
            func c(_ p: PathNumber) -> String {
                p.terms.isEmpty && abs(p.constant) <= 1e9 ? sum(p) : spelling.checkedCoordinate(sum(p), at: here)
            }
            switch command.operation {
            case .move(let x, let y):
                lines.append(spelling.move(path, x: c(x), y: c(y)))
            case .line(let x, let y):
                lines.append(spelling.line(path, x: c(x), y: c(y), at: here))
            case .cubic(let x1, let y1, let x2, let y2, let x, let y):
                lines.append(spelling.cubic(path, x1: c(x1), y1: c(y1), x2: c(x2), y2: c(y2), x: c(x), y: c(y), at: here))
            case .quad(let x1, let y1, let x, let y):
                lines.append(spelling.quad(path, x1: c(x1), y1: c(y1), x: c(x), y: c(y), at: here))
            case .close:
                lines.append(spelling.close(path, at: here))
            case .arc(let fromX, let fromY, let rx, let ry, let rotation, let largeArc, let sweep, let x, let y):
                lines.append(
                    spelling.svgArc(
                        path, fromX: sum(fromX), fromY: sum(fromY), rx: c(rx), ry: c(ry), rotation: sum(rotation),
                        largeArc: largeArc, sweep: sweep, x: c(x), y: c(y), at: here))
            }
        }
        return lines
    }
}
