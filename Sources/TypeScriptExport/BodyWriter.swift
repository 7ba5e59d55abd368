import SceneEvaluator
import SceneSource
import SceneSyntax
import SceneVocabulary

/// One body (a scene file's root or a `<component>`) as a JavaScript function that evaluates it
/// as the evaluator does (Sources/SceneEvaluator/Evaluation*.swift), element by element, into
/// the runtime's display list. Every drawing statement is commented with its `file:line`.
///
/// The function is `(width, height, args, opacity, state) => items`: a component sees only its
/// size and its parameters (the arguments given, else its defaults), as `<use>` evaluates it.
struct BodyWriter {
    /// Where the elements of a block go: a drawing block's items, a path's segments, a gradient's stops.
    enum Context {
        case drawing(block: String, opacity: String)
        case path(String)
        case stops(String)
    }

    var expressions: ExpressionWriter
    let sources: SourceMap
    let program: SceneProgram
    let typed: Bool
    /// The function name of each body a `<use>` may place (see `ModuleWriter.bodyName`).
    let bodyName: (Node, FileID) -> String
    private(set) var lines: [String] = []
    private var indent = 1
    private var counter = 0

    init(sources: SourceMap, program: SceneProgram, typed: Bool, bodyName: @escaping (Node, FileID) -> String) {
        self.sources = sources
        self.program = program
        self.typed = typed
        self.bodyName = bodyName
        self.expressions = ExpressionWriter(sources: sources)
    }

    // MARK: output

    private mutating func emit(_ line: String) { lines.append(String(repeating: "  ", count: indent) + line) }
    private mutating func fresh(_ prefix: String) -> String { counter += 1; return "\(prefix)\(counter)" }
    private func type(_ annotation: String) -> String { typed ? annotation : "" }
    private func at(_ span: SourceSpan) -> String { expressions.location(span) }
    /// `// file:line <element>`: the source of a drawing statement.
    private func comment(_ node: Node) -> String {
        let file = sources[node.span.file]
        return "// \(file.path):\(file.location(of: node.span.start).line) <\(node.kind.rawValue)>"
    }
    private func expr(_ node: Node, _ id: AttributeID) throws(ExportError) -> String? {
        guard let e = node.expression(id) else { return nil }
        return try expressions.write(e)
    }
    /// A number that reaches the drawing, checked as `Evaluation.number` does; `fallback` when absent.
    private func coordinate(_ node: Node, _ id: AttributeID, _ fallback: String?) throws(ExportError) -> String {
        guard let e = node.expression(id) else { return fallback ?? "0" }
        return "$coord(\(try expressions.write(e)), \(at(e.span)))"
    }
    private func unit(_ node: Node, _ id: AttributeID) throws(ExportError) -> String {
        guard let e = node.expression(id) else { return "1" }
        return "$unit(\(try expressions.write(e)), \(at(e.span)), \(TypeScriptNames.string(id.rawValue)))"
    }
    private func word(_ node: Node, _ id: AttributeID, _ fallback: String) -> String {
        TypeScriptNames.string(node.word(id)?.text ?? fallback)
    }

    /// Declares a scene name in the innermost scope: a JavaScript identifier of its own, so a nested
    /// block may shadow it and read the outer one in its own value.
    private mutating func declare(_ name: String) -> String {
        let identifier = fresh("v_" + TypeScriptNames.identifierPart(name) + "_")
        expressions.scopes[expressions.scopes.count - 1][name] = identifier
        return identifier
    }

    // MARK: bodies

    /// The body's function.
    mutating func function(name: String, body: Node, parameters: [ParameterDeclaration]) throws(ExportError) -> [String] {
        lines = []
        emit("")
        lines[0] = "function \(name)(width\(type(": number")), height\(type(": number")), $args\(type(": { [name: string]: $Value | undefined }")), "
            + "$opacity\(type(": number")), $st\(type(": $State")))\(type(": $Item[]")) {"
        expressions.scopes = [["width": "width", "height": "height"]]
        for parameter in parameters {
            let identifier = declare(parameter.name)
            emit("const \(identifier)\(type(": $Value")) = $args[\(TypeScriptNames.string(parameter.name))] ?? \(ExpressionWriter.literal(parameter.defaultValue));")
        }
        emit("const $b0 = new $Block();")
        try block(body.children, .drawing(block: "$b0", opacity: "$opacity"), scoped: false)
        emit("return $b0.finish();")
        indent -= 1
        emit("}")
        return lines
    }

    /// The elements of a block, in a scope of their own (a JavaScript block) unless `scoped` is false.
    private mutating func block(_ nodes: [Node], _ context: Context, scoped: Bool = true) throws(ExportError) {
        if scoped { expressions.scopes.append([:]) }
        defer { if scoped { expressions.scopes.removeLast() } }
        for node in nodes {
            try element(node, context)
        }
    }

    /// A nested block (an `if` branch, a loop's iteration): in a drawing, a block of its own whose
    /// items (and transform runs) go into the enclosing block's current run.
    private mutating func nested(_ nodes: [Node], _ context: Context, prelude: [String] = []) throws(ExportError) {
        for line in prelude { emit(line) }
        if case .drawing(let parent, let opacity) = context {
            let inner = fresh("$b")
            emit("const \(inner) = new $Block();")
            try block(nodes, .drawing(block: inner, opacity: opacity), scoped: false)
            emit("\(parent).addAll(\(inner).finish());")
        } else {
            try block(nodes, context, scoped: false)
        }
    }

    private mutating func element(_ node: Node, _ context: Context) throws(ExportError) {
        switch node.kind {
        case .param, .component:
            return
        case .let:
            guard let name = node.word(.name)?.text else { return }
            let value = try expr(node, .value) ?? "null"
            emit("const \(declare(name))\(type(": $Value")) = \(value); \(comment(node))")
        case .assert:
            let message = node.word(.message)?.text ?? "assertion failed"
            emit("$assert(\(try expr(node, .test) ?? "true"), \(TypeScriptNames.string(message)), \(at(node.expression(.test)?.span ?? node.span))); \(comment(node))")
        case .if:
            try branches(node, context)
        case .for:
            try loop(node, context)
        default:
            switch context {
            case .drawing(let block, let opacity): try drawing(node, block: block, opacity: opacity)
            case .path(let path): try pathElement(node, path: path, standalone: false)
            case .stops(let stops): try stop(node, stops: stops)
            }
        }
    }

    private mutating func branches(_ node: Node, _ context: Context) throws(ExportError) {
        var keyword = "if"
        for candidate in [node] + node.alternatives {
            if candidate.kind == .else {
                emit("} else { \(comment(candidate))")
            } else {
                let test = try expr(candidate, .test) ?? "false"
                let line = "\(keyword) ($bool(\(test), \(at(candidate.expression(.test)?.span ?? candidate.span)))) { \(comment(candidate))"
                emit(keyword == "if" ? line : "} " + line)
            }
            keyword = "else if"
            indent += 1
            expressions.scopes.append([:])
            try nested(candidate.children, context)
            expressions.scopes.removeLast()
            indent -= 1
        }
        emit("}")
    }

    private mutating func loop(_ node: Node, _ context: Context) throws(ExportError) {
        guard let variable = node.word(.var)?.text else { return }
        let location = at(node.span)
        let values: String
        if let list = try expr(node, .in) {
            values = "$loopList(\(list), $st, \(location)).entries()"
        } else {
            let inclusive = node.expression(.through) != nil
            let end = try expr(node, inclusive ? .through : .to) ?? "0n"
            values = "$loopRange(\(try expr(node, .from) ?? "0n"), \(end), \(try expr(node, .step) ?? "1n"), \(inclusive), $st, \(location)).entries()"
        }
        let position = fresh("$k"), item = fresh("$item")
        emit("for (const [\(position), \(item)] of \(values)) { \(comment(node))")
        indent += 1
        expressions.scopes.append([:])
        var prelude = ["const \(declare(variable))\(type(": $Value")) = \(item);"]
        if let index = node.word(.index)?.text {
            prelude.append("const \(declare(index))\(type(": $Value")) = BigInt(\(position));")
        }
        try nested(node.children, context, prelude: prelude)
        expressions.scopes.removeLast()
        indent -= 1
        emit("}")
    }

    // MARK: drawing elements

    private mutating func drawing(_ node: Node, block: String, opacity: String) throws(ExportError) {
        switch node.kind {
        case .rect, .oval, .circle, .arc, .path:
            try shape(node, block: block, opacity: opacity)
        case .translate:
            emit("\(block).transform($translation(\(try coordinate(node, .x, "0")), \(try coordinate(node, .y, "0")))); \(comment(node))")
        case .rotate:
            emit("\(block).transform($rotation(\(try coordinate(node, .angle, nil)), \(try coordinate(node, .pivotX, "0")), "
                 + "\(try coordinate(node, .pivotY, "0")))); \(comment(node))")
        case .scale:
            let sx = fresh("$sx")
            emit("{ const \(sx) = \(try coordinate(node, .x, nil)); \(block).transform($scaling(\(sx), \(try coordinate(node, .y, sx)))); } \(comment(node))")
        case .group:
            try group(node, block: block, opacity: opacity)
        case .clip:
            try clip(node, block: block, opacity: opacity)
        case .layer:
            try layer(node, block: block, opacity: opacity)
        case .gradient:
            try gradient(node)
        case .paint:
            emit("$paintRegion(\(block), $paint(\(try expr(node, .fill) ?? "null"), \(at(node.span))), \(opacity) * \(try unit(node, .opacity)), "
                 + "\(blend(node))); \(comment(node))")
        case .text:
            try text(node, block: block, opacity: opacity)
        case .use:
            try use(node, block: block, opacity: opacity)
        default:
            throw ExportError(message: "<\(node.kind.rawValue)> is not drawn here", location: sources.describe(node.span))
        }
    }

    private func blend(_ node: Node) -> String {
        "$blend(\(word(node, .blend, "normal")), $st, \(at(node.word(.blend)?.span ?? node.span)))"
    }

    private mutating func group(_ node: Node, block: String, opacity: String) throws(ExportError) {
        emit("{ \(comment(node))")
        indent += 1
        let matrix = fresh("$m"), inner = fresh("$b"), groupOpacity = fresh("$o"), scale = fresh("$s")
        emit("const \(scale) = \(try coordinate(node, .scale, "1"));")
        emit("const \(matrix) = $groupMatrix(\(try coordinate(node, .x, "0")), \(try coordinate(node, .y, "0")), \(try coordinate(node, .rotate, "0")), "
             + "\(try coordinate(node, .pivotX, "0")), \(try coordinate(node, .pivotY, "0")), \(try coordinate(node, .scaleX, scale)), "
             + "\(try coordinate(node, .scaleY, scale)));")
        emit("const \(groupOpacity) = \(opacity) * \(try unit(node, .opacity));")
        emit("const \(inner) = new $Block();")
        try self.block(node.children, .drawing(block: inner, opacity: groupOpacity))
        emit("$group(\(block), \(matrix), \(blend(node)), \(inner).finish());")
        indent -= 1
        emit("}")
    }

    private mutating func clip(_ node: Node, block: String, opacity: String) throws(ExportError) {
        guard let shapeNode = node.children.first, shapeNode.kind == .shape else { return }
        emit("{ \(comment(node))")
        indent += 1
        let path = fresh("$p"), inner = fresh("$b")
        emit("const \(path) = new $Path();")
        try self.block(shapeNode.children, .path(path))
        emit("const \(inner) = new $Block();")
        emit("$st.clipDepth += 1;")
        try self.block(Array(node.children.dropFirst()), .drawing(block: inner, opacity: opacity))
        emit("$st.clipDepth -= 1;")
        emit("$clip(\(block), \(path), \(word(shapeNode, .fillRule, "nonzero")), \(inner).finish());")
        indent -= 1
        emit("}")
    }

    private mutating func layer(_ node: Node, block: String, opacity: String) throws(ExportError) {
        emit("{ \(comment(node))")
        indent += 1
        let layerOpacity = fresh("$o"), shadow = fresh("$sh"), inner = fresh("$b")
        emit("const \(layerOpacity) = \(try unit(node, .opacity));")
        emit("const \(shadow) = \(try self.shadow(node));")
        emit("const \(inner) = new $Block();")
        // A layer's body starts at opacity 1: the enclosing opacity applies to the layer's image.
        try self.block(node.children, .drawing(block: inner, opacity: "1"))
        emit("$layer(\(block), \(inner).finish(), \(opacity) * \(layerOpacity), \(shadow));")
        indent -= 1
        emit("}")
    }

    private mutating func shadow(_ node: Node) throws(ExportError) -> String {
        let ids: [AttributeID] = [.shadowOffsetX, .shadowOffsetY, .shadowBlur, .shadowColor]
        guard ids.contains(where: { node.expression($0) != nil }) else { return "null" }
        return "$shadow(\(try coordinate(node, .shadowOffsetX, "0")), \(try coordinate(node, .shadowOffsetY, "0")), "
            + "\(try coordinate(node, .shadowBlur, "0")), \(try expr(node, .shadowColor) ?? "$color(0, 0, 0, 1 / 3)"), \(at(node.span)))"
    }

    private mutating func gradient(_ node: Node) throws(ExportError) {
        guard let name = node.word(.name)?.text else { return }
        let stops = fresh("$stops")
        emit("const \(stops)\(type(": [number, $Color][]")) = []; \(comment(node))")
        emit("{")
        indent += 1
        try block(node.children, .stops(stops))
        indent -= 1
        emit("}")
        emit("const \(declare(name))\(type(": $Value")) = $gradient(\(stops), \(word(node, .extend, "none")), \(at(node.span)));")
    }

    private mutating func stop(_ node: Node, stops: String) throws(ExportError) {
        guard node.kind == .stop else { return }
        emit("$stop(\(stops), \(try expr(node, .offset) ?? "0"), \(try expr(node, .color) ?? "null"), \(try unit(node, .opacity)), \(at(node.span))); \(comment(node))")
    }

    private mutating func shape(_ node: Node, block: String, opacity: String) throws(ExportError) {
        emit("{ \(comment(node))")
        indent += 1
        let path = fresh("$p")
        emit("const \(path) = new $Path();")
        if node.kind == .path {
            if let data = node.pathData {
                try pathData(data, path: path)
            } else {
                try self.block(node.children, .path(path))
            }
        } else {
            try pathElement(node, path: path, standalone: true)
        }
        let style = "$strokeStyle(\(try coordinate(node, .lineWidth, "1")), \(word(node, .lineCap, "butt")), \(word(node, .lineJoin, "miter")), "
            + "\(try coordinate(node, .miterLimit, "10")), \(try expr(node, .dash) ?? "null"), \(try coordinate(node, .dashPhase, "0")), \(at(node.span)))"
        emit("$shape(\(block), \(path), $paint(\(try expr(node, .fill) ?? "null"), \(at(node.span))), $paint(\(try expr(node, .stroke) ?? "null"), \(at(node.span))), "
             + "\(word(node, .fillRule, "nonzero")), \(style), \(opacity) * \(try unit(node, .opacity)), \(blend(node)), \(try shadow(node)));")
        indent -= 1
        emit("}")
    }

    /// A path element: a segment, or a rect, oval, circle or arc added to the path.
    private mutating func pathElement(_ node: Node, path: String, standalone: Bool) throws(ExportError) {
        let location = at(node.span)
        func values(_ items: [(AttributeID, String?)]) throws(ExportError) -> String {
            "[" + (try items.map { (item) throws(ExportError) in try expr(node, item.0) ?? item.1 ?? "0" }).joined(separator: ", ") + "]"
        }
        switch node.kind {
        case .move:
            emit("\(path).move(...\(path).point(\(try expr(node, .x) ?? "0"), \(try expr(node, .y) ?? "0"), \(location))); \(comment(node))")
        case .line:
            emit("\(path).line(...\(path).point(\(try expr(node, .x) ?? "0"), \(try expr(node, .y) ?? "0"), \(location)), \(location)); \(comment(node))")
        case .quad:
            emit("\(path).quad(...\(path).point(\(try expr(node, .cx) ?? "0"), \(try expr(node, .cy) ?? "0"), \(location)), "
                 + "...\(path).point(\(try expr(node, .x) ?? "0"), \(try expr(node, .y) ?? "0"), \(location)), \(location)); \(comment(node))")
        case .curve:
            emit("\(path).curve(...\(path).point(\(try expr(node, .cx1) ?? "0"), \(try expr(node, .cy1) ?? "0"), \(location)), "
                 + "...\(path).point(\(try expr(node, .cx2) ?? "0"), \(try expr(node, .cy2) ?? "0"), \(location)), "
                 + "...\(path).point(\(try expr(node, .x) ?? "0"), \(try expr(node, .y) ?? "0"), \(location)), \(location)); \(comment(node))")
        case .close:
            emit("\(path).close(\(location)); \(comment(node))")
        case .rect:
            let radius = fresh("$r")
            emit("{ const \(radius) = \(try expr(node, .radius) ?? "0"); \(comment(node))")
            indent += 1
            emit("\(path).rect(\(try values([(.x, "0"), (.y, "0"), (.width, nil), (.height, nil), (.radius, "0"), (.topLeftRadius, radius), (.topRightRadius, radius), (.bottomRightRadius, radius), (.bottomLeftRadius, radius)])), \(location));")
            indent -= 1
            emit("}")
        case .oval:
            emit("\(path).oval(\(try values([(.x, "0"), (.y, "0"), (.width, nil), (.height, nil)])), \(location)); \(comment(node))")
        case .circle:
            emit("\(path).circle(\(try values([(.cx, nil), (.cy, nil), (.radius, nil)])), \(location)); \(comment(node))")
        case .arc:
            emit("\(path).arc(\(try values([(.cx, nil), (.cy, nil), (.radius, nil), (.startAngle, nil), (.endAngle, nil)])), "
                 + "\(try expr(node, .clockwise) ?? "true"), \(location)); \(comment(node))")
        default:
            break
        }
        _ = standalone
    }

    /// `<path d="…">`: constant commands, absolute already.
    private mutating func pathData(_ data: PathData, path: String) throws(ExportError) {
        for command in data.commands {
            let location = at(command.span)
            let n = TypeScriptNames.number
            // Relative coordinates add up: the absolute ones are checked, as the evaluator does.
            if let big = Self.checkedNumbers(command.operation).first(where: { abs($0) > 1e9 }) {
                emit("$fail(\"E0611\", \(TypeScriptNames.string("\(big) is too large for a coordinate; the limit is ±1000000000")), \(location));")
                return
            }
            switch command.operation {
            case .move(let x, let y): emit("\(path).move(\(n(x)), \(n(y)));")
            case .line(let x, let y): emit("\(path).lineIfAny(\(n(x)), \(n(y)));")
            case .cubic(let x1, let y1, let x2, let y2, let x, let y):
                emit("\(path).curveIfAny(\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2)), \(n(x)), \(n(y)));")
            case .quad(let x1, let y1, let x, let y): emit("\(path).quadIfAny(\(n(x1)), \(n(y1)), \(n(x)), \(n(y)));")
            case .close: emit("\(path).closeIfAny();")
            case .arc(let fromX, let fromY, let rx, let ry, let rotation, let largeArc, let sweep, let x, let y):
                emit("\(path).svgArc(\([fromX, fromY, rx, ry, rotation].map(n).joined(separator: ", ")), \(largeArc), \(sweep), \(n(x)), \(n(y)), \(location));")
            }
        }
    }

    /// The numbers of a path data command that the evaluator checks against the coordinate limit.
    private static func checkedNumbers(_ operation: PathDataCommand.Operation) -> [Double] {
        switch operation {
        case .move(let x, let y), .line(let x, let y): return [x, y]
        case .cubic(let x1, let y1, let x2, let y2, let x, let y): return [x1, y1, x2, y2, x, y]
        case .quad(let x1, let y1, let x, let y): return [x1, y1, x, y]
        case .close: return []
        case .arc(_, _, let rx, let ry, _, _, _, let x, let y): return [x, y, rx, ry]
        }
    }

    private mutating func text(_ node: Node, block: String, opacity: String) throws(ExportError) {
        guard let template = node.text else { return }
        var pieces: [String] = []
        for piece in template.pieces {
            switch piece {
            case .literal(let s): pieces.append(TypeScriptNames.string(s))
            case .expression(let e): pieces.append("$show(\(try expressions.write(e)), \(at(e.span)))")
            }
        }
        let fill = try expr(node, .fill) ?? "$color(0, 0, 0, 1)"
        emit("$text(\(block), [\(pieces.joined(separator: ", "))], \(try coordinate(node, .x, "0")), \(try coordinate(node, .y, "0")), "
             + "\(try coordinate(node, .size, "17")), \(fill), \(try shadow(node)), \(word(node, .weight, "normal")), \(word(node, .align, "start")), "
             + "\(word(node, .baseline, "alphabetic")), \(word(node, .font, "DejaVu Sans")), \(opacity) * \(try unit(node, .opacity)), $fonts, \(at(node.span))); \(comment(node))")
    }

    private mutating func use(_ node: Node, block: String, opacity: String) throws(ExportError) {
        guard let target = program.target(of: node, sources: sources) else {
            throw ExportError(message: "this <use> places nothing that was loaded", location: sources.describe(node.span))
        }
        let file = node.word(.src) != nil ? program.fileTargets[node.span]! : node.span.file
        guard let size = SceneEvaluator.declaredSize(of: target.body) else {
            throw ExportError(message: "the component's width and height must be positive constant numbers", location: sources.describe(target.body.span))
        }
        let declarations = SceneEvaluator.parameters(of: target.body).parameters
        emit("{ \(comment(node))")
        indent += 1
        let (x, y, w, h, o, args) = (fresh("$x"), fresh("$y"), fresh("$w"), fresh("$h"), fresh("$o"), fresh("$args"))
        emit("const \(x) = \(try coordinate(node, .x, "0")), \(y) = \(try coordinate(node, .y, "0"));")
        emit("const \(w) = \(try coordinate(node, .width, TypeScriptNames.number(size.width))), \(h) = \(try coordinate(node, .height, TypeScriptNames.number(size.height)));")
        emit("const \(o) = \(opacity) * \(try unit(node, .opacity));")
        emit("$useSize(\(w), \(h), \(at(node.span)));")
        var entries: [String] = []
        for argument in node.arguments {
            guard let declaration = declarations.first(where: { $0.name == argument.name }) else {
                throw ExportError(message: "the component has no parameter '\(argument.name)'", location: sources.describe(argument.nameSpan))
            }
            entries.append("\(TypeScriptNames.string(argument.name)): $argument(\(try expressions.write(argument.value)), "
                           + "\(TypeScriptNames.string(declaration.type.name)), \(bound(declaration.minimum)), \(bound(declaration.maximum)), "
                           + "\(TypeScriptNames.string(argument.name)), \(at(argument.value.span)))")
        }
        emit("const \(args) = { \(entries.joined(separator: ", ")) };")
        emit("$use(\(block), \(x), \(y), \(bodyName(target.body, file))(\(w), \(h), \(args), \(o), $st));")
        indent -= 1
        emit("}")
    }

    private func bound(_ v: Double?) -> String { v.map(TypeScriptNames.number) ?? "null" }
}
