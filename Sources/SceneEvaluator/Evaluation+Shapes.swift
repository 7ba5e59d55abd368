import DisplayList
import ResolvedProgram
import SceneSource
import SceneVocabulary

/// Shapes and paths: geometry into a PathBuilder, then fill and stroke as the element asks.
extension Evaluation {
    /// The arc sweep limit: more turns than this is surely degrees passed as radians.
    static let maxArcTurns = 64.0

    func shape(_ node: ElementStatement, opacity: Double) -> [DisplayItem] {
        var items: [DisplayItem] = []
        shape(node, opacity: opacity, into: &items)
        return items
    }

    /// The shape's items appended to `output` (nothing when it failed or draws nothing).
    func shape(_ node: ElementStatement, opacity: Double, into output: inout [DisplayItem]) {
        var builder = PathBuilder()
        var geometryOK = true
        if node.kind == .path, let data = node.interpolatedPathData {
            if let built = interpolatedPathBuilder(data, at: node.span) { builder = built } else { geometryOK = false }
        } else if node.kind == .path, let data = node.pathData {
            if let built = pathDataBuilder(data, at: node.span) { builder = built } else { geometryOK = false }
        } else if node.kind == .path {
            builder = pathBuilder(node.children)
        } else {
            geometryOK = addSubpath(node, to: &builder, standalone: true)
        }
        // Evaluate every attribute even after a failure, so one run reports all the element's errors.
        // The paints as `PaintAttribute`s, not optionals (see there).
        let fill = paintAttribute(node, .fill), stroke = paintAttribute(node, .stroke)
        let itemOpacity = unitNumber(node, .opacity, 1)
        let style = strokeStyle(node)
        let shadow = shadow(node)
        guard geometryOK, let itemOpacity, let style, let shadow else { return }
        if case .failed = fill { return }
        if case .failed = stroke { return }
        if case .none = fill, case .none = stroke {
            report(
                .warning(
                    .drawsNothing, "<\(node.kind.rawValue)> draws nothing", at: node.span,
                    help: "set fill=\"…\" or stroke=\"…\""))
            return
        }
        let path = builder.path
        guard !path.isEmpty else { return }
        // Words are matched only when written (matching the default's name took a string switch per shape).
        let rule = node.word(.fillRule).flatMap { FillRule(rawValue: $0.text) } ?? .nonzero
        let blend = blendMode(node)
        // A <path>'s segments were counted as they were built (for its first use); a rect, oval,
        // circle or arc counts its few segments here. A second use (the stroke of a filled path)
        // writes them again, so it counts them again.
        let segments = path.segmentCount
        var segmentsCounted = node.kind == .path
        // A fill alone and no shadow, most shapes: its item goes straight into `output`.
        if case .paint(let fill) = fill, case .none = stroke, shadow == nil {
            guard countOperation(at: node.span, size: 1 + (segmentsCounted ? 0 : segments) + fill.stopCount) else { return }
            output.append(
                .fill(
                    Fill(
                        path: path, paint: fill, rule: rule, opacity: opacity * itemOpacity, blend: blend,
                        source: node.span, origin: origin)))
            return
        }
        var items: [DisplayItem] = []
        if case .paint(let fill) = fill {
            guard countOperation(at: node.span, size: 1 + (segmentsCounted ? 0 : segments) + fill.stopCount) else { return }
            segmentsCounted = false
            items.append(
                .fill(
                    Fill(
                        path: path, paint: fill, rule: rule, opacity: opacity * itemOpacity, blend: blend,
                        source: node.span, origin: origin)))
        }
        if case .paint(let stroke) = stroke {
            guard countOperation(at: node.span, size: 1 + (segmentsCounted ? 0 : segments) + stroke.stopCount + style.dash.count)
            else { return }
            items.append(
                .stroke(
                    Stroke(
                        path: path, paint: stroke, style: style, opacity: opacity * itemOpacity, blend: blend,
                        source: node.span, origin: origin)))
        }
        output += shadowed(items, shadow, at: node)
    }

    /// The stroke attributes.
    private static let strokeAttributes = AttributeSet(.lineWidth, .miterLimit, .dashPhase, .dash, .lineCap, .lineJoin)
    /// What `strokeStyle` makes of a node with none of its attributes.
    private static let defaultStrokeStyle = StrokeStyle(width: 1, cap: .butt, join: .miter, miterLimit: 10, dash: [], dashPhase: 0)

    private func strokeStyle(_ node: ElementStatement) -> StrokeStyle? {
        // Most shapes set none of the stroke attributes: the set of those present tells so without
        // asking for each one and building the style.
        if !node.attributes.present.intersects(Self.strokeAttributes) {
            return Self.defaultStrokeStyle
        }
        var failed = false
        let width = number(node, .lineWidth, default: 1, failed: &failed)
        let miterLimit = number(node, .miterLimit, default: 10, failed: &failed)
        let phase = number(node, .dashPhase, default: 0, failed: &failed)
        guard !failed else { return nil }
        guard width >= 0 else {
            report(.error(.valueOutOfRange, "lineWidth cannot be negative (\(NumberFormat.readable(width)))", at: node.expression(.lineWidth)!.span))
            return nil
        }
        guard miterLimit >= 1 else {
            report(
                .error(
                    .valueOutOfRange, "miterLimit must be at least 1, not \(NumberFormat.readable(miterLimit))",
                    at: node.expression(.miterLimit)!.span))
            return nil
        }
        var dash: [Double] = []
        if let expr = node.expression(.dash) {
            guard let v = value(node, .dash) else { return nil }
            guard case .list(let items) = v else {
                report(.error(.typeMismatch, "dash must be a list of lengths such as [6, 3], not \(article(v.typeName))", at: expr.span))
                return nil
            }
            if let other = items.first(where: { $0.numeric == nil }) {
                report(.error(.typeMismatch, "dash must be a list of lengths such as [6, 3], not a list of \(other.typeName)s", at: expr.span))
                return nil
            }
            dash = items.compactMap(\.numeric)
            if let big = dash.first(where: { abs($0) > limits.maxCoordinate }) {
                report(tooLarge(big, at: expr.span))
                return nil
            }
            if dash.contains(where: { $0 < 0 }) {
                report(.error(.valueOutOfRange, "dash lengths cannot be negative", at: expr.span))
                return nil
            }
            if !dash.isEmpty && dash.allSatisfy({ $0 == 0 }) {
                report(.error(.valueOutOfRange, "dash lengths cannot all be zero", at: expr.span, help: "write dash=\"[]\" for a solid line"))
                return nil
            }
        }
        return StrokeStyle(
            width: width,
            cap: node.word(.lineCap).flatMap { LineCap(rawValue: $0.text) } ?? .butt,
            join: node.word(.lineJoin).flatMap { LineJoin(rawValue: $0.text) } ?? .miter,
            miterLimit: miterLimit, dash: dash, dashPhase: phase)
    }

    /// The path of a <shape> or <path> body.
    func pathBlock(_ statements: [ProgramStatement]) -> Path { pathBuilder(statements).path }

    private func pathBuilder(_ statements: [ProgramStatement]) -> PathBuilder {
        var builder = PathBuilder()
        func visit(_ statement: ProgramStatement) {
            guard case .element(let node) = statement else { return }
            let before = builder.count
            defer { _ = countOutput(builder.count - before, at: node.span) }
            switch node.kind {
            case .move:
                var failed = false
                let x = number(node, .x, failed: &failed), y = number(node, .y, failed: &failed)
                guard !failed else { return }
                builder.move(Point(x, y))
            case .line:
                var failed = false
                let x = number(node, .x, failed: &failed), y = number(node, .y, failed: &failed)
                guard !failed else { return }
                if !builder.line(Point(x, y)) { noCurrentPoint(node) }
            case .quad:
                guard let v = numbers(node, [(.x, nil), (.y, nil), (.cx, nil), (.cy, nil)]) else { return }
                if !builder.quad(control: Point(v[2], v[3]), to: Point(v[0], v[1])) { noCurrentPoint(node) }
            case .curve:
                guard let v = numbers(node, [(.x, nil), (.y, nil), (.cx1, nil), (.cy1, nil), (.cx2, nil), (.cy2, nil)])
                else { return }
                if !builder.cubic(Point(v[2], v[3]), Point(v[4], v[5]), to: Point(v[0], v[1])) { noCurrentPoint(node) }
            case .close:
                if !builder.close() { noCurrentPoint(node) }
            case .rect, .oval, .circle, .arc:
                _ = addSubpath(node, to: &builder, standalone: false)
            default:
                break
            }
        }
        // Branches and iterations add to the same path at any depth, like code appending to one
        // UIBezierPath.
        func walkPath(_ statements: [ProgramStatement]) { walk(statements, visit: visit, nested: walkPath) }
        walkPath(statements)
        return builder
    }

    private func noCurrentPoint(_ node: ElementStatement) {
        report(
            .error(
                .noCurrentPoint, "<\(node.kind.rawValue)> needs a current point, but the path has none yet", at: node.span,
                help: "start the path with <move x=\"…\" y=\"…\"/>"))
    }

    /// Adds a rect, oval, circle or arc. A standalone arc (a shape of its own) starts with a move;
    /// inside a path it continues from the current point with a line, as `addArc` does.
    @discardableResult
    private func addSubpath(_ node: ElementStatement, to builder: inout PathBuilder, standalone: Bool) -> Bool {
        switch node.kind {
        case .rect:
            // One attribute at a time, not `numbers`: its arrays were a heap allocation each per rectangle.
            var failed = false
            let x = number(node, .x, default: 0, failed: &failed), y = number(node, .y, default: 0, failed: &failed)
            let w = number(node, .width, failed: &failed), h = number(node, .height, failed: &failed)
            let r = number(node, .radius, default: 0, failed: &failed)
            guard !failed else { return false }
            let tl = number(node, .topLeftRadius, default: r, failed: &failed), tr = number(node, .topRightRadius, default: r, failed: &failed)
            let br = number(node, .bottomRightRadius, default: r, failed: &failed), bl = number(node, .bottomLeftRadius, default: r, failed: &failed)
            guard !failed else { return false }
            if min(r, tl, tr, br, bl) < 0 {
                for (id, v) in [
                    (AttributeID.radius, r), (.topLeftRadius, tl), (.topRightRadius, tr), (.bottomRightRadius, br), (.bottomLeftRadius, bl),
                ]
                where v < 0 {
                    report(
                        .error(
                            .valueOutOfRange, "\(id.rawValue) cannot be negative (\(NumberFormat.readable(v)))",
                            at: node.expression(id)?.span ?? node.span))
                    return false
                }
            }
            builder.roundedRect(x: x, y: y, width: w, height: h, radii: (tl, tr, br, bl))
        case .oval:
            guard let v = numbers(node, [(.x, 0), (.y, 0), (.width, nil), (.height, nil)]) else { return false }
            let (x, y, w, h) = (v[0], v[1], v[2], v[3])
            builder.oval(x: x, y: y, width: w, height: h)
        case .circle:
            guard let v = numbers(node, [(.cx, nil), (.cy, nil), (.radius, nil)]) else { return false }
            let (cx, cy, r) = (v[0], v[1], v[2])
            guard r >= 0 else {
                report(.error(.valueOutOfRange, "radius cannot be negative (\(NumberFormat.readable(r)))", at: node.expression(.radius)!.span))
                return false
            }
            builder.oval(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
        case .arc:
            let v = numbers(node, [(.cx, nil), (.cy, nil), (.radius, nil), (.startAngle, nil), (.endAngle, nil)])
            let clockwise = bool(node, .clockwise, default: true)
            guard let v, let clockwise else { return false }
            let (cx, cy, r, start, end) = (v[0], v[1], v[2], v[3], v[4])
            guard r >= 0 else {
                report(.error(.valueOutOfRange, "radius cannot be negative (\(NumberFormat.readable(r)))", at: node.expression(.radius)!.span))
                return false
            }
            let sweep = PathBuilder.sweep(from: start, to: end, clockwise: clockwise)
            guard abs(sweep) <= Evaluation.maxArcTurns * 2 * Double.pi else {
                let turns = abs(sweep) / (2 * Double.pi)
                let shown =
                    turns < Evaluation.maxArcTurns + 0.05 ? "more than \(Int(Evaluation.maxArcTurns))" : NumberFormat.readable(turns, decimals: 1)
                report(
                    .error(
                        .arcTooLong, "this arc sweeps \(shown) turns; the limit is \(Int(Evaluation.maxArcTurns))",
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
