import DisplayList
import ResolvedProgram
import SceneSource

/// Transparency layers and shadows (Grammar.md §11, "Layers and shadows").
extension Evaluation {
    /// The largest `shadowBlur`, in canvas points: a blur of 1000 already spreads a shadow over
    /// about 3000 points, and the filter's region (and the renderers' work) grows with it.
    static let maxShadowBlur = 1_000.0

    /// What a shadow adds to the display-list size: the elements of its SVG filter.
    static let shadowSize = 8

    /// `<layer>`: its body drawn as one image, composited with `opacity` and a shadow. As
    /// `beginTransparencyLayer` resets the global alpha and the shadow, the body starts at opacity 1,
    /// and the opacity from enclosing groups applies to the layer's image instead.
    func layer(_ node: ElementStatement, opacity: Double) -> [DisplayItem] {
        let layerOpacity = unitNumber(node, .opacity, 1)
        let shadow = shadow(node)
        guard let layerOpacity, let shadow else { return [] }
        let items = drawingBlock(node.children, opacity: 1)
        guard !items.isEmpty else { return [] }
        let total = opacity * layerOpacity
        // Opacity 1 and no shadow: drawing the image at full opacity is drawing its items, unless
        // one of them blends: in the layer it blends with the layer's transparent start, drawn
        // directly it would blend with what lies under the layer.
        if total == 1 && shadow == nil && !Self.blendsWithBackdrop(items) { return items }
        guard countOperation(at: node.span, size: 1 + (shadow == nil ? 0 : Self.shadowSize)) else { return [] }
        return [.layer(Layer(opacity: total, shadow: shadow, items: items, source: node.span, origin: origin))]
    }

    /// The shadow attributes of a shape, `<text>` or `<layer>`: nil when one failed (reported),
    /// `.some(nil)` when there is no shadow (none of them given, or `shadowColor="none"`).
    /// The shadow attributes `shadow` reads, as a set (`ProgramAttributes.present`): a node with
    /// none of them (a rectangle's x, y, width, height and fill) has no shadow.
    private static let shadowAttributes = [AttributeID.shadowOffsetX, .shadowOffsetY, .shadowBlur, .shadowColor]
        .reduce(into: AttributeSet()) { $0.insert($1) }

    func shadow(_ node: ElementStatement) -> Shadow?? {
        guard node.attributes.present.intersects(Self.shadowAttributes) else { return .some(nil) }
        let offsets = numbers(node, [(.shadowOffsetX, 0), (.shadowOffsetY, 0)])
        let blur = number(node, .shadowBlur, default: 0)
        var color: Color?? = .some(Shadow.defaultColor)
        if let expr = node.expression(.shadowColor) {
            switch value(node, .shadowColor) {
            case nil: color = nil
            case .none?: color = .some(nil)
            case .color(let c)?: color = .some(c)
            case let v?:
                report(
                    .error(
                        .typeMismatch, "'shadowColor' must be a color or none, not \(article(v.typeName)) (\(v.brief))", at: expr.span,
                        help: "write a color such as rgba(0, 0, 0, 0.5)"))
                color = nil
            }
        }
        guard let offsets, let blur, let color else { return nil }
        guard blur >= 0 else {
            report(
                .error(
                    .valueOutOfRange, "shadowBlur cannot be negative (\(NumberFormat.readable(blur)))", at: node.expression(.shadowBlur)!.span,
                    help: "write 0 for a sharp shadow"))
            return nil
        }
        guard blur <= Self.maxShadowBlur else {
            report(
                .error(
                    .valueOutOfRange, "shadowBlur is at most \(Int(Self.maxShadowBlur)) points, not \(NumberFormat.readable(blur))",
                    at: node.expression(.shadowBlur)!.span, help: "a blur of 1000 already spreads a shadow over about 3000 points"))
            return nil
        }
        guard let color else { return .some(nil) }
        return .some(Shadow(offsetX: offsets[0], offsetY: offsets[1], blur: blur, color: color))
    }

    /// Core Graphics' `setShadow` before drawing: each operation casts its own shadow (a stroke's
    /// shadow falls on its own fill), as a layer of one operation with that shadow. An operation's
    /// blend mode goes on its layer, which draws the shadow and then the operation with it (the
    /// operation drawn normally inside); in SVG that writes the operation twice, counted here.
    func shadowed(_ items: [DisplayItem], _ shadow: Shadow?, at node: ElementStatement) -> [DisplayItem] {
        guard let shadow else { return items }
        var out: [DisplayItem] = []
        out.reserveCapacity(items.count)
        for item in items {
            let (unblended, blend, copySize) = Self.unblended(item)
            guard countOperation(at: node.span, size: 1 + Self.shadowSize + copySize) else { return out }
            out.append(.layer(Layer(opacity: 1, shadow: shadow, blend: blend, items: [unblended], source: node.span, origin: origin)))
        }
        return out
    }

    /// The operation drawn normally, its blend mode, and (when it blends) the size of a second copy
    /// of it: the operation and its path's segments.
    private static func unblended(_ item: DisplayItem) -> (DisplayItem, BlendMode, Int) {
        switch item {
        case .fill(let f) where f.blend != .normal:
            return (
                .fill(Fill(path: f.path, paint: f.paint, rule: f.rule, opacity: f.opacity, source: f.source, origin: f.origin)),
                f.blend, 1 + f.path.segmentCount
            )
        case .stroke(let s) where s.blend != .normal:
            return (
                .stroke(Stroke(path: s.path, paint: s.paint, style: s.style, opacity: s.opacity, source: s.source, origin: s.origin)),
                s.blend, 1 + s.path.segmentCount
            )
        default:
            return (item, .normal, 0)
        }
    }

    /// Whether some item blends with what was drawn before it in the same layer: a blend mode on it,
    /// or on an item inside a group or clip. Not inside a layer, which starts an image of its own
    /// (but a layer's own blend mode counts), nor inside a blended group (but its mode counts).
    static func blendsWithBackdrop(_ items: [DisplayItem]) -> Bool {
        items.contains { item in
            switch item {
            case .fill(let f): return f.blend != .normal
            case .stroke(let s): return s.blend != .normal
            case .paint(let p): return p.blend != .normal
            case .group(let g): return g.blend != .normal || blendsWithBackdrop(g.items)
            case .clip(let c): return blendsWithBackdrop(c.items)
            case .layer(let l): return l.blend != .normal
            case .mask: return false // one image of its own, drawn normally
            case .text: return false
            }
        }
    }
}
