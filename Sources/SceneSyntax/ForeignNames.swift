import SceneVocabulary

/// Names that authors bring from SVG, Core Graphics / UIKit / Core Animation and Android
/// VectorDrawable, mapped to this language's own.
///
/// Why a table: "did you mean" by edit distance is wrong for exactly these names. `stroke-width`
/// is nearest to `stroke`, `rx` to `x`, and `<ellipse>` or `r` are near nothing, while the author
/// knows precisely what they want and only the word differs. The checker (and the XML stage, for
/// `android:…` names) consults this table first, per element where it matters (`rx` is `radius` on
/// a `<rect>`, but an `<oval>` has no radius), and falls back to edit distance for plain typos.
/// Only names people really write belong here; each maps to a name in `Schema` (a test checks).
public enum ForeignNames {
    /// One foreign spelling of an attribute or element.
    public struct Entry: Sendable {
        /// Where the name comes from, as a subject: "SVG", "Android", "UIKit".
        public let origin: String
        /// Our name, when there is one; nil when `advice` says what to write instead.
        public let ours: String?
        /// The elements this mapping is for; nil for any element that takes `ours`.
        public let elements: Set<ElementKind>?
        /// What to write instead, when it takes more than a name.
        public let advice: String?
    }

    static func entry(
        _ origin: String, _ ours: String?, on elements: [ElementKind]? = nil,
        _ advice: String? = nil
    ) -> Entry {
        Entry(origin: origin, ours: ours, elements: elements.map(Set.init), advice: advice)
    }

    static let shapes: [ElementKind] = [.rect, .oval, .circle, .arc, .path, .text, .paint]
    static let shadowed: [ElementKind] = [.rect, .oval, .circle, .arc, .path, .text, .layer]
    static let ovalAdvice =
        "an <oval> is drawn in a box: x and y are its top-left corner, width and height "
        + "twice its radii (or use <circle cx=… cy=… radius=…>)"
    static let radialAdvice = "a <gradient> is placed where it is used: fill=\"radial(name, x0, y0, r0, x1, y1, r1)\", start circle then end circle"
    static let gradientAxisAdvice = "a <gradient> is placed where it is used: fill=\"linear(name, x1, y1, x2, y2)\""
    static let lineStartAdvice = "a <line> goes from the current point to x, y: start the path with <move x=… y=…/>"
    static let pathAdvice =
        "a <path> takes SVG path data in d=\"M … L … Z\", or child elements: <move x=… y=…/>, "
        + "<line x=… y=…/>, <curve …/>, <quad …/>, <arc …/> and <close/>"

    /// Attribute names, each with one or more readings (the first whose element and name fit wins).
    public static let attributes: [String: [Entry]] = [
        // Stroke and fill.
        "stroke-width": [entry("SVG", "lineWidth")],
        "strokeWidth": [entry("Android", "lineWidth")],
        "borderWidth": [entry("Core Animation", "lineWidth")],
        "stroke-linecap": [entry("SVG", "lineCap")],
        "strokeLineCap": [entry("Android", "lineCap")],
        "stroke-linejoin": [entry("SVG", "lineJoin")],
        "strokeLineJoin": [entry("Android", "lineJoin")],
        "stroke-miterlimit": [entry("SVG", "miterLimit")],
        "strokeMiterLimit": [entry("Android", "miterLimit")],
        "stroke-dasharray": [entry("SVG", "dash", "write the lengths as a list: dash=\"[6, 3]\"")],
        "lineDashPattern": [entry("Core Animation", "dash", "write the lengths as a list: dash=\"[6, 3]\"")],
        "stroke-dashoffset": [entry("SVG", "dashPhase")],
        "lineDashPhase": [entry("Core Animation", "dashPhase")],
        "fill-rule": [entry("SVG", "fillRule")],
        "clip-rule": [entry("SVG", "fillRule")],
        "fillType": [entry("Android", "fillRule")],
        "usesEvenOddFillRule": [entry("UIKit", "fillRule", "write fillRule=\"evenodd\"")],
        "fillColor": [entry("Android and Core Animation", "fill")],
        "strokeColor": [entry("Android and Core Animation", "stroke")],
        "backgroundColor": [entry("UIKit", "fill")],
        "color": [entry("SVG", "fill", on: [.text])],
        "textColor": [entry("UIKit", "fill", on: [.text])],
        "fill-opacity": [entry("SVG", "opacity", "it applies to the fill and the stroke alike")],
        "stroke-opacity": [entry("SVG", "opacity", "it applies to the fill and the stroke alike")],
        "fillAlpha": [entry("Android", "opacity", "it applies to the fill and the stroke alike")],
        "strokeAlpha": [entry("Android", "opacity", "it applies to the fill and the stroke alike")],
        "alpha": [entry("UIKit and Android", "opacity")],
        // Gradient stops.
        "stop-color": [entry("SVG", "color", on: [.stop])],
        "stop-opacity": [entry("SVG", "opacity", on: [.stop])],
        "spreadMethod": [entry("SVG", "extend", on: [.gradient])],
        "tileMode": [entry("Android", "extend", on: [.gradient])],
        "x1": [entry("SVG", nil, on: [.gradient], gradientAxisAdvice), entry("SVG", nil, on: [.line], lineStartAdvice)],
        "y1": [entry("SVG", nil, on: [.gradient], gradientAxisAdvice), entry("SVG", nil, on: [.line], lineStartAdvice)],
        "x2": [entry("SVG", nil, on: [.gradient], gradientAxisAdvice), entry("SVG", "x", on: [.line])],
        "y2": [entry("SVG", nil, on: [.gradient], gradientAxisAdvice), entry("SVG", "y", on: [.line])],
        "gradientTransform": [entry("SVG", nil, on: [.gradient], "place the gradient with linear(name, x1, y1, x2, y2)")],
        // Radial gradients and blend modes (Grammar §11).
        "fx": [entry("SVG", nil, on: [.gradient], radialAdvice)],
        "fy": [entry("SVG", nil, on: [.gradient], radialAdvice)],
        "fr": [entry("SVG", nil, on: [.gradient], radialAdvice)],
        "mix-blend-mode": [entry("CSS", "blend")],
        "blendMode": [entry("Core Graphics and Android", "blend")],
        // Geometry.
        "rx": [
            entry("SVG", "radius", on: [.rect], "one radius rounds every corner; topLeftRadius and the like set them one by one"),
            entry("SVG", nil, on: [.oval], ovalAdvice),
        ],
        "ry": [
            entry("SVG", "radius", on: [.rect], "one radius rounds every corner; topLeftRadius and the like set them one by one"),
            entry("SVG", nil, on: [.oval], ovalAdvice),
        ],
        "r": [entry("SVG", "radius"), entry("SVG", nil, on: [.oval], ovalAdvice)],
        "cornerRadius": [entry("UIKit", "radius")],
        "corner-radius": [entry("CSS", "radius")],
        "radius": [entry("SVG", nil, on: [.oval], ovalAdvice)],
        "cx": [entry("SVG", nil, on: [.oval], ovalAdvice)],
        "cy": [entry("SVG", nil, on: [.oval], ovalAdvice)],
        "center": [entry("UIKit", nil, on: [.circle, .arc], "give the center as cx=… and cy=…")],
        "sweepAngle": [entry("Android", nil, on: [.arc], "give the end instead: endAngle=\"startAngle + sweep\"")],
        // `d` is our own attribute of <path> now; Android's vector drawables write the same data.
        "pathData": [entry("Android", "d", on: [.path])],
        "points": [entry("SVG", nil, on: [.path], pathAdvice)],
        // Transforms.
        "transform": [
            entry(
                "SVG", nil,
                "transform with <group x=… y=… rotate=… scale=…>, or with <translate>, "
                    + "<rotate>, <scale> and <concatenate a=… b=… c=… d=… tx=… ty=…> (SVG's matrix()) statements")
        ],
        "rotation": [entry("Android", "rotate", on: [.group]), entry("Android", "angle", on: [.rotate])],
        "angle": [entry("Core Graphics", "rotate", on: [.group])],
        "translateX": [entry("Android", "x", on: [.group, .translate])],
        "translateY": [entry("Android", "y", on: [.group, .translate])],
        // The canvas.
        "viewBox": [
            entry(
                "SVG", nil,
                "there is no viewBox: lengths are points from the top-left corner; "
                    + "to scale a drawing, wrap it in <group scale=…>")
        ],
        "viewportWidth": [entry("Android", nil, "there is no viewport: lengths are points; to scale a drawing, wrap it in <group scale=…>")],
        "viewportHeight": [entry("Android", nil, "there is no viewport: lengths are points; to scale a drawing, wrap it in <group scale=…>")],
        // Text.
        "font-size": [entry("SVG", "size", on: [.text])],
        "textSize": [entry("Android", "size", on: [.text])],
        "fontSize": [entry("UIKit", "size", on: [.text])],
        "font-family": [entry("SVG", "font", on: [.text])],
        "fontFamily": [entry("Android", "font", on: [.text])],
        "font-weight": [entry("SVG", "weight", on: [.text])],
        "fontWeight": [entry("Android", "weight", on: [.text])],
        "text-anchor": [entry("SVG", "align", on: [.text])],
        "textAlignment": [entry("UIKit", "align", on: [.text])],
        "dominant-baseline": [entry("SVG", "baseline", on: [.text])],
        "alignment-baseline": [entry("SVG", "baseline", on: [.text])],
        // Shadows (Grammar.md §11, "Layers and shadows").
        "shadowRadius": [
            entry(
                "Core Animation", "shadowBlur", on: shadowed,
                "shadowBlur is Core Graphics' blur, twice Core Animation's shadowRadius: shadowBlur=\"2 * radius\"")
        ],
        "shadowOpacity": [entry("Core Animation", "shadowColor", on: shadowed, "put the opacity in the color: shadowColor=\"rgba(0, 0, 0, 0.3)\"")],
        "shadowOffset": [entry("Core Graphics", nil, on: shadowed, "give the offset as shadowOffsetX=… and shadowOffsetY=…")],
        "box-shadow": [entry("CSS", nil, on: shadowed, "write shadowOffsetX, shadowOffsetY, shadowBlur and shadowColor")],
        "filter": [entry("SVG", nil, on: shadowed, "for a drop shadow write shadowOffsetX, shadowOffsetY, shadowBlur and shadowColor")],
        // References and styling.
        "href": [entry("SVG", "src", on: [.use])],
        "id": [entry("SVG", "name", on: [.gradient, .component])],
        "style": [entry("SVG", nil, "there is no CSS: write each property as an attribute, such as fill=\"red\"")],
        "class": [entry("SVG", nil, "there is no CSS: write each property as an attribute, such as fill=\"red\"")],
    ]

    /// Element names.
    public static let elements: [String: Entry] = [
        "ellipse": entry("SVG", "oval", ovalAdvice),
        "g": entry("SVG", "group"),
        "svg": entry("SVG", "scene"),
        "vector": entry("Android", "scene"),
        "polygon": entry("SVG", "path", "write its points as <move> and <line> children, then <close/>"),
        "polyline": entry("SVG", "path", "write its points as <move> and <line> children"),
        "linearGradient": entry("SVG", "gradient", "declare it with <gradient name=…> and place it with fill=\"linear(name, x1, y1, x2, y2)\""),
        "radialGradient": entry(
            "SVG", "gradient", "declare it with <gradient name=…> and place it with fill=\"radial(name, x0, y0, r0, x1, y1, r1)\""),
        "clipPath": entry("SVG", "clip", "write <clip><shape>…</shape> …clipped elements…</clip>"),
        "clip-path": entry("Android", "clip", "write <clip><shape>…</shape> …clipped elements…</clip>"),
        "symbol": entry("SVG", "component"),
        "tspan": entry("SVG", "text"),
        "defs": entry(
            "SVG", nil,
            "there is no <defs>: declare a <gradient> in the block that uses it, and a "
                + "<component> at the top level"),
        "image": entry("SVG", nil, "images are not supported: draw with shapes, or place another scene with <use src=…>"),
        "roundedRect": entry("UIKit", "rect", "round its corners with radius=…"),
        "addArc": entry("Core Graphics", "arc"),
        "arcTo": entry("Android", "arc"),
        "moveTo": entry("Android", "move"),
        "lineTo": entry("Android", "line"),
        "addLine": entry("Core Graphics", "line"),
        "cubicTo": entry("Android", "curve"),
        "curveTo": entry("Core Graphics", "curve"),
        "addCurve": entry("Core Graphics", "curve"),
        "quadTo": entry("Android", "quad"),
        "addQuadCurve": entry("Core Graphics", "quad"),
        "closePath": entry("Core Graphics", "close"),
        "closeSubpath": entry("Core Graphics", "close"),
    ]

    /// "Android and Core Animation call it …" / "SVG calls it …".
    static func calls(_ origin: String, _ name: String) -> String {
        "\(origin) \(origin.contains(" and ") ? "call" : "calls") it '\(name)'"
    }

    /// Our name for a foreign attribute name on an element of `kind`, if the table has one.
    public static func ours(forAttribute name: String, on kind: ElementKind) -> String? {
        attributes[name]?.first { $0.ours != nil && ($0.elements == nil || $0.elements!.contains(kind)) }?.ours
    }

    /// The help for an unknown attribute `name` on an element of `kind` that takes `candidates`,
    /// when `name` is a foreign one; nil otherwise.
    public static func attributeHelp(_ name: String, on kind: ElementKind, candidates: [String]) -> String? {
        guard let entries = attributes[name] else { return nil }
        let applicable = entries.filter { $0.elements == nil || $0.elements!.contains(kind) }
        for entry in applicable {
            if let ours = entry.ours, candidates.contains(ours) {
                return "did you mean '\(ours)'? (\(calls(entry.origin, name)))" + (entry.advice.map { "; \($0)" } ?? "")
            }
            if entry.ours == nil, let advice = entry.advice {
                return advice
            }
        }
        // A reading meant for other elements that still fits this one (`color` on a <rect>).
        for entry in entries {
            if let ours = entry.ours, candidates.contains(ours) { return "did you mean '\(ours)'? (\(calls(entry.origin, name)))" }
        }
        // A foreign name for something this element does not take.
        if let entry = applicable.first(where: { $0.ours != nil }) ?? entries.first(where: { $0.ours != nil }),
            let ours = entry.ours, ours != name
        {
            return "\(calls(entry.origin, name)); here it is '\(ours)', which <\(kind.rawValue)> does not take"
        }
        return nil
    }

    /// The help for an unknown element `name`, when it is a foreign one; nil otherwise.
    public static func elementHelp(_ name: String) -> String? {
        guard let entry = elements[name] else { return nil }
        guard let ours = entry.ours else { return entry.advice }
        return "did you mean '\(ours)'? (\(calls(entry.origin, name)))" + (entry.advice.map { "; \($0)" } ?? "")
    }
}
