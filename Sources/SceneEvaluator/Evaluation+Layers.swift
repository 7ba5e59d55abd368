import DisplayList
import SceneSource
import SceneSyntax

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
    func layer(_ node: Node, opacity: Double) -> [DisplayItem] {
        let layerOpacity = unitNumber(node, .opacity, 1)
        let shadow = shadow(node)
        guard let layerOpacity, let shadow else { return [] }
        let items = drawingBlock(node.children, opacity: 1)
        guard !items.isEmpty else { return [] }
        let total = opacity * layerOpacity
        // Opacity 1 and no shadow: drawing the image at full opacity is drawing its items.
        if total == 1 && shadow == nil { return items }
        guard countOperation(at: node.span, size: 1 + (shadow == nil ? 0 : Self.shadowSize)) else { return [] }
        return [.layer(Layer(opacity: total, shadow: shadow, items: items, source: node.span, origin: origin))]
    }

    /// The shadow attributes of a shape, `<text>` or `<layer>`: nil when one failed (reported),
    /// `.some(nil)` when there is no shadow (none of them given, or `shadowColor="none"`).
    /// The shadow attributes, as a set (`AttributeTable.present`): a node with none of them (a
    /// rectangle's x, y, width, height and fill) has no shadow.
    private static let shadowAttributes = Schema.shadowAttributes.reduce(into: AttributeSet()) { $0.insert($1.id) }

    func shadow(_ node: Node) -> Shadow?? {
        guard node.expressions.containsAny(of: Self.shadowAttributes) else { return .some(nil) }
        let offsets = numbers(node, [(.shadowOffsetX, 0), (.shadowOffsetY, 0)])
        let blur = number(node, .shadowBlur, default: 0)
        var color: Color?? = .some(Shadow.defaultColor)
        if let expr = node.expression(.shadowColor) {
            switch value(node, .shadowColor) {
            case nil: color = nil
            case .none?: color = .some(nil)
            case .color(let c)?: color = .some(c)
            case let v?:
                report(.error(.typeMismatch, "'shadowColor' must be a color or none, not \(article(v.typeName)) (\(v.brief))", at: expr.span,
                              help: "write a color such as rgba(0, 0, 0, 0.5)"))
                color = nil
            }
        }
        guard let offsets, let blur, let color else { return nil }
        guard blur >= 0 else {
            report(.error(.valueOutOfRange, "shadowBlur cannot be negative (\(NumberFormat.readable(blur)))", at: node.expression(.shadowBlur)!.span,
                          help: "write 0 for a sharp shadow"))
            return nil
        }
        guard blur <= Self.maxShadowBlur else {
            report(.error(.valueOutOfRange, "shadowBlur is at most \(Int(Self.maxShadowBlur)) points, not \(NumberFormat.readable(blur))",
                          at: node.expression(.shadowBlur)!.span, help: "a blur of 1000 already spreads a shadow over about 3000 points"))
            return nil
        }
        guard let color else { return .some(nil) }
        return .some(Shadow(offsetX: offsets[0], offsetY: offsets[1], blur: blur, color: color))
    }

    /// Core Graphics' `setShadow` before drawing: each operation casts its own shadow (a stroke's
    /// shadow falls on its own fill), as a layer of one operation with that shadow.
    func shadowed(_ items: [DisplayItem], _ shadow: Shadow?, at node: Node) -> [DisplayItem] {
        guard let shadow else { return items }
        var out: [DisplayItem] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard countOperation(at: node.span, size: 1 + Self.shadowSize) else { return out }
            out.append(.layer(Layer(opacity: 1, shadow: shadow, items: [item], source: node.span, origin: origin)))
        }
        return out
    }
}
