import DisplayList
import SceneSource
import SceneSyntax

/// SVG → scene. One element of the scene per SVG shape, in the language's own names; groups,
/// transforms and opacity as `<group>`, transform statements and `<layer>`; what the language
/// cannot say is reported per element (`ImportWarning`), never dropped in silence.
public enum SVGImporter {
    /// The most scene elements one import writes (after `<use>` is expanded): a file that asks for
    /// more (a `<use>` bomb) is refused.
    public static let maxElements = 20_000
    /// The deepest nesting of scene elements written: the scene parser reads at most 64
    /// (ParserLimits.maxDepth), and each SVG level may become a group, a clip and a layer.
    public static let maxSceneDepth = 64
    /// The deepest nesting of SVG elements walked, `<use>` included (each place it expands counts).
    static let maxWalkDepth = 96

    public static func importSVG(_ bytes: [UInt8], source: String) -> ImportResult {
        switch SVGReader.read(bytes) {
        case .failure(let e):
            return ImportResult(scene: nil, warnings: [], refusal: ImportWarning(line: e.line, column: e.column, message: e.message, help: e.help))
        case .success(let root):
            var converter = Converter(root: root)
            return converter.run(source: source)
        }
    }
}

/// The walk over one file.
struct Converter {
    let root: SVGElement
    var ids: [String: SVGElement] = [:]
    var sheet = StyleSheet()
    var warnings: [ImportWarning] = []
    var refusal: ImportWarning?
    var emitted = 0
    var useStack: [String] = []
    /// The ids of the `<mask>`s whose content is being walked (a mask used inside itself is left out).
    var maskStack: [String] = []
    var usesColorParameter = false
    var walkDepth = 0
    var rootColor = "black"
    var gradients = GradientTable()
    var viewport = (width: 100.0, height: 100.0)
    /// The `<style>` elements, where their unsupported rules are reported.
    var styleElements: [SVGElement] = []

    init(root: SVGElement) { self.root = root }

    mutating func warn(_ element: SVGElement, _ message: String, help: String) {
        let w = ImportWarning(line: element.line, column: element.column, message: "\(element.label): \(message)", help: help)
        if !warnings.contains(w) { warnings.append(w) }
    }

    mutating func run(source: String) -> ImportResult {
        collect(root)
        for style in styleElements {
            for unsupported in StyleSheet(style.text).unsupported {
                warn(
                    style, "the rule for '\(unsupported)' is not imported (only .class, tag, #id and tag.class selectors are)",
                    help: "write the properties on the elements, or use simple class selectors")
            }
        }
        let rootStyle = SVGStyle.computed(root, parent: .initial, sheet: sheet)
        rootColor = rootStyle["color"] ?? "black"

        // The canvas: width and height (or the viewBox's), and the viewBox mapped onto it.
        let box = SVGValues.numbers(root["viewBox"] ?? "").flatMap { $0.count == 4 && $0[2] > 0 && $0[3] > 0 ? $0 : nil }
        if root["viewBox"] != nil && box == nil {
            warn(root, "the viewBox '\(root["viewBox"]!)' is not four numbers with a positive width and height", help: "fix the viewBox")
        }
        var width = SVGValues.length(root["width"], percentOf: box?[2])
        var height = SVGValues.length(root["height"], percentOf: box?[3])
        if width == nil, let w = root["width"], SVGValues.length(w) == nil, !w.hasSuffix("%") {
            warn(root, "the width '\(w)' is not a length the importer reads (a number, px, pt, mm, cm, in)", help: "give the width in px")
        }
        if width == nil { width = box.map { height != nil && $0[3] > 0 ? height! * $0[2] / $0[3] : $0[2] } ?? 100 }
        if height == nil { height = box.map { $0[2] > 0 ? width! * $0[3] / $0[2] : $0[3] } ?? 100 }
        guard let width, let height, width > 0, height > 0, width <= 100_000, height <= 100_000 else {
            return ImportResult(
                scene: nil, warnings: warnings,
                refusal: ImportWarning(
                    line: root.line, column: root.column, message: "<svg> at line \(root.line): the canvas size is not positive and at most 100000",
                    help: "give the <svg> a width and height, or a viewBox"))
        }
        viewport = (box?[2] ?? width, box?[3] ?? height)
        var body: [SceneNode] = []
        if let box {
            body += viewBoxStatements(box, width: width, height: height, aspect: root["preserveAspectRatio"], element: root)
        }
        // The root's own transform, opacity and clip (SVG 2 lets the outermost <svg> have them).
        body += decorated(content(of: root, style: rootStyle), element: root, style: rootStyle)
        if let transform = root["transform"], let steps = SVGValues.transformList(transform) {
            body = steps.map(Self.statement) + body
        }
        if let refusal { return ImportResult(scene: nil, warnings: warnings, refusal: refusal) }
        if emitted > SVGImporter.maxElements {
            return ImportResult(
                scene: nil, warnings: warnings,
                refusal: ImportWarning(
                    line: root.line, column: root.column,
                    message: "the drawing makes more than \(SVGImporter.maxElements) scene elements (after expanding <use>)",
                    help: "simplify the drawing, or split it into several files"))
        }
        var top: [SceneNode] = []
        if usesColorParameter {
            let c = SVGValues.color(rootColor) ?? .black
            top.append(
                SceneNode(
                    "param",
                    [
                        ("name", "color"), ("type", "color"), ("default", Self.colorText(SVGValues.RGBA(r: c.r, g: c.g, b: c.b, a: 1))),
                        ("description", "the SVG's currentColor: tints the icon"),
                    ]))
        }
        top += gradients.declarations
        let scene = SceneNode("scene", [("width", num(width)), ("height", num(height))], children: top + body)
        if scene.depth > SVGImporter.maxSceneDepth {
            return ImportResult(
                scene: nil, warnings: warnings,
                refusal: ImportWarning(
                    line: root.line, column: root.column,
                    message: "the scene would nest \(scene.depth) elements deep, more than the \(SVGImporter.maxSceneDepth) a scene may",
                    help: "flatten the groups of the drawing (each transformed, clipped or faded group is a level)"))
        }
        var text =
            "<!-- Imported by scenec import from \(SceneNode.commentText(source)); edit freely (scenec import rewrites only files it wrote). -->\n"
        scene.write(into: &text, depth: 0)
        return ImportResult(scene: text, warnings: warnings, refusal: nil)
    }

    /// Every element with an id, and every `<style>` sheet, wherever they are.
    mutating func collect(_ element: SVGElement) {
        if let id = element["id"], ids[id] == nil { ids[id] = element }
        if element.name == "style", element.prefix == nil {
            let type = element["type"] ?? "text/css"
            if type == "text/css" || type.isEmpty {
                sheet.append(StyleSheet(element.text))
                styleElements.append(element)
            }
        }
        for child in element.children { collect(child) }
    }

    /// translate(align) · scale · translate(−min): the viewBox onto the canvas (`preserveAspectRatio`).
    mutating func viewBoxStatements(_ box: [Double], width: Double, height: Double, aspect: String?, element: SVGElement) -> [SceneNode] {
        var sx = width / box[2], sy = height / box[3]
        let words = (aspect ?? "xMidYMid meet").split(separator: " ").map(String.init)
        let align = words.first ?? "xMidYMid"
        var tx = 0.0, ty = 0.0
        if align != "none" {
            let s = words.contains("slice") ? max(sx, sy) : min(sx, sy)
            sx = s; sy = s
            let extraX = width - box[2] * s, extraY = height - box[3] * s
            if align.contains("xMid") { tx = extraX / 2 } else if align.contains("xMax") { tx = extraX }
            if align.contains("YMid") { ty = extraY / 2 } else if align.contains("YMax") { ty = extraY }
        }
        var nodes: [SceneNode] = []
        if tx != 0 || ty != 0 { nodes.append(SceneNode("translate", [("x", num(tx)), ("y", num(ty))], comment: "the viewBox, centered")) }
        if sx != 1 || sy != 1 {
            nodes.append(
                SceneNode(
                    "scale", sx == sy ? [("x", num(sx))] : [("x", num(sx)), ("y", num(sy))],
                    comment: nodes.isEmpty ? "the viewBox \(box.map(num).joined(separator: " ")) onto the canvas" : nil))
        }
        if box[0] != 0 || box[1] != 0 { nodes.append(SceneNode("translate", [("x", num(-box[0])), ("y", num(-box[1]))])) }
        return nodes
    }

    // MARK: the walk

    /// The scene nodes of an element's children.
    mutating func content(of element: SVGElement, style: SVGStyle) -> [SceneNode] {
        var nodes: [SceneNode] = []
        for child in element.children {
            if refusal != nil || emitted > SVGImporter.maxElements { break }
            nodes += render(child, parentStyle: style)
        }
        return nodes
    }

    static let nonRendering: Set<String> = [
        "defs", "symbol", "clipPath", "mask", "linearGradient", "radialGradient", "style",
        "title", "desc", "metadata", "marker", "pattern", "filter", "script",
    ]
    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// One SVG element as scene nodes: its transform, clip, opacity and content.
    mutating func render(_ element: SVGElement, parentStyle: SVGStyle, viaUse: Bool = false) -> [SceneNode] {
        if element.prefix != nil { return [] } // an editor's metadata (sodipodi:namedview, …)
        walkDepth += 1
        defer { walkDepth -= 1 }
        if walkDepth > SVGImporter.maxWalkDepth {
            if refusal == nil {
                refusal = ImportWarning(
                    line: element.line, column: element.column,
                    message: "\(element.label): elements (with what <use> places) nested more than \(SVGImporter.maxWalkDepth) deep",
                    help: "flatten the groups of the drawing")
            }
            return []
        }
        let style = SVGStyle.computed(element, parent: parentStyle, sheet: sheet)
        if style["display"] == "none" { return [] }
        if element.name == "script" {
            warn(element, "scripts are not imported", help: "a scene has no scripts; draw the result instead")
            return []
        }
        if Self.nonRendering.contains(element.name) && !(viaUse && element.name == "symbol") { return [] }
        var nodes: [SceneNode]
        switch element.name {
        case "g", "svg", "a", "symbol":
            nodes = content(of: element, style: style)
            // The root's viewport is the canvas; a nested <svg> or a placed <symbol> maps its own.
            if element.name == "svg" || element.name == "symbol" { nodes = nestedViewport(element, nodes, style: style) }
            if nodes.isEmpty { return [] }
        case "switch":
            // The first child that applies: the importer takes the first without conditions.
            guard
                let first = element.children.first(where: {
                    $0["requiredFeatures"] == nil && $0["requiredExtensions"] == nil && $0["systemLanguage"] == nil
                })
            else { return [] }
            nodes = render(first, parentStyle: style)
        case "use":
            nodes = use(element, style: style)
        case _ where Self.shapes.contains(element.name):
            nodes = shape(element, style: style)
        case "text", "image", "foreignObject", "video", "audio", "iframe", "canvas":
            warn(
                element,
                "<\(element.name)> is not imported (\(element.name == "text" ? "SVG text is laid out by the SVG renderer's fonts" : "the language draws no embedded content"))",
                help: element.name == "text"
                    ? "convert the text to paths in the editor, or write a <text> element in the scene"
                    : "redraw it with shapes, or leave it out of the icon")
            return []
        default:
            warn(element, "<\(element.name)> is not an SVG element the importer knows: left out", help: "remove it, or replace it with shapes")
            return []
        }
        if nodes.isEmpty { return [] }
        nodes = decorated(nodes, element: element, style: style)
        if let transform = element["transform"] {
            guard let steps = SVGValues.transformList(transform) else {
                warn(element, "the transform '\(transform)' does not parse: drawn without it", help: "fix the transform list")
                return nodes
            }
            if !steps.isEmpty {
                emitted += 1
                return [SceneNode("group", [], children: steps.map(Self.statement) + nodes)]
            }
        }
        return nodes
    }

    /// An element's nodes with what applies to it as a whole, innermost first: its opacity (a
    /// layer, or a single paint's opacity), then its clip; what cannot apply is reported.
    mutating func decorated(_ content: [SceneNode], element: SVGElement, style: SVGStyle) -> [SceneNode] {
        var nodes = content
        if nodes.isEmpty { return [] }
        if let value = style["filter"], value != "none" {
            warn(
                element, "filter=\"\(value)\" is not imported (the language has no filters): drawn without it",
                help: "remove the filter, or draw its effect with shapes, gradients and opacity")
        }
        if let blend = style["mix-blend-mode"], blend != "normal" {
            warn(
                element, "mix-blend-mode: \(blend) is not imported: drawn as normal",
                help: "use the scene's blend attribute on a <group> after importing")
        }
        let opacity = SVGValues.fraction(style["opacity"]).map { min(1, max(0, $0)) } ?? 1
        if opacity == 0 { return [] }
        if opacity < 1, !(Self.shapes.contains(element.name) && nodes.count == 1 && nodes[0].name != "layer" && singlePaint(nodes[0])) {
            nodes = [SceneNode("layer", [("opacity", num(opacity))], children: nodes)]
            emitted += 1
        } else if opacity < 1 {
            nodes[0] = multiplyOpacity(nodes[0], by: opacity)
        }
        if let clip = style["clip-path"], clip != "none" {
            nodes = clipped(nodes, by: clip, element: element, style: style)
        }
        if let mask = style["mask"], mask != "none", !nodes.isEmpty {
            nodes = masked(nodes, by: mask, element: element)
        }
        return nodes
    }

    /// A transform function as a statement of the language.
    static func statement(_ step: SVGValues.TransformStep) -> SceneNode {
        switch step {
        case .translate(let x, let y): return SceneNode("translate", y == 0 ? [("x", num(x))] : [("x", num(x)), ("y", num(y))])
        case .scale(let x, let y): return SceneNode("scale", x == y ? [("x", num(x))] : [("x", num(x)), ("y", num(y))])
        case .rotate(let a, let cx, let cy):
            var attributes = [("angle", "radians(\(num(a)))")]
            if cx != 0 || cy != 0 { attributes += [("pivotX", num(cx)), ("pivotY", num(cy))] }
            return SceneNode("rotate", attributes)
        case .skewX(let a): return SceneNode("concatenate", [("c", "tan(radians(\(num(a))))")])
        case .skewY(let a): return SceneNode("concatenate", [("b", "tan(radians(\(num(a))))")])
        case .matrix(let m) where m.b == 0 && m.c == 0 && m.a == 1 && m.d == 1:
            return statement(.translate(m.tx, m.ty)) // matrix(1 0 0 1 x y), as editors write a move
        case .matrix(let m) where m.b == 0 && m.c == 0 && m.tx == 0 && m.ty == 0:
            return statement(.scale(m.a, m.d))
        case .matrix(let m):
            var attributes: [(String, String)] = []
            for (name, value, identity) in [("a", m.a, 1.0), ("b", m.b, 0), ("c", m.c, 0), ("d", m.d, 1), ("tx", m.tx, 0), ("ty", m.ty, 0)]
            where value != identity { attributes.append((name, num(value))) }
            return SceneNode("concatenate", attributes)
        }
    }

    /// Whether a shape node paints with one of fill and stroke only (its opacity is then exact).
    func singlePaint(_ node: SceneNode) -> Bool {
        let names = Set(node.attributes.map(\.0))
        return !(names.contains("fill") && names.contains("stroke"))
    }

    func multiplyOpacity(_ node: SceneNode, by factor: Double) -> SceneNode {
        var node = node
        if let i = node.attributes.firstIndex(where: { $0.0 == "opacity" }) {
            node.attributes[i].1 = num((Double(node.attributes[i].1) ?? 1) * factor)
        } else {
            node.attributes.append(("opacity", num(factor)))
        }
        return node
    }

    /// A nested `<svg>` or a `<symbol>` placed by `<use>`: its viewBox onto its width and height.
    mutating func nestedViewport(_ element: SVGElement, _ nodes: [SceneNode], style: SVGStyle) -> [SceneNode] {
        guard let box = SVGValues.numbers(element["viewBox"] ?? ""), box.count == 4, box[2] > 0, box[3] > 0 else {
            let x = SVGValues.length(element["x"]) ?? 0, y = SVGValues.length(element["y"]) ?? 0
            if x == 0 && y == 0 { return nodes }
            emitted += 1
            return [SceneNode("group", [("x", num(x)), ("y", num(y))], children: nodes)]
        }
        let width = SVGValues.length(element["width"], percentOf: viewport.width) ?? box[2]
        let height = SVGValues.length(element["height"], percentOf: viewport.height) ?? box[3]
        let x = SVGValues.length(element["x"]) ?? 0, y = SVGValues.length(element["y"]) ?? 0
        var statements = viewBoxStatements(box, width: width, height: height, aspect: element["preserveAspectRatio"], element: element)
        if x != 0 || y != 0 { statements.insert(SceneNode("translate", [("x", num(x)), ("y", num(y))]), at: 0) }
        emitted += 1
        // A nested viewport clips what it holds to itself unless its overflow is visible.
        let overflow = style["overflow"] ?? "hidden"
        if overflow == "visible" || overflow == "auto" { return [SceneNode("group", [], children: statements + nodes)] }
        emitted += 2
        let shape = SceneNode(
            "shape", [], children: [SceneNode("rect", [("x", num(x)), ("y", num(y)), ("width", num(width)), ("height", num(height))])])
        return [SceneNode("clip", [], children: [shape] + statements + nodes)]
    }

    // MARK: use

    mutating func use(_ element: SVGElement, style: SVGStyle) -> [SceneNode] {
        guard let href = element.href else { return [] }
        guard href.hasPrefix("#") else {
            warn(
                element, "<use> of '\(href)' in another file is not imported (no external references)",
                help: "copy what it places into this file, or import that file as well")
            return []
        }
        let id = String(href.dropFirst())
        guard let target = ids[id] else {
            warn(element, "<use> of '#\(id)': there is no element with that id", help: "fix the reference")
            return []
        }
        guard !useStack.contains(id) else {
            warn(element, "<use> of '#\(id)' places itself (directly or through other <use>): left out", help: "break the cycle")
            return []
        }
        guard useStack.count < 8 else {
            warn(
                element, "<use> of '#\(id)' is the 9th <use> inside <use>: left out (at most 8 are followed)",
                help: "place the element itself, or fewer levels of <use>")
            return []
        }
        useStack.append(id)
        defer { useStack.removeLast() }
        var placed = target
        if target.name == "symbol" || target.name == "svg" {
            // The <use>'s width and height size the viewport of a symbol.
            var attributes = target.attributes
            if let w = element["width"] { attributes["width"] = w }
            if let h = element["height"] { attributes["height"] = h }
            attributes["x"] = nil; attributes["y"] = nil
            placed = SVGElement(
                name: target.name, prefix: target.prefix, attributes: attributes, line: target.line, column: target.column,
                children: target.children, text: target.text)
        }
        let nodes = render(placed, parentStyle: style, viaUse: true)
        let x = SVGValues.length(element["x"]) ?? 0, y = SVGValues.length(element["y"]) ?? 0
        if nodes.isEmpty || (x == 0 && y == 0) { return nodes }
        emitted += 1
        return [SceneNode("group", [("x", num(x)), ("y", num(y))], children: nodes)]
    }

    // MARK: colors

    static func colorText(_ c: SVGValues.RGBA) -> String {
        func channel(_ v: Double) -> Int { Int(min(255, max(0, v)).rounded()) }
        let hex = [channel(c.r), channel(c.g), channel(c.b)].map { value -> String in
            let digits = Array("0123456789abcdef")
            return String(digits[value / 16]) + String(digits[value % 16])
        }.joined()
        if c.a >= 1 { return "#" + hex }
        return "rgba(\(channel(c.r)), \(channel(c.g)), \(channel(c.b)), \(num(c.a)))"
    }
}
