import DisplayList
import ResolvedProgram
import SceneSource
import SceneVocabulary

/// Drawing blocks: <scene>, <group>, <clip> bodies and the branches and iterations inside them.
extension Evaluation {
    /// A run of items drawn under one transform: a transform statement (<translate>, <rotate>,
    /// <scale>, <concatenate>) starts a new run for the rest of its block, like `context.translateBy` does until
    /// the enclosing restore. Runs are siblings, each with the block's accumulated transform, so a
    /// thousand statements make a thousand groups side by side, not a thousand levels deep.
    private struct Run {
        var transform: AffineTransform
        var span: SourceSpan
        var origin: Origin?
        var items: [DisplayItem] = []
    }

    func drawingBlock(_ statements: [ProgramStatement], opacity: Double) -> [DisplayItem] {
        var items: [DisplayItem] = []
        drawingBlock(statements, opacity: opacity, into: &items)
        return items
    }

    /// The block's items appended to `output`: those before any transform statement, then one
    /// run per statement. Most blocks (a loop's body, a group's) have no statement: their
    /// elements and nested blocks (an `if`'s branch, a loop's iterations) append to `output`
    /// itself, so that a shape drawn in a loop goes straight into the array of the block around
    /// the loop, rather than into an array of each iteration's own that the block around it
    /// would copy and free (docs/performance.md has what that cost).
    ///
    /// `runs` is a variable that only the two non-escaping closures capture, so their accesses
    /// are checked when compiling (a local function that captured it put it in a box checked
    /// for exclusive access at run time).
    func drawingBlock(_ statements: [ProgramStatement], opacity: Double, into output: inout [DisplayItem]) {
        var runs: [Run] = []
        walk(
            statements,
            visit: { statement in
                switch statement {
                case .element(let node) where Self.transforms(node.kind):
                    guard let t = statementTransform(node) else { return }
                    let accumulated = (runs.last?.transform ?? .identity).prepending(t)
                    if let last = runs.last, last.items.isEmpty {
                        // Consecutive statements compose into one group.
                        runs[runs.count - 1].transform = accumulated
                    } else {
                        runs.append(Run(transform: accumulated, span: node.span, origin: origin))
                    }
                default:
                    if runs.isEmpty {
                        drawingItems(statement, opacity: opacity, into: &output)
                    } else {
                        drawingItems(statement, opacity: opacity, into: &runs[runs.count - 1].items)
                    }
                }
            },
            nested: { body in
                if runs.isEmpty {
                    drawingBlock(body, opacity: opacity, into: &output)
                } else {
                    drawingBlock(body, opacity: opacity, into: &runs[runs.count - 1].items)
                }
            })
        for run in runs where !run.items.isEmpty {
            if run.transform.isIdentity {
                output += run.items
            } else if countOperation(at: run.span) {
                output.append(.group(Group(transform: run.transform, items: run.items, source: run.span, origin: run.origin)))
            }
        }
    }

    /// Whether elements of `kind` transform the rest of their block.
    private static func transforms(_ kind: ElementKind) -> Bool {
        switch kind {
        case .translate, .rotate, .scale, .concatenate: return true
        default: return false
        }
    }

    /// `drawingItems`' items appended to `output`; a shape's without an array of their own.
    private func drawingItems(_ statement: ProgramStatement, opacity: Double, into output: inout [DisplayItem]) {
        switch statement {
        case .element(let node):
            switch node.kind {
            case .rect, .oval, .circle, .arc, .path: shape(node, opacity: opacity, into: &output)
            default: output += drawingItems(node, opacity: opacity)
            }
        case .use(let use):
            output += self.use(use, opacity: opacity)
        default:
            // A `<component>` draws where it is used.
            break
        }
    }

    private func drawingItems(_ node: ElementStatement, opacity: Double) -> [DisplayItem] {
        switch node.kind {
        case .group: return group(node, opacity: opacity)
        case .clip: return clip(node, opacity: opacity)
        case .layer: return layer(node, opacity: opacity)
        case .mask: return mask(node, opacity: opacity)
        case .gradient: declareGradient(node); return []
        case .paint: return paintRegion(node, opacity: opacity)
        case .rect, .oval, .circle, .arc, .path: return shape(node, opacity: opacity)
        case .text: return text(node, opacity: opacity)
        case .row, .column: return layout(node, opacity: opacity)
        default:
            // The checker only lets drawing elements into drawing blocks.
            return []
        }
    }

    // MARK: transforms

    /// translate(x, y) · rotate about the pivot · scale, in that order from the parent's side.
    private func group(_ node: ElementStatement, opacity: Double) -> [DisplayItem] {
        let v = numbers(node, [(.x, 0), (.y, 0), (.rotate, 0), (.pivotX, 0), (.pivotY, 0), (.scale, 1)])
        let groupOpacity = unitNumber(node, .opacity, 1)
        guard let v, let groupOpacity, let scales = numbers(node, [(.scaleX, v[5]), (.scaleY, v[5])]) else { return [] }
        let (x, y, angle, px, py) = (v[0], v[1], v[2], v[3], v[4])
        let (sx, sy) = (scales[0], scales[1])
        let local = AffineTransform.scale(sx, sy)
            .concatenating(rotation(angle, pivotX: px, pivotY: py))
            .concatenating(.translation(x, y))
        let items = drawingBlock(node.children, opacity: opacity * groupOpacity)
        guard !items.isEmpty else { return [] }
        // A blended group is one layer (Grammar §11 "Blend modes"): it stays a group even untransformed.
        let blend = blendMode(node)
        if local.isIdentity && blend == .normal { return items }
        guard countOperation(at: node.span) else { return [] }
        return [.group(Group(transform: local, items: items, blend: blend, source: node.span, origin: origin))]
    }

    private func rotation(_ angle: Double, pivotX: Double, pivotY: Double) -> AffineTransform {
        if pivotX == 0 && pivotY == 0 { return .rotation(angle) }
        return AffineTransform.translation(-pivotX, -pivotY)
            .concatenating(.rotation(angle))
            .concatenating(.translation(pivotX, pivotY))
    }

    private func statementTransform(_ node: ElementStatement) -> AffineTransform? {
        switch node.kind {
        case .translate:
            guard let v = numbers(node, [(.x, 0), (.y, 0)]) else { return nil }
            return .translation(v[0], v[1])
        case .rotate:
            guard let v = numbers(node, [(.angle, nil), (.pivotX, 0), (.pivotY, 0)]) else { return nil }
            return rotation(v[0], pivotX: v[1], pivotY: v[2])
        case .concatenate:
            return concatenation(node)
        default:
            guard let sx = number(node, .x), let sy = number(node, .y, default: sx) else { return nil }
            return .scale(sx, sy)
        }
    }

    /// `<concatenate a b c d tx ty>`: any affine matrix, as `context.concatenate(_:)`. A singular
    /// one (a·d − b·c = 0) flattens what follows onto a line, which SVG renderers then skip
    /// entirely: a warning, since the scene is valid but draws nothing after it.
    private func concatenation(_ node: ElementStatement) -> AffineTransform? {
        guard let v = numbers(node, [(.a, 1), (.b, 0), (.c, 0), (.d, 1), (.tx, 0), (.ty, 0)]) else { return nil }
        let t = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        if t.determinant == 0 {
            report(
                .warning(
                    .singularTransform, "<concatenate> flattens the plane (a·d − b·c = 0): nothing after it in this block is drawn",
                    at: node.span, help: "make a·d differ from b·c, or remove the statement and what it would transform"))
        }
        return t
    }

    // MARK: clips and paint

    private func clip(_ node: ElementStatement, opacity: Double) -> [DisplayItem] {
        guard case .element(let shapeNode)? = node.children.first, shapeNode.kind == .shape else { return [] }
        let rule = FillRule(rawValue: shapeNode.word(.fillRule)?.text ?? "nonzero") ?? .nonzero
        let path = pathBlock(shapeNode.children) // its segments are counted as they are built
        clipDepth += 1
        let items = drawingBlock(Array(node.children.dropFirst()), opacity: opacity)
        clipDepth -= 1
        guard !items.isEmpty, countOperation(at: node.span) else { return [] }
        return [.clip(Clip(path: path, rule: rule, items: items, source: node.span, origin: origin))]
    }

    /// A `<gradient>` whose name was refused (reported by the analysis) is not run.
    private func declareGradient(_ node: ElementStatement) {
        guard let declaration = node.declaration else { return }
        guard let slot = declaration.slot else { return refused(declaration) }
        let name = declaration.name
        var stops: [GradientStop] = []
        var failed = false
        func visitStop(_ statement: ProgramStatement) {
            guard case .element(let stop) = statement, stop.kind == .stop else { return }
            guard let offset = number(stop, .offset), let colorValue = value(stop, .color),
                let stopOpacity = unitNumber(stop, .opacity, 1)
            else { failed = true; return }
            guard offset >= 0, offset <= 1 else {
                report(
                    .error(
                        .valueOutOfRange, "a stop's offset runs from 0 to 1, not \(NumberFormat.readable(offset))", at: stop.expression(.offset)!.span
                    ))
                failed = true
                return
            }
            guard case .color(let color) = colorValue else {
                report(
                    .error(.typeMismatch, "a stop's color must be a color, not \(article(colorValue.typeName))", at: stop.expression(.color)!.span))
                failed = true
                return
            }
            if let last = stops.last, offset < last.offset {
                report(
                    .error(
                        .decreasingStops,
                        "stop offsets must not decrease (\(NumberFormat.readable(offset)) after \(NumberFormat.readable(last.offset)))",
                        at: stop.expression(.offset)!.span))
                failed = true
                return
            }
            guard countOutput(1, at: stop.span) else { failed = true; return }
            stops.append(GradientStop(offset: offset, color: color.with(alpha: color.alpha * stopOpacity)))
        }
        // Stops inside <if> and <for> belong to the same gradient, at any depth.
        func walkStops(_ statements: [ProgramStatement]) { walk(statements, visit: visitStop, nested: walkStops) }
        walkStops(node.children)
        if stops.isEmpty && !failed {
            report(
                .error(
                    .gradientWithoutStops, "<gradient> '\(name.text)' has no <stop>", at: node.span,
                    help: "add <stop offset=\"0\" color=\"…\"/> and <stop offset=\"1\" color=\"…\"/>"))
        }
        let extend = GradientExtend(rawValue: node.word(.extend)?.text ?? "none") ?? .none
        frame.locals[slot] = failed || stops.isEmpty ? .invalid : .gradient(GradientValue(stops: stops, extend: extend))
    }

    private func paintRegion(_ node: ElementStatement, opacity: Double) -> [DisplayItem] {
        guard let paint = paint(node, .fill), let itemOpacity = unitNumber(node, .opacity, 1) else { return [] }
        guard let paint, countOperation(at: node.span, size: 1 + paint.stopCount) else { return [] }
        return [.paint(PaintRegion(paint: paint, opacity: opacity * itemOpacity, blend: blendMode(node), source: node.span, origin: origin))]
    }

    /// The `blend` attribute; the checker let only supported words through.
    ///
    /// Inside a `<clip>` it is an error (reported, then drawn as `normal`): SVG writes a clip as a
    /// `<g clip-path>`, which resvg and Chromium blend as an isolated group (the blended element
    /// sees only what the same clip drew before it) and librsvg does not, while Core Graphics
    /// blends with everything drawn before. A blended `<group>` around the `<clip>` is one layer
    /// blended with everything in all of them.
    func blendMode(_ node: ElementStatement) -> BlendMode {
        guard let word = node.word(.blend), let blend = BlendMode(rawValue: word.text), blend != .normal else { return .normal }
        if clipDepth > 0 {
            report(
                .error(
                    .blendInsideClip, "blend=\"\(word.text)\" inside a <clip> blends differently in librsvg, resvg and browsers",
                    at: word.span,
                    help: "put the blend on a <group> around the <clip>: <group blend=\"\(word.text)\"><clip>…</clip></group>"))
            return .normal
        }
        return blend
    }

    /// The paint of a `fill` or `stroke` attribute: nil when it failed, .some(nil) for none.
    func paint(_ node: ElementStatement, _ id: AttributeID) -> Paint?? {
        switch paintAttribute(node, id) {
        case .none: return .some(nil)
        case .paint(let paint): return .some(paint)
        case .failed: return nil
        }
    }

    /// What a `fill` or `stroke` attribute paints with. A shape reads its fill and stroke as this
    /// enum of its own rather than as `Paint??`, which is copied and destroyed through the generic
    /// value witnesses of Optional (docs/performance.md has what that cost).
    enum PaintAttribute {
        case none
        case paint(Paint)
        /// Reported.
        case failed
    }

    func paintAttribute(_ node: ElementStatement, _ id: AttributeID) -> PaintAttribute {
        guard let expr = node.expression(id) else { return .none }
        guard let v = value(expr) else { return .failed }
        switch v {
        case .none: return .none
        case .color(let c): return .paint(.color(c))
        case .paint(let p): return .paint(p)
        case .gradient:
            report(
                .error(
                    .gradientAsPaint, "a gradient needs its start and end points to paint", at: expr.span,
                    help: "write linear(\(exprText(expr)), x1, y1, x2, y2), radial(\(exprText(expr)), x0, y0, r0, x1, y1, r1)"
                        + " or conic(\(exprText(expr)), cx, cy, angle)"))
        default:
            report(
                .error(
                    .typeMismatch, "'\(id.rawValue)' must be a color, a gradient paint or none, not \(article(v.typeName)) (\(v.brief))",
                    at: expr.span))
        }
        return .failed
    }

    /// The name the expression is, as written (a gradient is held by a local slot), else "gradient".
    private func exprText(_ expr: ProgramExpression) -> String {
        if case .name(.local(let slot)) = expr.kind { return program.bodies[currentBody].slots[slot].name }
        return "gradient"
    }

    // MARK: checked numbers

    func unitNumber(_ node: some AttributedStatement, _ id: AttributeID, _ fallback: Double) -> Double? {
        guard let n = number(node, id, default: fallback) else { return nil }
        guard n >= 0, n <= 1 else {
            report(.error(.valueOutOfRange, "'\(id.rawValue)' runs from 0 to 1, not \(NumberFormat.readable(n))", at: node.expression(id)!.span))
            return nil
        }
        return n
    }
}

extension Paint {
    /// The gradient stops a use of this paint writes (0 for a color).
    var stopCount: Int {
        switch self {
        case .color: return 0
        case .linearGradient(let g): return g.stops.count
        case .radialGradient(let g): return g.stops.count
        case .conicGradient(let g): return g.stops.count
        }
    }
}
