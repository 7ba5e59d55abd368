import DisplayList
import SceneSource
import SceneSyntax

/// Shapes and paths: geometry into a PathBuilder, then fill and stroke as the element asks.
extension Evaluation {
    /// The arc sweep limit: more turns than this is surely degrees passed as radians.
    static let maxArcTurns = 64.0

    func shape(_ node: Node, opacity: Double) -> [DisplayItem] {
        var builder = PathBuilder()
        if node.kind == .path {
            builder = pathBuilder(node.children)
        } else {
            guard addSubpath(node, to: &builder, standalone: true) else { return [] }
        }
        guard let fill = paint(node, "fill"), let stroke = paint(node, "stroke"),
              let itemOpacity = unitNumber(node, "opacity", 1) else { return [] }
        if fill == nil && stroke == nil {
            report(Diagnostic(.warning, "<\(node.kind.rawValue)> draws nothing", at: node.span,
                              help: "set fill=\"…\" or stroke=\"…\""))
            return []
        }
        let path = builder.path
        guard !path.isEmpty else { return [] }
        let rule = FillRule(rawValue: node.word("fillRule")?.text ?? "nonzero") ?? .nonzero
        var items: [DisplayItem] = []
        if let fill {
            guard countOperation(at: node.span) else { return [] }
            items.append(.fill(Fill(path: path, paint: fill, rule: rule, opacity: opacity * itemOpacity, source: node.span)))
        }
        if let stroke, let style = strokeStyle(node) {
            guard countOperation(at: node.span) else { return [] }
            items.append(.stroke(Stroke(path: path, paint: stroke, style: style, opacity: opacity * itemOpacity, source: node.span)))
        }
        return items
    }

    private func strokeStyle(_ node: Node) -> StrokeStyle? {
        guard let width = number(node, "lineWidth", default: 1),
              let miterLimit = number(node, "miterLimit", default: 10),
              let phase = number(node, "dashPhase", default: 0) else { return nil }
        guard width >= 0 else {
            report(.error("lineWidth cannot be negative (\(NumberFormat.format(width)))", at: node.expression("lineWidth")!.span))
            return nil
        }
        guard miterLimit >= 1 else {
            report(.error("miterLimit must be at least 1, not \(NumberFormat.format(miterLimit))", at: node.expression("miterLimit")!.span))
            return nil
        }
        var dash: [Double] = []
        if let expr = node.expression("dash") {
            guard let v = value(node, "dash") else { return nil }
            guard case .list(let items) = v else {
                report(.error("dash must be a list of lengths such as [6, 3], not \(article(v.typeName))", at: expr.span))
                return nil
            }
            dash = items.compactMap(\.numeric)
            if dash.contains(where: { $0 < 0 }) {
                report(.error("dash lengths cannot be negative", at: expr.span))
                return nil
            }
            if !dash.isEmpty && dash.allSatisfy({ $0 == 0 }) {
                report(.error("dash lengths cannot all be zero", at: expr.span, help: "write dash=\"[]\" for a solid line"))
                return nil
            }
        }
        return StrokeStyle(
            width: width,
            cap: LineCap(rawValue: node.word("lineCap")?.text ?? "butt") ?? .butt,
            join: LineJoin(rawValue: node.word("lineJoin")?.text ?? "miter") ?? .miter,
            miterLimit: miterLimit, dash: dash, dashPhase: phase)
    }

    /// The path of a <shape> or <path> body.
    func pathBlock(_ nodes: [Node]) -> Path { pathBuilder(nodes).path }

    private func pathBuilder(_ nodes: [Node]) -> PathBuilder {
        var builder = PathBuilder()
        func visit(_ node: Node) {
            switch node.kind {
            case .move:
                guard let x = number(node, "x"), let y = number(node, "y") else { return }
                builder.move(Point(x, y))
            case .line:
                guard let x = number(node, "x"), let y = number(node, "y") else { return }
                if !builder.line(Point(x, y)) { noCurrentPoint(node) }
            case .quad:
                guard let x = number(node, "x"), let y = number(node, "y"),
                      let cx = number(node, "cx"), let cy = number(node, "cy") else { return }
                if !builder.quad(control: Point(cx, cy), to: Point(x, y)) { noCurrentPoint(node) }
            case .curve:
                guard let x = number(node, "x"), let y = number(node, "y"),
                      let cx1 = number(node, "cx1"), let cy1 = number(node, "cy1"),
                      let cx2 = number(node, "cx2"), let cy2 = number(node, "cy2") else { return }
                if !builder.cubic(Point(cx1, cy1), Point(cx2, cy2), to: Point(x, y)) { noCurrentPoint(node) }
            case .close:
                if !builder.close() { noCurrentPoint(node) }
            case .rect, .oval, .circle, .arc:
                _ = addSubpath(node, to: &builder, standalone: false)
            default:
                break
            }
        }
        walk(nodes, visit: visit, nested: { body in
            // Branches and iterations add to the same path, like code appending to one UIBezierPath.
            walk(body, visit: visit, nested: { _ in })
        })
        return builder
    }

    private func noCurrentPoint(_ node: Node) {
        report(.error("<\(node.kind.rawValue)> needs a current point, but the path has none yet", at: node.span,
                      help: "start the path with <move x=\"…\" y=\"…\"/>"))
    }

    /// Adds a rect, oval, circle or arc. A standalone arc (a shape of its own) starts with a move;
    /// inside a path it continues from the current point with a line, as `addArc` does.
    @discardableResult
    private func addSubpath(_ node: Node, to builder: inout PathBuilder, standalone: Bool) -> Bool {
        switch node.kind {
        case .rect:
            guard let x = number(node, "x", default: 0), let y = number(node, "y", default: 0),
                  let w = number(node, "width"), let h = number(node, "height"),
                  let r = number(node, "radius", default: 0),
                  let tl = number(node, "topLeftRadius", default: r), let tr = number(node, "topRightRadius", default: r),
                  let br = number(node, "bottomRightRadius", default: r), let bl = number(node, "bottomLeftRadius", default: r)
            else { return false }
            for (name, v) in [("radius", r), ("topLeftRadius", tl), ("topRightRadius", tr), ("bottomRightRadius", br), ("bottomLeftRadius", bl)]
            where v < 0 {
                report(.error("\(name) cannot be negative (\(NumberFormat.format(v)))", at: node.expression(name)?.span ?? node.span))
                return false
            }
            builder.roundedRect(x: x, y: y, width: w, height: h, radii: (tl, tr, br, bl))
        case .oval:
            guard let x = number(node, "x", default: 0), let y = number(node, "y", default: 0),
                  let w = number(node, "width"), let h = number(node, "height") else { return false }
            builder.oval(x: x, y: y, width: w, height: h)
        case .circle:
            guard let cx = number(node, "cx"), let cy = number(node, "cy"), let r = number(node, "radius") else { return false }
            guard r >= 0 else {
                report(.error("radius cannot be negative (\(NumberFormat.format(r)))", at: node.expression("radius")!.span))
                return false
            }
            builder.oval(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
        case .arc:
            guard let cx = number(node, "cx"), let cy = number(node, "cy"), let r = number(node, "radius"),
                  let start = number(node, "startAngle"), let end = number(node, "endAngle"),
                  let clockwise = bool(node, "clockwise", default: true) else { return false }
            guard r >= 0 else {
                report(.error("radius cannot be negative (\(NumberFormat.format(r)))", at: node.expression("radius")!.span))
                return false
            }
            let sweep = PathBuilder.sweep(from: start, to: end, clockwise: clockwise)
            guard abs(sweep) <= Evaluation.maxArcTurns * 2 * Double.pi else {
                report(.error("this arc sweeps \(NumberFormat.format(abs(sweep) / (2 * Double.pi), decimals: 1)) turns; the limit is \(Int(Evaluation.maxArcTurns))",
                              at: node.span, help: "angles are in radians: convert degrees with radians(…)"))
                return false
            }
            var arcBuilder = builder
            if standalone { arcBuilder = PathBuilder() }
            arcBuilder.arc(Arc(center: Point(cx, cy), radiusX: r, radiusY: r, startAngle: start, sweep: sweep))
            builder = arcBuilder
        default:
            return false
        }
        return true
    }
}
