import SceneSource
import SceneSyntax
import SceneVocabulary

/// A scene's body as Swift statements: each element becomes the Core Graphics calls that draw the
/// operations the evaluator would make (Sources/SceneEvaluator), each commented with its
/// `file:line`. Blocks become `do { }` scopes; save and restore of the graphics state are paired
/// with `defer`, so a failure part way leaves the context as it was.
///
/// The body runs twice (see `SwiftSceneWriter`): with `_context` nil to check that the scene can
/// be drawn with these values (every expression computed, nothing drawn), then with the context.
struct SwiftBodyWriter {
    var out = SwiftCodeWriter()
    var expressions: SwiftExpressionWriter
    let site: (SourceSpan) -> String
    let lineComment: (SourceSpan) -> String
    /// The Swift variable holding the opacity groups have multiplied so far.
    var opacity = "_opacity0"
    private var counter = 0
    /// Every scene name declared so far in this body: a second declaration of a name, even in
    /// another scope, gets a Swift name of its own, so that each Swift name has one declaration.
    private var declaredNames: Set<String> = []
    /// The scene's size and parameters: declaring one of these names fails when it runs.
    var sceneInputs: Set<String> = []
    /// How many `<clip>`s enclose what is being written: a blend mode there fails when it runs.
    private var clipDepth = 0

    init(site: @escaping (SourceSpan) -> String, lineComment: @escaping (SourceSpan) -> String, names: [String: String]) {
        self.site = site
        self.lineComment = lineComment
        expressions = SwiftExpressionWriter(scopes: [names], site: site)
    }

    mutating func fresh(_ base: String) -> String {
        counter += 1
        return "_\(base)\(counter)"
    }

    func at(_ span: SourceSpan) -> String { SwiftNames.stringLiteral(site(span)) }

    func expr(_ e: Expr) throws -> String { try expressions.write(e) }

    /// Declares a scene name in the current scope; a Swift name of its own when it shadows one.
    /// Returns what to write after `let`: a placeholder that becomes the name, or `_` when nothing
    /// uses it (Swift would warn of an unused constant; the value is still computed, and checked).
    mutating func declare(_ name: String, at span: SourceSpan? = nil) -> String {
        if sceneInputs.contains(name), let span {
            out.line("try R.sceneInputRedefined(\(SwiftNames.stringLiteral(name)), at: \(at(span)))")
        }
        var swift = SwiftNames.identifier(name)
        if expressions.lookup(name) != nil || name.hasPrefix("_") || !declaredNames.insert(name).inserted {
            swift = fresh(name.filter { $0.isLetter || $0.isNumber })
        }
        expressions.scopes[expressions.scopes.count - 1][name] = swift
        return Self.placeholder(swift)
    }

    static func placeholder(_ swift: String) -> String { "\u{27EA}" + swift + "\u{27EB}" }

    /// Each declaration's placeholder as its name, or `_` when the name is used nowhere else.
    func resolvePlaceholders(_ text: String) -> String {
        let code = Self.withoutStringsAndComments(text)
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "\u{27EA}"), let close = rest[open...].firstIndex(of: "\u{27EB}") {
            let name = String(rest[rest.index(after: open)..<close])
            result += rest[..<open]
            result += Self.isUsed(name, in: code) ? name : "_"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The text with string literals and `//` comments blanked out, for finding uses of names.
    static func withoutStringsAndComments(_ text: String) -> String {
        var out = ""
        var inString = false, inComment = false, escaped = false
        var previous: Character = " "
        for c in text {
            if inComment {
                if c == "\n" { inComment = false; out.append(c) } else { out.append(" ") }
            } else if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                out.append(c == "\n" ? c : " ")
            } else if c == "\"" {
                inString = true
                out.append(" ")
            } else if c == "/" && previous == "/" {
                inComment = true
                out.removeLast()
                out.append("  ")
            } else {
                out.append(c)
            }
            previous = c
        }
        return out
    }

    /// Whether `name` appears as a whole identifier outside its own declaration.
    static func isUsed(_ name: String, in text: String) -> Bool {
        let isPart: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
        var search = text[...]
        while let range = search.range(of: name) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            // `name:` is an argument label and `.name` a member, not uses.
            if before != "\u{27EA}", before != ".", !(before.map(isPart) ?? false), !(after.map(isPart) ?? false), after != "\u{27EB}",
               after != ":" {
                return true
            }
            search = text[range.upperBound...]
        }
        return false
    }

    mutating func openScope(_ header: String) {
        out.open(header)
        expressions.scopes.append([:])
    }

    mutating func closeScope() {
        expressions.scopes.removeLast()
        out.close()
    }

    // MARK: blocks

    enum BlockKind { case drawing, path(String), gradient(String) }

    mutating func block(_ nodes: [Node], _ kind: BlockKind) throws {
        if case .drawing = kind, nodes.contains(where: { [.translate, .rotate, .scale].contains($0.kind) }) {
            // Transform statements last to the end of their block.
            out.line("_context?.saveGState()")
            out.line("defer { _context?.restoreGState() }")
        }
        for node in nodes { try element(node, kind) }
    }

    mutating func nested(_ header: String, _ nodes: [Node], _ kind: BlockKind) throws {
        openScope(header)
        try block(nodes, kind)
        closeScope()
    }

    mutating func element(_ node: Node, _ kind: BlockKind) throws {
        switch node.kind {
        case .param, .component:
            return
        case .let:
            guard let name = node.word(.name), let value = node.expression(.value) else { return }
            let value_ = try expr(value)
            out.line("let \(declare(name.text, at: name.span)) = \(value_)  // \(lineComment(node.span))")
        case .assert:
            guard let test = node.expression(.test) else { return }
            let message = node.word(.message)?.text ?? "assertion failed"
            out.line("try R.check(\(try expr(test)), message: \(SwiftNames.stringLiteral(message)), at: \(at(test.span)))  // \(lineComment(node.span))")
        case .if:
            try branch(node, kind)
        case .for:
            try loop(node, kind)
        default:
            switch kind {
            case .drawing: try drawing(node)
            case .path(let path): try pathElement(node, into: path)
            case .gradient(let stops): try stop(node, into: stops)
            }
        }
    }

    mutating func branch(_ node: Node, _ kind: BlockKind) throws {
        var first = true
        for candidate in [node] + node.alternatives {
            if candidate.kind == .else {
                out.reopen("} else {  // \(lineComment(candidate.span))")
                expressions.scopes.append([:])
                try block(candidate.children, kind)
                expressions.scopes.removeLast()
                continue
            }
            guard let test = candidate.expression(.test) else { continue }
            let condition = "try R.bool(\(try expr(test)), at: \(at(test.span)))"
            if first {
                out.open("if \(condition) {  // \(lineComment(candidate.span))")
                first = false
            } else {
                out.reopen("} else if \(condition) {  // \(lineComment(candidate.span))")
            }
            expressions.scopes.append([:])
            try block(candidate.children, kind)
            expressions.scopes.removeLast()
        }
        out.close()
    }

    mutating func loop(_ node: Node, _ kind: BlockKind) throws {
        guard let variable = node.word(.var) else { return }
        let here = at(node.span)
        let values: String
        if let list = node.expression(.in) {
            values = "try R.elements(\(try expr(list)), budget: &_loops, at: \(here)).enumerated()"
        } else {
            let inclusive = node.expression(.through) != nil
            guard let from = node.expression(.from), let end = node.expression(inclusive ? .through : .to) else { return }
            let step = try node.expression(.step).map(expr) ?? "V.int(1)"
            values = "try R.range(from: \(try expr(from)), to: \(try expr(end)), step: \(step), inclusive: \(inclusive), budget: &_loops, at: \(here)).enumerated()"
        }
        let index = node.word(.index) == nil ? "_" : fresh("index"), value = fresh("value")
        openScope("for (\(index), \(value)) in \(values) {  // \(lineComment(node.span))")
        out.line("let \(declare(variable.text, at: variable.span)) = \(value)")
        if let indexName = node.word(.index) { out.line("let \(declare(indexName.text)) = V.int(\(index))") }
        try block(node.children, kind)
        closeScope()
    }

    // MARK: numbers of attributes

    func number(_ node: Node, _ id: AttributeID, _ fallback: Double?) throws -> String {
        guard let e = node.expression(id) else {
            guard let fallback else {
                throw SwiftExportError(message: "<\(node.kind.rawValue)> needs '\(id.rawValue)'", location: site(node.span))
            }
            return SwiftNames.doubleLiteral(fallback)
        }
        return "try R.coordinate(\(try expr(e)), \(SwiftNames.stringLiteral("'\(id.rawValue)'")), at: \(at(e.span)))"
    }

    func unit(_ node: Node, _ id: AttributeID) throws -> String {
        guard let e = node.expression(id) else { return "1.0" }
        return "(try R.unit(\(try expr(e)), \(SwiftNames.stringLiteral(id.rawValue)), at: \(at(e.span))))"
    }

    func blend(_ node: Node) -> String {
        guard let word = node.word(.blend)?.text, word != "normal" else { return ".normal" }
        switch word {
        case "soft-light": return ".softLight"
        case "hard-light": return ".hardLight"
        default: return "." + word
        }
    }

    /// The shadow attributes as a `R.Shadow?` expression.
    func shadow(_ node: Node) throws -> String {
        let ids: [AttributeID] = [.shadowOffsetX, .shadowOffsetY, .shadowBlur, .shadowColor]
        guard ids.contains(where: { node.expression($0) != nil }) else { return "nil" }
        let blur: String
        if let e = node.expression(.shadowBlur) {
            blur = "try R.length(\(try expr(e)), \"shadowBlur\", atMost: 1000, at: \(at(e.span)))"
        } else {
            blur = "0.0"
        }
        let color = try node.expression(.shadowColor).map { "try R.shadowColor(\(try expr($0)), at: \(at($0.span)))" }
            ?? "R.Shadow.defaultColor"
        return "R.shadow(offsetX: \(try number(node, .shadowOffsetX, 0)), offsetY: \(try number(node, .shadowOffsetY, 0)), blur: \(blur), color: \(color))"
    }

    // MARK: drawing elements

    mutating func drawing(_ node: Node) throws {
        if clipDepth > 0, let word = node.word(.blend)?.text, word != "normal" {
            out.line("try R.blendInsideClip(\(SwiftNames.stringLiteral(word)), at: \(at(node.word(.blend)!.span)))")
        }
        switch node.kind {
        case .group: try group(node)
        case .translate:
            out.line("_context?.concatenate(R.translation(\(try number(node, .x, 0)), \(try number(node, .y, 0))))  // \(lineComment(node.span))")
        case .rotate:
            out.line("_context?.concatenate(R.rotation(\(try number(node, .angle, nil)), pivotX: \(try number(node, .pivotX, 0)), pivotY: \(try number(node, .pivotY, 0))))  // \(lineComment(node.span))")
        case .scale:
            let x = try number(node, .x, nil)
            let y = node.expression(.y) == nil ? nil : try number(node, .y, nil)
            if let y {
                out.line("_context?.concatenate(R.scale(\(x), \(y)))  // \(lineComment(node.span))")
            } else {
                let s = fresh("scale")
                out.line("let \(s) = \(x)  // \(lineComment(node.span))")
                out.line("_context?.concatenate(R.scale(\(s), \(s)))")
            }
        case .clip: try clip(node)
        case .layer: try layer(node)
        case .gradient: try gradient(node)
        case .paint:
            guard let fill = node.expression(.fill) else { return }
            let paint = fresh("paint")
            out.open("if let \(paint) = try R.paint(\(try expr(fill)), \"fill\", at: \(at(fill.span))) {  // \(lineComment(node.span))")
            out.line("R.drawPaint(\(paint), opacity: \(opacity) * \(try unit(node, .opacity)), blend: \(blend(node)), in: _context)")
            out.close()
        case .rect, .oval, .circle, .arc, .path:
            try shape(node)
        default:
            throw SwiftExportError(message: "<\(node.kind.rawValue)> is not exported to Swift yet", location: site(node.span))
        }
    }

    mutating func group(_ node: Node) throws {
        openScope("do {  // \(lineComment(node.span))")
        var s = try number(node, .scale, 1)
        if node.expression(.scale) != nil, node.expression(.scaleX) == nil || node.expression(.scaleY) == nil {
            s = fresh("scale")
            out.line("let \(s) = \(try number(node, .scale, 1))")
        }
        let sx = node.expression(.scaleX) == nil ? s : try number(node, .scaleX, nil)
        let sy = node.expression(.scaleY) == nil ? s : try number(node, .scaleY, nil)
        let transform = "R.groupTransform(x: \(try number(node, .x, 0)), y: \(try number(node, .y, 0)), rotate: \(try number(node, .rotate, 0)), "
            + "pivotX: \(try number(node, .pivotX, 0)), pivotY: \(try number(node, .pivotY, 0)), scaleX: \(sx), scaleY: \(sy))"
        let t = fresh("transform")
        out.line("let \(t) = \(transform)")
        let outer = opacity
        if node.expression(.opacity) != nil {
            opacity = fresh("opacity")
            out.line("let \(opacity) = \(outer) * \(try unit(node, .opacity))")
        }
        out.line("_context?.saveGState()")
        out.line("defer { _context?.restoreGState() }")
        out.line("_context?.concatenate(\(t))")
        let mode = blend(node)
        if mode != ".normal" {
            out.line("_context?.setBlendMode(\(mode))")
            out.line("_context?.beginTransparencyLayer(auxiliaryInfo: nil)")
            out.line("defer { _context?.endTransparencyLayer() }")
        }
        try block(node.children, .drawing)
        opacity = outer
        closeScope()
    }

    mutating func clip(_ node: Node) throws {
        guard let shapeNode = node.children.first, shapeNode.kind == .shape else { return }
        openScope("do {  // \(lineComment(node.span))")
        let path = fresh("clipPath")
        out.line("let \(path) = ScenePath()")
        expressions.scopes.append([:])
        out.open("do {")
        try block(shapeNode.children, .path(path))
        out.close()
        expressions.scopes.removeLast()
        let rule = shapeNode.word(.fillRule)?.text == "evenodd" ? ".evenOdd" : ".winding"
        out.line("_context?.saveGState()")
        out.line("defer { _context?.restoreGState() }")
        out.line("_context?.addPath(\(path).path)")
        out.line("_context?.clip(using: \(rule))")
        clipDepth += 1
        try block(Array(node.children.dropFirst()), .drawing)
        clipDepth -= 1
        closeScope()
    }

    mutating func layer(_ node: Node) throws {
        openScope("do {  // \(lineComment(node.span))")
        let alpha = fresh("layerOpacity"), shadow = fresh("shadow")
        out.line("let \(alpha) = \(opacity) * \(try unit(node, .opacity))")
        out.line("let \(shadow): R.Shadow? = \(try self.shadow(node))")
        out.line("_context?.saveGState()")
        out.line("defer { _context?.restoreGState() }")
        out.line("_context?.setAlpha(CGFloat(\(alpha)))")
        out.open("if let \(shadow) {")
        out.line("_context?.setShadow(offset: CGSize(width: \(shadow).offsetX, height: \(shadow).offsetY), blur: CGFloat(\(shadow).blur), color: R.cgColor(\(shadow).color))")
        out.close()
        out.line("_context?.beginTransparencyLayer(auxiliaryInfo: nil)")
        out.line("defer { _context?.endTransparencyLayer() }")
        let outer = opacity
        opacity = "1.0"
        try block(node.children, .drawing)
        opacity = outer
        closeScope()
    }

    mutating func gradient(_ node: Node) throws {
        guard let name = node.word(.name) else { return }
        let stops = fresh("stops")
        out.line("var \(stops) = R.GradientStops()  // \(lineComment(node.span))")
        try nested("do {", node.children, .gradient(stops))
        if !out.text.contains("\(stops).add(") { out.replaceLast("var \(stops) =", with: "let \(stops) =") }
        let extend = node.word(.extend)?.text ?? "none"
        out.line("let \(declare(name.text, at: name.span)) = try \(stops).gradient(.\(extend), name: \(SwiftNames.stringLiteral(name.text)), at: \(at(node.span)))")
    }

    mutating func stop(_ node: Node, into stops: String) throws {
        guard node.kind == .stop, let offset = node.expression(.offset), let color = node.expression(.color) else { return }
        out.line("try \(stops).add(offset: \(try expr(offset)), color: \(try expr(color)), opacity: \(try unit(node, .opacity)), at: \(at(node.span)))  // \(lineComment(node.span))")
    }

    mutating func shape(_ node: Node) throws {
        openScope("do {  // \(lineComment(node.span))")
        let path = fresh("path")
        out.line("let \(path) = ScenePath()")
        if node.kind == .path {
            if node.pathData != nil {
                throw SwiftExportError(message: "<path d=…> is not exported to Swift yet", location: site(node.span))
            }
            out.open("do {")
            expressions.scopes.append([:])
            try block(node.children, .path(path))
            expressions.scopes.removeLast()
            out.close()
        } else {
            try pathElement(node, into: path)
        }
        let fill = try node.expression(.fill).map { "try R.paint(\(try expr($0)), \"fill\", at: \(at($0.span)))" } ?? "nil"
        let stroke = try node.expression(.stroke).map { "try R.paint(\(try expr($0)), \"stroke\", at: \(at($0.span)))" } ?? "nil"
        let f = fresh("fill"), s = fresh("stroke"), style = fresh("style")
        out.line("let \(f): R.Paint? = \(fill)")
        out.line("let \(s): R.Paint? = \(stroke)")
        var settings: [String] = []
        if let e = node.expression(.lineWidth) { settings.append("\(style).width = try R.length(\(try expr(e)), \"lineWidth\", at: \(at(e.span)))") }
        if let e = node.expression(.miterLimit) { settings.append("\(style).miterLimit = try R.miterLimit(\(try expr(e)), at: \(at(e.span)))") }
        if let e = node.expression(.dashPhase) { settings.append("\(style).dashPhase = try R.coordinate(\(try expr(e)), \"'dashPhase'\", at: \(at(e.span)))") }
        if let e = node.expression(.dash) { settings.append("\(style).dash = try R.dash(\(try expr(e)), at: \(at(e.span)))") }
        if let cap = node.word(.lineCap)?.text { settings.append("\(style).cap = .\(cap)") }
        if let join = node.word(.lineJoin)?.text { settings.append("\(style).join = .\(join)") }
        out.line("\(settings.isEmpty ? "let" : "var") \(style) = R.Stroke()")
        for setting in settings { out.line(setting) }
        let evenOdd = node.word(.fillRule)?.text == "evenodd"
        out.line("R.drawShape(\(path).path, fill: \(f), stroke: \(s), style: \(style), evenOdd: \(evenOdd), opacity: \(opacity) * \(try unit(node, .opacity)), blend: \(blend(node)), shadow: \(try shadow(node)), in: \(path).isEmpty ? nil : _context)")
        closeScope()
    }

    // MARK: path elements

    mutating func pathElement(_ node: Node, into path: String) throws {
        let here = at(node.span)
        let comment = "  // " + lineComment(node.span)
        switch node.kind {
        case .move:
            out.line("\(path).move(\(try number(node, .x, nil)), \(try number(node, .y, nil)))\(comment)")
        case .line:
            out.line("try \(path).line(\(try number(node, .x, nil)), \(try number(node, .y, nil)), at: \(here))\(comment)")
        case .quad:
            out.line("try \(path).quad(\(try number(node, .x, nil)), \(try number(node, .y, nil)), cx: \(try number(node, .cx, nil)), cy: \(try number(node, .cy, nil)), at: \(here))\(comment)")
        case .curve:
            out.line("try \(path).curve(\(try number(node, .x, nil)), \(try number(node, .y, nil)), cx1: \(try number(node, .cx1, nil)), cy1: \(try number(node, .cy1, nil)), cx2: \(try number(node, .cx2, nil)), cy2: \(try number(node, .cy2, nil)), at: \(here))\(comment)")
        case .close:
            out.line("try \(path).close(at: \(here))\(comment)")
        case .rect:
            var r = try number(node, .radius, 0)
            if node.expression(.radius) != nil {
                r = fresh("radius")
                out.line("let \(r) = \(try number(node, .radius, 0))\(comment)")
            }
            func corner(_ id: AttributeID) throws -> String { node.expression(id) == nil ? r : try number(node, id, nil) }
            out.line("try \(path).rect(x: \(try number(node, .x, 0)), y: \(try number(node, .y, 0)), width: \(try number(node, .width, nil)), height: \(try number(node, .height, nil)), radii: (\(try corner(.topLeftRadius)), \(try corner(.topRightRadius)), \(try corner(.bottomRightRadius)), \(try corner(.bottomLeftRadius))), at: \(here))")
        case .oval:
            out.line("\(path).oval(x: \(try number(node, .x, 0)), y: \(try number(node, .y, 0)), width: \(try number(node, .width, nil)), height: \(try number(node, .height, nil)))\(comment)")
        case .circle:
            out.line("try \(path).circle(cx: \(try number(node, .cx, nil)), cy: \(try number(node, .cy, nil)), radius: \(try number(node, .radius, nil)), at: \(here))\(comment)")
        case .arc:
            let clockwise = try node.expression(.clockwise).map { "try R.bool(\(try expr($0)), at: \(at($0.span)))" } ?? "true"
            out.line("try \(path).arc(cx: \(try number(node, .cx, nil)), cy: \(try number(node, .cy, nil)), radius: \(try number(node, .radius, nil)), startAngle: \(try number(node, .startAngle, nil)), endAngle: \(try number(node, .endAngle, nil)), clockwise: \(clockwise), at: \(here))\(comment)")
        default:
            throw SwiftExportError(message: "<\(node.kind.rawValue)> is not exported to Swift yet", location: site(node.span))
        }
    }
}
