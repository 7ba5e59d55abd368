import CodeGeneration
import ResolvedProgram
import SceneEvaluator
import SceneSource

/// One body of the resolved program (a scene file's root or a `<component>`, `ProgramBody`) as a
/// JavaScript function that evaluates it as the evaluator does (Sources/SceneEvaluator/Evaluation*.swift),
/// statement by statement, into the runtime's display list. Names are the program's: one JavaScript
/// constant per parameter and per local slot. Every drawing statement is commented with its `file:line`.
///
/// The function is `(width, height, args, opacity, state) => items`: a component sees only its
/// size and its parameters (the arguments given, else its defaults), as `<use>` evaluates it.
struct BodyWriter {
    /// Where the elements of a block go: a drawing block's items, a path's segments, a gradient's stops.
    enum Context {
        case drawing(block: String, opacity: String)
        case path(String)
        case stops(String)
        /// The body of a `<row>` or `<column>`: each child drawn at its origin, with its box, into an array.
        case layout(children: String, opacity: String)
    }

    /// What a `<use>` places: the function of the body, its declared size and typed parameters.
    struct Target {
        let function: String
        let size: (width: Double, height: Double)
        let parameters: [ParameterDeclaration]
    }

    var expressions: ExpressionWriter
    let sources: SourceMap
    let body: ProgramBody
    let typed: Bool
    /// The body each `<use>` places, by its index in the program.
    let target: (Int) throws(ExportError) -> Target
    private(set) var lines: [String] = []
    private var indent = 1
    private var counter = 0

    init(sources: SourceMap, body: ProgramBody, typed: Bool, target: @escaping (Int) throws(ExportError) -> Target) {
        self.sources = sources
        self.body = body
        self.typed = typed
        self.target = target
        // One JavaScript name per parameter and per slot (a slot is declared once, so a nested block
        // that shadows a name has a slot of its own).
        let parameters = body.parameters.enumerated().map { "p\($0.offset)_" + TypeScriptNames.identifierPart($0.element.name.text) }
        let slots = (0..<body.slotCount).map { slot in
            "v\(slot)_" + (slot < body.slots.count ? TypeScriptNames.identifierPart(body.slots[slot].name) : "")
        }
        self.expressions = ExpressionWriter(sources: sources, parameterNames: parameters, slotNames: slots)
    }

    // MARK: output

    private mutating func emit(_ line: String) { lines.append(String(repeating: "  ", count: indent) + line) }
    private mutating func fresh(_ prefix: String) -> String { counter += 1; return "\(prefix)\(counter)" }
    private func type(_ annotation: String) -> String { typed ? annotation : "" }
    private func at(_ span: SourceSpan) -> String { expressions.location(span) }
    /// `// file:line <element>`: the source of a drawing statement.
    private func comment(_ span: SourceSpan, _ kind: ElementKind) -> String {
        let file = sources[span.file]
        return "// \(file.path):\(file.location(of: span.start).line) <\(kind.rawValue)>"
    }
    private func expr(_ a: ProgramAttributes, _ id: AttributeID) throws(ExportError) -> String? {
        guard let e = a.expression(id) else { return nil }
        return try expressions.write(e)
    }
    /// A number that reaches the drawing, checked as `Evaluation.number` does; `fallback` when absent.
    private func coordinate(_ a: ProgramAttributes, _ id: AttributeID, _ fallback: String?) throws(ExportError) -> String {
        guard let e = a.expression(id) else { return fallback ?? "0" }
        return "$coord(\(try expressions.write(e)), \(at(e.span)))"
    }
    private func unit(_ a: ProgramAttributes, _ id: AttributeID) throws(ExportError) -> String {
        guard let e = a.expression(id) else { return "1" }
        return "$unit(\(try expressions.write(e)), \(at(e.span)), \(TypeScriptNames.string(id.rawValue)))"
    }
    private func word(_ a: ProgramAttributes, _ id: AttributeID, _ fallback: String) -> String {
        TypeScriptNames.string(a.word(id)?.text ?? fallback)
    }
    private func slot(_ declaration: Declaration?) throws(ExportError) -> String {
        guard let declaration, let slot = declaration.slot else {
            throw ExportError(message: "this name was refused by the checker; run scenec check", location: sources.describe(body.span))
        }
        return expressions.slotNames[slot]
    }

    // MARK: bodies

    /// The body's function: `(width, height, args, opacity, state) => items`.
    mutating func function(name: String, parameters: [ParameterDeclaration]) throws(ExportError) -> [String] {
        lines = [
            "function \(name)(width\(type(": number")), height\(type(": number")), $args\(type(": { [name: string]: $Value | undefined }")), "
                + "$opacity\(type(": number")), $st\(type(": $State")))\(type(": $Item[]")) {"
        ]
        for (i, parameter) in body.parameters.enumerated() {
            // The evaluator's typed default (invalid or repeated <param>s are left out there).
            guard let declaration = parameters.first(where: { $0.name == parameter.name.text }) else { continue }
            emit(
                "const \(expressions.parameterNames[i])\(type(": $Value")) = $args[\(TypeScriptNames.string(parameter.name.text))] ?? "
                    + "\(ExpressionWriter.literal(declaration.defaultValue));")
        }
        emit("const $b0 = new $Block();")
        try block(body.statements, .drawing(block: "$b0", opacity: "$opacity"))
        emit("return $b0.finish();")
        indent -= 1
        emit("}")
        return lines
    }

    /// A block the evaluator walks: one level of nesting (EvaluationLimits.maxNesting) while it runs,
    /// and each statement's steps charged before it runs (StatementStepCost).
    private mutating func block(_ statements: [ProgramStatement], _ context: Context) throws(ExportError) {
        guard let first = statements.first else { return }
        emit("$nest($st, \(at(first.span)));")
        for statement in statements {
            emit("$step($st, \(StatementStepCost.of(statement)), \(at(statement.span)));")
            try self.statement(statement, context)
        }
        emit("$st.nesting -= 1;")
    }

    /// A nested block (an `if` branch, a loop's iteration): in a drawing, a block of its own whose
    /// items (and transform runs) go into the enclosing block's current run.
    private mutating func nested(_ statements: [ProgramStatement], _ context: Context) throws(ExportError) {
        if case .drawing(let parent, let opacity) = context {
            let inner = fresh("$b")
            emit("const \(inner) = new $Block();")
            try block(statements, .drawing(block: inner, opacity: opacity))
            emit("\(parent).addAll(\(inner).finish());")
        } else {
            try block(statements, context)
        }
    }

    private mutating func statement(_ statement: ProgramStatement, _ context: Context) throws(ExportError) {
        switch statement {
        case .parameter, .component:
            return
        case .let(let s):
            emit("const \(try slot(s.declaration))\(type(": $Value")) = \(try expressions.write(s.value)); \(comment(s.span, .let))")
        case .assert(let s):
            let message = s.message?.text ?? "assertion failed"
            emit("$assert(\(try expressions.write(s.test)), \(TypeScriptNames.string(message)), \(at(s.test.span))); \(comment(s.span, .assert))")
        case .if(let s):
            try branches(s, context)
        case .for(let s):
            try loop(s, context)
        case .use(let s):
            if case .layout(let children, let opacity) = context {
                try use(s, block: fresh("$b"), opacity: opacity, laidOutInto: children)
                return
            }
            guard case .drawing(let block, let opacity) = context else { return }
            try use(s, block: block, opacity: opacity)
        case .element(let e):
            switch context {
            case .drawing(let block, let opacity): try drawing(e, block: block, opacity: opacity)
            case .path(let path): try pathElement(e, path: path)
            case .stops(let stops): try stop(e, stops: stops)
            case .layout(let children, let opacity): try layoutChild(e, children: children, opacity: opacity)
            }
        }
    }

    private mutating func branches(_ s: IfStatement, _ context: Context) throws(ExportError) {
        for (position, branch) in s.branches.enumerated() {
            if let test = branch.test {
                let line = "if ($bool(\(try expressions.write(test)), \(at(test.span)))) { \(comment(branch.span, branch.kind))"
                emit(position == 0 ? line : "} else " + line)
            } else {
                emit("} else { \(comment(branch.span, branch.kind))")
            }
            indent += 1
            try nested(branch.body, context)
            indent -= 1
        }
        emit("}")
    }

    private mutating func loop(_ s: ForStatement, _ context: Context) throws(ExportError) {
        let location = at(s.span)
        let values: String
        var index: Declaration?
        switch s.range {
        case .list(let list, let indexDeclaration):
            values = "$loopList(\(try expressions.write(list)), $st, \(location)).entries()"
            index = indexDeclaration
        case .numbers(let from, let end, let inclusive, let step):
            let stepText = try step.map { (e) throws(ExportError) in try expressions.write(e) } ?? "1n"
            values =
                "$loopRange(\(try expressions.write(from)), \(try expressions.write(end)), \(stepText), \(inclusive), $st, \(location)).entries()"
        }
        let position = fresh("$k"), item = fresh("$item")
        emit("for (const [\(position), \(item)] of \(values)) { \(comment(s.span, .for))")
        indent += 1
        emit("$step($st, \(StatementStepCost.iteration), \(location));")
        emit("const \(try slot(s.variable))\(type(": $Value")) = \(item);")
        if let index { emit("const \(try slot(index))\(type(": $Value")) = BigInt(\(position));") }
        try nested(s.body, context)
        indent -= 1
        emit("}")
    }

    // MARK: drawing elements

    private mutating func drawing(_ e: ElementStatement, block: String, opacity: String) throws(ExportError) {
        let a = e.attributes
        switch e.kind {
        case .rect, .oval, .circle, .arc, .path:
            try shape(e, block: block, opacity: opacity)
        case .translate:
            emit("\(block).transform($translation(\(try coordinate(a, .x, "0")), \(try coordinate(a, .y, "0")))); \(comment(e.span, e.kind))")
        case .rotate:
            emit(
                "\(block).transform($rotation(\(try coordinate(a, .angle, nil)), \(try coordinate(a, .pivotX, "0")), "
                    + "\(try coordinate(a, .pivotY, "0")))); \(comment(e.span, e.kind))")
        case .scale:
            let sx = fresh("$sx")
            emit(
                "{ const \(sx) = \(try coordinate(a, .x, nil)); \(block).transform($scaling(\(sx), \(try coordinate(a, .y, sx)))); } \(comment(e.span, e.kind))"
            )
        case .concatenate:
            emit(
                "\(block).transform([\(try coordinate(a, .a, "1")), \(try coordinate(a, .b, "0")), \(try coordinate(a, .c, "0")), "
                    + "\(try coordinate(a, .d, "1")), \(try coordinate(a, .tx, "0")), \(try coordinate(a, .ty, "0"))]); \(comment(e.span, e.kind))")
        case .group:
            try group(e, block: block, opacity: opacity)
        case .clip:
            try clip(e, block: block, opacity: opacity)
        case .layer:
            try layer(e, block: block, opacity: opacity)
        case .mask:
            try mask(e, block: block, opacity: opacity)
        case .gradient:
            try gradient(e)
        case .paint:
            emit(
                "$paintRegion(\(block), $paint(\(try expr(a, .fill) ?? "null"), \(at(e.span))), \(opacity) * \(try unit(a, .opacity)), "
                    + "\(blend(e))); \(comment(e.span, e.kind))")
        case .text:
            try text(e, block: block, opacity: opacity)
        case .row, .column:
            emit("{ \(comment(e.span, e.kind))")
            indent += 1
            let x = fresh("$x"), y = fresh("$y")
            emit("const \(x) = \(try coordinate(a, .x, "0")), \(y) = \(try coordinate(a, .y, "0"));")
            let placed = try layout(e, opacity: opacity, x: x, y: y)
            emit("\(block).addAll(\(placed).items);")
            indent -= 1
            emit("}")
        default:
            throw ExportError(message: "<\(e.kind.rawValue)> is not drawn here", location: sources.describe(e.span))
        }
    }

    private func blend(_ e: ElementStatement) -> String {
        "$blend(\(word(e.attributes, .blend, "normal")), $st, \(at(e.attributes.word(.blend)?.span ?? e.span)))"
    }

    private mutating func group(_ e: ElementStatement, block: String, opacity: String) throws(ExportError) {
        let a = e.attributes
        emit("{ \(comment(e.span, e.kind))")
        indent += 1
        let matrix = fresh("$m"), inner = fresh("$b"), groupOpacity = fresh("$o"), scale = fresh("$s")
        emit("const \(scale) = \(try coordinate(a, .scale, "1"));")
        emit(
            "const \(matrix) = $groupMatrix(\(try coordinate(a, .x, "0")), \(try coordinate(a, .y, "0")), \(try coordinate(a, .rotate, "0")), "
                + "\(try coordinate(a, .pivotX, "0")), \(try coordinate(a, .pivotY, "0")), \(try coordinate(a, .scaleX, scale)), "
                + "\(try coordinate(a, .scaleY, scale)));")
        emit("const \(groupOpacity) = \(opacity) * \(try unit(a, .opacity));")
        emit("const \(inner) = new $Block();")
        try self.block(e.children, .drawing(block: inner, opacity: groupOpacity))
        emit("$group(\(block), \(matrix), \(blend(e)), \(inner).finish());")
        indent -= 1
        emit("}")
    }

    private mutating func clip(_ e: ElementStatement, block: String, opacity: String) throws(ExportError) {
        guard case .element(let shapeElement)? = e.children.first, shapeElement.kind == .shape else { return }
        emit("{ \(comment(e.span, e.kind))")
        indent += 1
        let path = fresh("$p"), inner = fresh("$b")
        emit("const \(path) = new $Path();")
        try self.block(shapeElement.children, .path(path))
        emit("const \(inner) = new $Block();")
        emit("$st.clipDepth += 1;")
        try self.block(Array(e.children.dropFirst()), .drawing(block: inner, opacity: opacity))
        emit("$st.clipDepth -= 1;")
        emit("$clip(\(block), \(path), \(word(shapeElement.attributes, .fillRule, "nonzero")), \(inner).finish());")
        indent -= 1
        emit("}")
    }

    private mutating func layer(_ e: ElementStatement, block: String, opacity: String) throws(ExportError) {
        emit("{ \(comment(e.span, e.kind))")
        indent += 1
        let layerOpacity = fresh("$o"), shadow = fresh("$sh"), inner = fresh("$b")
        emit("const \(layerOpacity) = \(try unit(e.attributes, .opacity));")
        emit("const \(shadow) = \(try self.shadow(e));")
        emit("const \(inner) = new $Block();")
        // A layer's body starts at opacity 1: the enclosing opacity applies to the layer's image.
        try self.block(e.children, .drawing(block: inner, opacity: "1"))
        emit("$layer(\(block), \(inner).finish(), \(opacity) * \(layerOpacity), \(shadow));")
        indent -= 1
        emit("}")
    }

    /// `<mask mode>` (Evaluation.mask): the content drawn first, afresh at opacity 1, then the body
    /// at the enclosing opacity; Runtime.ts `$mask` keeps it only when both draw something.
    private mutating func mask(_ e: ElementStatement, block: String, opacity: String) throws(ExportError) {
        guard case .element(let contentElement)? = e.children.first, contentElement.kind == .content else { return }
        emit("{ \(comment(e.span, e.kind))")
        indent += 1
        let content = fresh("$b"), inner = fresh("$b")
        emit("const \(content) = new $Block();")
        try self.block(contentElement.children, .drawing(block: content, opacity: "1"))
        emit("const \(inner) = new $Block();")
        try self.block(Array(e.children.dropFirst()), .drawing(block: inner, opacity: opacity))
        emit("$mask(\(block), \(word(e.attributes, .mode, "alpha")), \(content).finish(), \(inner).finish());")
        indent -= 1
        emit("}")
    }

    private mutating func shadow(_ e: ElementStatement) throws(ExportError) -> String {
        let a = e.attributes
        let ids: [AttributeID] = [.shadowOffsetX, .shadowOffsetY, .shadowBlur, .shadowColor]
        guard ids.contains(where: { a.expression($0) != nil }) else { return "null" }
        return "$shadow(\(try coordinate(a, .shadowOffsetX, "0")), \(try coordinate(a, .shadowOffsetY, "0")), "
            + "\(try coordinate(a, .shadowBlur, "0")), \(try expr(a, .shadowColor) ?? "$color(0, 0, 0, 1 / 3)"), \(at(e.span)))"
    }

    private mutating func gradient(_ e: ElementStatement) throws(ExportError) {
        let stops = fresh("$stops")
        emit("const \(stops)\(type(": [number, $Color][]")) = []; \(comment(e.span, e.kind))")
        emit("{")
        indent += 1
        try block(e.children, .stops(stops))
        indent -= 1
        emit("}")
        // The name is declared after its stops, which cannot name it.
        emit("const \(try slot(e.declaration))\(type(": $Value")) = $gradient(\(stops), \(word(e.attributes, .extend, "none")), \(at(e.span)));")
    }

    private mutating func stop(_ e: ElementStatement, stops: String) throws(ExportError) {
        guard e.kind == .stop else { return }
        let a = e.attributes
        emit(
            "$stop(\(stops), \(try expr(a, .offset) ?? "0"), \(try expr(a, .color) ?? "null"), \(try unit(a, .opacity)), \(at(e.span))); \(comment(e.span, e.kind))"
        )
    }

    private mutating func shape(_ e: ElementStatement, block: String, opacity: String) throws(ExportError) {
        let a = e.attributes
        emit("{ \(comment(e.span, e.kind))")
        indent += 1
        let path = fresh("$p")
        emit("const \(path) = new $Path();")
        if e.kind == .path {
            if let data = e.pathData {
                try pathData(data, path: path)
            } else if let data = e.interpolatedPathData {
                try interpolatedPathData(data, path: path)
            } else {
                try self.block(e.children, .path(path))
            }
        } else {
            try pathElement(e, path: path)
        }
        let style =
            "$strokeStyle(\(try coordinate(a, .lineWidth, "1")), \(word(a, .lineCap, "butt")), \(word(a, .lineJoin, "miter")), "
            + "\(try coordinate(a, .miterLimit, "10")), \(try expr(a, .dash) ?? "null"), \(try coordinate(a, .dashPhase, "0")), \(at(e.span)))"
        emit(
            "$shape(\(block), \(path), $paint(\(try expr(a, .fill) ?? "null"), \(at(e.span))), $paint(\(try expr(a, .stroke) ?? "null"), \(at(e.span))), "
                + "\(word(a, .fillRule, "nonzero")), \(style), \(opacity) * \(try unit(a, .opacity)), \(blend(e)), \(try shadow(e)));")
        indent -= 1
        emit("}")
    }

    /// A path element: a segment, or a rect, oval, circle or arc added to the path.
    private mutating func pathElement(_ e: ElementStatement, path: String) throws(ExportError) {
        let a = e.attributes
        let location = at(e.span)
        let note = comment(e.span, e.kind)
        func values(_ items: [(AttributeID, String?)]) throws(ExportError) -> String {
            "[" + (try items.map { (item) throws(ExportError) in try expr(a, item.0) ?? item.1 ?? "0" }).joined(separator: ", ") + "]"
        }
        func point(_ x: AttributeID, _ y: AttributeID) throws(ExportError) -> String {
            "...\(path).point(\(try expr(a, x) ?? "0"), \(try expr(a, y) ?? "0"), \(location))"
        }
        switch e.kind {
        case .move: emit("\(path).move(\(try point(.x, .y))); \(note)")
        case .line: emit("\(path).line(\(try point(.x, .y)), \(location)); \(note)")
        case .quad: emit("\(path).quad(\(try point(.cx, .cy)), \(try point(.x, .y)), \(location)); \(note)")
        case .curve: emit("\(path).curve(\(try point(.cx1, .cy1)), \(try point(.cx2, .cy2)), \(try point(.x, .y)), \(location)); \(note)")
        case .close: emit("\(path).close(\(location)); \(note)")
        case .rect:
            let radius = fresh("$r")
            emit("{ const \(radius) = \(try expr(a, .radius) ?? "0"); \(note)")
            indent += 1
            emit(
                "\(path).rect(\(try values([(.x, "0"), (.y, "0"), (.width, nil), (.height, nil), (.radius, "0"), (.topLeftRadius, radius), (.topRightRadius, radius), (.bottomRightRadius, radius), (.bottomLeftRadius, radius)])), \(location));"
            )
            indent -= 1
            emit("}")
        case .oval: emit("\(path).oval(\(try values([(.x, "0"), (.y, "0"), (.width, nil), (.height, nil)])), \(location)); \(note)")
        case .circle: emit("\(path).circle(\(try values([(.cx, nil), (.cy, nil), (.radius, nil)])), \(location)); \(note)")
        case .arc:
            emit(
                "\(path).arc(\(try values([(.cx, nil), (.cy, nil), (.radius, nil), (.startAngle, nil), (.endAngle, nil)])), "
                    + "\(try expr(a, .clockwise) ?? "true"), \(location)); \(note)")
        default:
            break
        }
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
                emit(
                    "\(path).svgArc(\([fromX, fromY, rx, ry, rotation].map(n).joined(separator: ", ")), \(largeArc), \(sweep), \(n(x)), \(n(y)), \(location));"
                )
            }
        }
    }

    /// `<path d="M {x} …">`: each interpolation evaluated once, in order, and checked as the
    /// evaluator checks it; every number the sum of a constant and multiples of them (`PathNumber`,
    /// in `value`'s order); arcs converted when drawn (`svgArc`, as for constant ones).
    private mutating func interpolatedPathData(_ data: InterpolatedPathData<ProgramExpression>, path: String) throws(ExportError) {
        let radii = data.radiusSlots
        var names: [String] = []
        for (index, slot) in data.slots.enumerated() {
            let name = fresh("$d")
            names.append(name)
            emit("const \(name) = $coord(\(try expressions.write(slot)), \(at(slot.span)));")
            if radii.contains(index) {
                emit(
                    "if (\(name) < 0) $fail(\"E0551\", \"an arc radius cannot be negative; this one is \" + $formatNumber(\(name), 6), \(at(slot.span)));"
                )
            }
        }
        for line in PathDataLines.interpolated(data.commands, slots: names, into: path, spelling: TypeScriptPathSpelling(), at: at) {
            emit(line)
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

    /// `wrappedInto`: the name of a constant, declared here, that holds a wrapped text's block (`$text`'s result).
    private mutating func text(_ e: ElementStatement, block: String, opacity: String, wrappedInto: String? = nil) throws(ExportError) {
        guard let template = e.text else {
            if let wrappedInto { emit("const \(wrappedInto) = null;") }
            return
        }
        let a = e.attributes
        var pieces: [String] = []
        for piece in template.pieces {
            switch piece {
            case .literal(let s): pieces.append(TypeScriptNames.string(s))
            case .expression(let x): pieces.append("$show(\(try expressions.write(x)), \(at(x.span)))")
            }
        }
        let fill = try expr(a, .fill) ?? "$color(0, 0, 0, 1)"
        let assigned = wrappedInto.map { "const \($0) = " } ?? ""
        emit(
            assigned + "$text(\(block), [\(pieces.joined(separator: ", "))], \(try coordinate(a, .x, "0")), \(try coordinate(a, .y, "0")), "
                + "\(try coordinate(a, .size, "17")), \(fill), \(try shadow(e)), \(word(a, .weight, "normal")), \(word(a, .align, "start")), "
                + "\(word(a, .baseline, "alphabetic")), \(word(a, .font, "DejaVu Sans")), \(opacity) * \(try unit(a, .opacity)), $fonts, \(at(e.span))\(try wrap(a))); \(comment(e.span, e.kind))"
        )
    }

    /// A wrapped text's `[width, maxLines, lineHeight]` (Runtime.ts `$text`), nothing for one line.
    private func wrap(_ a: ProgramAttributes) throws(ExportError) -> String {
        guard a.expression(.width) != nil else { return "" }
        return ", [\(try coordinate(a, .width, nil)), \(try expr(a, .maxLines) ?? "null"), \(try coordinate(a, .lineHeight, "null"))]"
    }

    /// `laidOutInto`: in a layout, the component is drawn into a block of its own (`block`, declared
    /// here) and pushed with its box, its width by its height, into that array of children.
    private mutating func use(_ s: UseStatement, block: String, opacity: String, laidOutInto children: String? = nil) throws(ExportError) {
        guard let index = s.target else {
            throw ExportError(message: "this <use> places nothing that was loaded", location: sources.describe(s.span))
        }
        let placed = try target(index)
        let a = s.attributes
        emit("{ \(comment(s.span, .use))")
        indent += 1
        if children != nil { emit("const \(block) = new $Block();") }
        let (x, y, w, h, o, args) = (fresh("$x"), fresh("$y"), fresh("$w"), fresh("$h"), fresh("$o"), fresh("$args"))
        emit("const \(x) = \(try coordinate(a, .x, "0")), \(y) = \(try coordinate(a, .y, "0"));")
        emit(
            "const \(w) = \(try coordinate(a, .width, TypeScriptNames.number(placed.size.width))), "
                + "\(h) = \(try coordinate(a, .height, TypeScriptNames.number(placed.size.height)));")
        emit("const \(o) = \(opacity) * \(try unit(a, .opacity));")
        emit("$useSize(\(w), \(h), \(at(s.span)));")
        var entries: [String] = []
        for argument in s.arguments {
            let name = argument.name.text
            guard let declaration = placed.parameters.first(where: { $0.name == name }) else {
                throw ExportError(message: "the component has no parameter '\(name)'", location: sources.describe(argument.name.span))
            }
            entries.append(
                "\(TypeScriptNames.string(name)): $argument(\(try expressions.write(argument.value)), "
                    + "\(TypeScriptNames.string(declaration.type.name)), \(bound(declaration.minimum)), \(bound(declaration.maximum)), "
                    + "\(TypeScriptNames.string(name)), \(at(argument.value.span)))")
        }
        emit("const \(args) = { \(entries.joined(separator: ", ")) };")
        emit("$enterComponent($st, \(at(s.span)));")
        emit("$use(\(block), \(x), \(y), \(placed.function)(\(w), \(h), \(args), \(o), $st));")
        emit("$st.depth -= 1;")
        if let children { emit("\(children).push({ items: \(block).finish(), minX: 0, minY: 0, w: Math.max(0, \(w)), h: Math.max(0, \(h)) });") }
        indent -= 1
        emit("}")
    }

    private func bound(_ v: Double?) -> String { v.map(TypeScriptNames.number) ?? "null" }

    // MARK: rows and columns

    /// A `<row>` or `<column>` (Evaluation+Layout): its children drawn and measured, then placed in
    /// its box at (`x`, `y`); an expression of `{ items, w, h }`. Attributes are read in the
    /// evaluator's order: the children first, then `spacing`, then the lengths along and across.
    private mutating func layout(_ e: ElementStatement, opacity: String, x: String, y: String) throws(ExportError) -> String {
        let a = e.attributes
        let children = fresh("$c")
        emit("const \(children)\(type(": $LaidOut[]")) = [];")
        try block(e.children, .layout(children: children, opacity: opacity))
        let spacing = fresh("$sp")
        emit("const \(spacing) = \(try coordinate(a, .spacing, "0"));")
        func length(_ id: AttributeID) throws(ExportError) -> String {
            guard let value = a.expression(id) else { return "null" }
            return
                "$layoutLength(\(try coordinate(a, id, nil)), \(TypeScriptNames.string(id.rawValue)), \(TypeScriptNames.string(e.kind.rawValue)), \(at(value.span)))"
        }
        let isRow = e.kind == .row
        let (width, height) = (fresh("$lw"), fresh("$lh"))
        if isRow {
            emit("const \(width) = \(try length(.width)), \(height) = \(try length(.height));")
        } else {
            emit("const \(height) = \(try length(.height)), \(width) = \(try length(.width));")
        }
        return "$placeLayout(\(children), \(isRow), \(x), \(y), \(spacing), \(word(a, .align, isRow ? "top" : "leading")), "
            + "\(word(a, .justify, "start")), \(width), \(height))"
    }

    /// A child of a layout, drawn at its origin and pushed with its box (`Evaluation.sizedChild`).
    private mutating func layoutChild(_ e: ElementStatement, children: String, opacity: String) throws(ExportError) {
        let a = e.attributes
        let inner = fresh("$b")
        emit("{ \(comment(e.span, e.kind))")
        indent += 1
        switch e.kind {
        case .rect, .oval:
            let (w, h) = (fresh("$w"), fresh("$h"))
            emit("const \(w) = \(try coordinate(a, .width, nil)), \(h) = \(try coordinate(a, .height, nil));")
            emit("const \(inner) = new $Block();")
            try shape(e, block: inner, opacity: opacity)
            emit("\(children).push($shapeBox(\(inner).finish(), \(w), \(h)));")
        case .text where a.expression(.width) != nil:
            let (wrapped, box) = (fresh("$wb"), fresh("$t"))
            emit("const \(inner) = new $Block();")
            try text(e, block: inner, opacity: opacity, wrappedInto: wrapped)
            emit("const \(box) = $wrappedTextBox(\(inner).finish(), \(wrapped));")
            emit("if (\(box) !== null) \(children).push(\(box));")
        case .text:
            emit("const \(inner) = new $Block();")
            try text(e, block: inner, opacity: opacity)
            let box = fresh("$t")
            emit("const \(box) = $textBox(\(inner).finish(), $fonts);")
            emit("if (\(box) !== null) \(children).push(\(box));")
        case .row, .column:
            let placed = try layout(e, opacity: opacity, x: "0", y: "0")
            let laid = fresh("$l")
            emit("const \(laid) = \(placed);")
            emit("\(children).push({ items: \(laid).items, minX: 0, minY: 0, w: \(laid).w, h: \(laid).h });")
        default:
            // The checker lets nothing else into a layout (E0560).
            throw ExportError(message: "<\(e.kind.rawValue)> has no size a layout can place it by", location: sources.describe(e.span))
        }
        indent -= 1
        emit("}")
    }
}
