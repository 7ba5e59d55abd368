import CodeGeneration
import DisplayList
import ResolvedProgram
import SceneSource
import SceneSyntax

/// A body of the resolved program as Swift statements: each element becomes the Core Graphics
/// calls that draw the operations the evaluator would make (Sources/SceneEvaluator), each
/// commented with its `file:line`. Blocks become `do { }` scopes; save and restore of the graphics
/// state are paired with `defer`, so a failure part way leaves the context as it was.
///
/// The body runs twice (see `SwiftSceneWriter`): with `_context` nil to check that the scene can
/// be drawn with these values (every expression computed, nothing drawn), then with the context.
struct SwiftBodyWriter {
    var out = CodeWriter()
    let expressions: SwiftExpressionWriter
    let site: (SourceSpan) -> String
    let lineComment: (SourceSpan) -> String
    /// The Swift expression of the opacity enclosing groups have multiplied so far.
    var opacity = "_opacity0"
    private var counter = 0
    /// How many `<clip>`s enclose what is being written: a blend mode there fails when it runs.
    private var clipDepth = 0
    /// The transform runs of the block being written (`R.TransformRuns`), when it has transform statements.
    private var transformRuns: String?

    /// The scene's components, for `<use>`.
    let components: ExportedComponents

    init(
        names: SwiftNameTable, components: ExportedComponents, site: @escaping (SourceSpan) -> String,
        lineComment: @escaping (SourceSpan) -> String
    ) {
        self.components = components
        self.site = site
        self.lineComment = lineComment
        expressions = SwiftExpressionWriter(names: names, site: site)
    }

    var names: SwiftNameTable { expressions.names }

    mutating func fresh(_ base: String) -> String {
        counter += 1
        return "_\(base)\(counter)"
    }

    func at(_ span: SourceSpan) -> String { SwiftNames.stringLiteral(site(span)) }

    func expr(_ e: ProgramExpression) throws -> String { try expressions.write(e) }

    func declared(_ declaration: Declaration) throws -> String {
        guard let slot = declaration.slot else {
            throw SwiftExportError(message: "the scene has errors; fix them first (scenec check)", location: site(declaration.name.span))
        }
        return names.declaration(.slot(slot))
    }

    // MARK: blocks

    /// `layout`: the children of a `<row>` or `<column>`, collected into the named array (SwiftLayoutWriter).
    enum BlockKind { case drawing, path(String), gradient(String), layout(String) }

    /// A block the evaluator walks: one level of nesting while it runs, and each statement's steps
    /// charged before it runs (the evaluator's limits, `R.EvaluationBudget`).
    mutating func block(_ statements: [ProgramStatement], _ kind: BlockKind) throws {
        guard let first = statements.first else { return }
        let outerRuns = transformRuns
        transformRuns = nil
        if case .drawing = kind, statements.contains(where: { [.translate, .rotate, .scale, .concatenate].contains($0.elementKind) }) {
            // Transform statements last to the end of their block.
            out.line("_context?.saveGState()")
            out.line("defer { _context?.restoreGState() }")
            transformRuns = fresh("runs")
            out.line("var \(transformRuns!) = R.TransformRuns()")
        }
        out.line("try _budget.enter(at: \(at(first.span)))")
        for statement in statements {
            out.line("try _budget.step(\(StatementStepCost.of(statement)), at: \(at(statement.span)))")
            try self.statement(statement, kind)
        }
        if let runs = transformRuns { out.line("try \(runs).finish(&_budget)") }
        out.line("_budget.leave()")
        transformRuns = outerRuns
    }

    mutating func scoped(_ header: String, _ statements: [ProgramStatement], _ kind: BlockKind) throws {
        out.open(header)
        try block(statements, kind)
        out.close()
    }

    mutating func statement(_ statement: ProgramStatement, _ kind: BlockKind) throws {
        switch statement {
        case .parameter, .component:
            return
        case .let(let s):
            let value = try expr(s.value)
            out.line("let \(try declared(s.declaration)) = \(value)  // \(lineComment(s.span))")
        case .assert(let s):
            let message = s.message?.text ?? "assertion failed"
            out.line(
                "try R.check(\(try expr(s.test)), message: \(SwiftNames.stringLiteral(message)), at: \(at(s.test.span)))  // \(lineComment(s.span))")
        case .if(let s):
            try branch(s, kind)
        case .for(let s):
            try loop(s, kind)
        case .use(let s):
            if case .layout(let children) = kind { try layoutChild(statement, into: children); return }
            guard case .drawing = kind else { return }
            try use(s)
        case .element(let e):
            switch kind {
            case .drawing: try drawing(e)
            case .path(let path): try pathElement(e, into: path)
            case .gradient(let stops): try stop(e, into: stops)
            case .layout(let children): try layoutChild(statement, into: children)
            }
        }
    }

    mutating func branch(_ s: IfStatement, _ kind: BlockKind) throws {
        for (position, branch) in s.branches.enumerated() {
            let comment = "  // " + lineComment(branch.span)
            if let test = branch.test {
                let condition = "try R.bool(\(try expr(test)), at: \(at(test.span)))"
                if position == 0 { out.open("if \(condition) {\(comment)") } else { out.reopen("} else if \(condition) {\(comment)") }
            } else {
                out.reopen("} else {\(comment)")
            }
            try block(branch.body, kind)
        }
        out.close()
    }

    mutating func loop(_ s: ForStatement, _ kind: BlockKind) throws {
        let here = at(s.span)
        var index: Declaration?
        let values: String
        switch s.range {
        case .list(let list, let indexDeclaration):
            index = indexDeclaration
            values = "try R.elements(\(try expr(list)), budget: &_budget, at: \(here)).enumerated()"
        case .numbers(let from, let end, let inclusive, let step):
            let stepText = try step.map(expr) ?? "V.int(1)"
            values =
                "try R.range(from: \(try expr(from)), to: \(try expr(end)), step: \(stepText), inclusive: \(inclusive), budget: &_budget, at: \(here)).enumerated()"
        }
        let indexVariable = index == nil ? "_" : fresh("index"), value = fresh("value")
        out.open("for (\(indexVariable), \(value)) in \(values) {  // \(lineComment(s.span))")
        out.line("try _budget.step(\(StatementStepCost.iteration), at: \(here))")
        out.line("let \(try declared(s.variable)) = \(value)")
        if let index { out.line("let \(try declared(index)) = V.int(\(indexVariable))") }
        try block(s.body, kind)
        out.close()
    }

    // MARK: numbers of attributes

    func number(_ e: ElementStatement, _ id: AttributeID, _ fallback: Double?) throws -> String {
        guard let x = e.attributes.expression(id) else {
            guard let fallback else {
                throw SwiftExportError(message: "<\(e.kind.rawValue)> needs '\(id.rawValue)'", location: site(e.span))
            }
            return SwiftNames.doubleLiteral(fallback)
        }
        return "try R.coordinate(\(try expr(x)), \(SwiftNames.stringLiteral("'\(id.rawValue)'")), at: \(at(x.span)))"
    }

    func unit(_ e: ElementStatement, _ id: AttributeID) throws -> String {
        guard let x = e.attributes.expression(id) else { return "1.0" }
        return "(try R.unit(\(try expr(x)), \(SwiftNames.stringLiteral(id.rawValue)), at: \(at(x.span))))"
    }

    func blend(_ e: ElementStatement) -> String {
        guard let word = e.attributes.word(.blend)?.text, word != "normal" else { return ".normal" }
        switch word {
        case "soft-light": return ".softLight"
        case "hard-light": return ".hardLight"
        default: return "." + word
        }
    }

    /// The shadow attributes as a `R.Shadow?` expression.
    func shadow(_ e: ElementStatement) throws -> String {
        let ids: [AttributeID] = [.shadowOffsetX, .shadowOffsetY, .shadowBlur, .shadowColor]
        guard ids.contains(where: { e.attributes.expression($0) != nil }) else { return "nil" }
        let blur =
            try e.attributes.expression(.shadowBlur).map { "try R.length(\(try expr($0)), \"shadowBlur\", atMost: 1000, at: \(at($0.span)))" }
            ?? "0.0"
        let color =
            try e.attributes.expression(.shadowColor).map { "try R.shadowColor(\(try expr($0)), at: \(at($0.span)))" }
            ?? "R.Shadow.defaultColor"
        return "R.shadow(offsetX: \(try number(e, .shadowOffsetX, 0)), offsetY: \(try number(e, .shadowOffsetY, 0)), blur: \(blur), color: \(color))"
    }

    // MARK: drawing elements

    mutating func drawing(_ e: ElementStatement) throws {
        if clipDepth > 0, let word = e.attributes.word(.blend), word.text != "normal" {
            out.line("try R.blendInsideClip(\(SwiftNames.stringLiteral(word.text)), at: \(at(word.span)))")
        }
        let comment = "  // " + lineComment(e.span)
        switch e.kind {
        case .group: try group(e)
        case .translate:
            transform("R.translation(\(try number(e, .x, 0)), \(try number(e, .y, 0)))", e, comment)
        case .rotate:
            transform(
                "R.rotation(\(try number(e, .angle, nil)), pivotX: \(try number(e, .pivotX, 0)), pivotY: \(try number(e, .pivotY, 0)))", e, comment)
        case .scale:
            let x = try number(e, .x, nil)
            if e.attributes.expression(.y) != nil {
                transform("R.scale(\(x), \(try number(e, .y, nil)))", e, comment)
            } else {
                let s = fresh("scale")
                out.line("let \(s) = \(x)\(comment)")
                transform("R.scale(\(s), \(s))", e, "")
            }
        case .concatenate:
            transform(
                "R.concatenation(\(try number(e, .a, 1)), \(try number(e, .b, 0)), \(try number(e, .c, 0)), \(try number(e, .d, 1)), "
                    + "\(try number(e, .tx, 0)), \(try number(e, .ty, 0)))", e, comment)
        case .clip: try clip(e)
        case .layer: try layer(e)
        case .gradient: try gradient(e)
        case .paint:
            guard let fill = e.attributes.expression(.fill) else { return }
            let paint = fresh("paint")
            out.open("if let \(paint) = try R.paint(\(try expr(fill)), \"fill\", at: \(at(fill.span))) {\(comment)")
            out.line("try _budget.operation(size: 1 + R.stopCount(\(paint)), blended: \(blend(e) != ".normal"), at: \(at(e.span)))")
            out.line("R.drawPaint(\(paint), opacity: \(opacity) * \(try unit(e, .opacity)), blend: \(blend(e)), in: _context)")
            out.close()
        case .rect, .oval, .circle, .arc, .path:
            try shape(e)
        case .text:
            try text(e)
        case .row, .column:
            try layout(e)
        case .mask:
            try mask(e)
        default:
            throw SwiftExportError(message: "<\(e.kind.rawValue)> is not exported to Swift yet", location: site(e.span))
        }
    }

    /// A transform statement: applied to the context, and a run of the block's (`R.TransformRuns`).
    mutating func transform(_ value: String, _ e: ElementStatement, _ comment: String) {
        let t = fresh("transform")
        out.line("let \(t) = \(value)\(comment)")
        out.line("_context?.concatenate(\(t))")
        if let runs = transformRuns { out.line("\(runs).add(\(t), operations: _budget.operations, at: \(at(e.span)))") }
    }

    /// `<text>`: the evaluator's baseline rules (Evaluation+Text.swift), drawn by `R.drawText`.
    mutating func text(_ e: ElementStatement) throws {
        guard let template = e.text else { return }
        out.open("do {  // \(lineComment(e.span))")
        let size = fresh("size"), y = fresh("y"), content = fresh("text")
        let sizeSite = e.attributes.expression(.size).map { at($0.span) } ?? at(e.span)
        out.line("let \(size) = try R.fontSize(\(try number(e, .size, 17)), at: \(sizeSite))")
        let color =
            try e.attributes.expression(.fill).map { "try R.textColor(\(try expr($0)), at: \(at($0.span)))" }
            ?? "R.Color(red: 0, green: 0, blue: 0, alpha: 1)"
        let pieces = try template.pieces.map { piece -> String in
            switch piece {
            case .literal(let s): return SwiftNames.stringLiteral(s)
            case .expression(let x): return "try R.showable(\(try expr(x)), at: \(at(x.span)))"
            }
        }
        out.line("let \(content) = try R.textContent([\(pieces.joined(separator: ", "))], at: \(at(template.span)))")
        let words = TextWords(e)
        let baseline = words.baselineY(y, size: size, ascent: "R.fontAscent", descent: "R.fontDescent")
        out.line("let \(y) = \(try number(e, .y, 0))")
        let family = words.family
        if let word = words.unknownFamily {
            out.line("if !\(content).isEmpty { try R.unknownFont(\(SwiftNames.stringLiteral(family)), at: \(at(word.span))) }")
        }
        let weight = words.weight
        let anchor = words.anchor
        let x = fresh("x"), alpha = fresh("opacity"), shadow = fresh("shadow")
        out.line("let \(x) = \(try number(e, .x, 0)), \(alpha) = \(opacity) * \(try unit(e, .opacity))")
        out.line("let \(shadow): R.Shadow? = \(try self.shadow(e))")
        out.line("try _budget.text(\(content), shadowed: \(shadow) != nil, at: \(at(e.span)))")
        let font = "family: \(SwiftNames.stringLiteral(family)), size: \(size), weight: \(weight)"
        if e.attributes.expression(.width) != nil {
            try wrappedText(
                e, content: content, x: x, baseline: baseline, anchor: anchor, size: size, font: font, shadow: shadow,
                color: color, alpha: alpha)
        } else {
            out.line(
                "R.drawText(\(content), x: \(x), y: \(baseline), anchor: \(SwiftNames.stringLiteral(anchor)), "
                    + "\(font), color: \(color), opacity: \(alpha), shadow: \(shadow), in: _context)")
        }
        out.close()
    }

    /// A `<text width=…>`: its lines broken at run time by `R.wrappedLines` (the evaluator's steps,
    /// Evaluation+WrappedText.swift), each drawn by `R.drawText`.
    mutating func wrappedText(
        _ e: ElementStatement, content: String, x: String, baseline: String, anchor: String, size: String, font: String,
        shadow: String, color: String, alpha: String
    ) throws {
        // An empty text draws nothing and is not wrapped (the evaluator returns before).
        out.open("if !\(content).isEmpty {")
        let wrap = fresh("wrap"), lines = fresh("lines"), first = fresh("first"), left = fresh("anchor")
        let index = fresh("i"), line = fresh("line"), lineColor = fresh("color")
        let lineHeight = try e.attributes.expression(.lineHeight).map { _ in try number(e, .lineHeight, nil) } ?? "nil"
        let maxLines = try e.attributes.expression(.maxLines).map { try expr($0) } ?? "nil"
        out.line(
            "let \(wrap) = try R.textWrap(width: \(try number(e, .width, nil)), lineHeight: \(lineHeight), maxLines: \(maxLines), "
                + "size: \(size), at: \(at(e.span)))")
        out.line("let \(lines) = try R.wrappedLines(\(content), \(wrap), \(font), at: \(at(e.span)))")
        // `bottom` and `middle` place the block's bottom or middle at y: the first baseline moves up.
        let up = ["bottom": "1.0", "middle": "0.5"][e.attributes.word(.baseline)?.text ?? "alphabetic"] ?? "0.0"
        out.line("let \(first) = \(baseline) - \(up) * Double(max(0, \(lines).count - 1)) * \(wrap).lineHeight")
        let across = ["middle": "0.5", "end": "1.0"][anchor] ?? "0.0"
        out.line("let \(left) = \(x) + \(across) * \(wrap).width, \(lineColor) = \(color)")
        let drawn = fresh("drawn")
        out.line("var \(drawn) = 0")
        out.open("for (\(index), \(line)) in \(lines).enumerated() where !\(line).isEmpty {")
        // The first line was counted with the whole text; each further one is an operation, as in the evaluator.
        out.line("\(drawn) += 1")
        out.open("if \(drawn) > 1 {")
        out.line("try _budget.operation(at: \(at(e.span)))")
        out.line("if \(shadow) != nil { try _budget.operation(size: 1 + R.shadowSize, at: \(at(e.span))) }")
        out.close()
        out.line(
            "R.drawText(\(line), x: \(left), y: \(first) + Double(\(index)) * \(wrap).lineHeight, "
                + "anchor: \(SwiftNames.stringLiteral(anchor)), \(font), color: \(lineColor), opacity: \(alpha), shadow: \(shadow), in: _context)")
        out.close()
        out.close()
    }

    /// `<use>`: the arguments typed in the caller's scope, then the component's own function in a
    /// fresh scope (its size and parameters only), moved by x, y.
    mutating func use(_ s: UseStatement) throws {
        guard let target = s.target, let size = components.size(target) else {
            throw SwiftExportError(message: "the scene has errors; fix them first (scenec check)", location: site(s.span))
        }
        components.request(target)
        let declarations = components.declarations(target)
        let bodyParameters = components.program.bodies[target].parameters
        out.open("do {  // \(lineComment(s.span))")
        func number(_ id: AttributeID, _ fallback: Double) throws -> String {
            guard let x = s.attributes.expression(id) else { return SwiftNames.doubleLiteral(fallback) }
            return "try R.coordinate(\(try expr(x)), \(SwiftNames.stringLiteral("'\(id.rawValue)'")), at: \(at(x.span)))"
        }
        let x = fresh("x"), y = fresh("y"), width = fresh("width"), height = fresh("height"), alpha = fresh("opacity")
        out.line("let \(x) = \(try number(.x, 0)), \(y) = \(try number(.y, 0))")
        let widthSite = s.attributes.expression(.width).map { at($0.span) } ?? at(s.span)
        let heightSite = s.attributes.expression(.height).map { at($0.span) } ?? at(s.span)
        out.line("let \(width) = try R.componentSide(\(try number(.width, size.width)), \"width\", at: \(widthSite))")
        out.line("let \(height) = try R.componentSide(\(try number(.height, size.height)), \"height\", at: \(heightSite))")
        var alphaValue = "1.0"
        if let o = s.attributes.expression(.opacity) {
            alphaValue = "(try R.unit(\(try expr(o)), \"opacity\", at: \(at(o.span))))"
        }
        out.line("let \(alpha) = \(opacity) * \(alphaValue)")
        var arguments: [String] = []
        for (index, parameter) in bodyParameters.enumerated() {
            guard let declaration = declarations.first(where: { $0.name == parameter.name.text }),
                let fallback = SwiftLiterals.runtimeValue(declaration.defaultValue)
            else {
                throw SwiftExportError(message: "a parameter of the component cannot be exported", location: site(parameter.span))
            }
            if let argument = s.arguments.first(where: { $0.parameter == index }) {
                let minimum = declaration.minimum.map(SwiftNames.doubleLiteral) ?? "nil",
                    maximum = declaration.maximum.map(SwiftNames.doubleLiteral) ?? "nil"
                arguments.append(
                    "try R.argument(\(try expr(argument.value)), as: \(SwiftLiterals.kind(declaration.type)), min: \(minimum), "
                        + "max: \(maximum), name: \(SwiftNames.stringLiteral(declaration.name)), at: \(at(argument.value.span)))")
            } else {
                arguments.append(fallback)
            }
        }
        let values = fresh("arguments")
        out.line("let \(values): [V] = [\(arguments.joined(separator: ", "))]")
        out.line("_context?.saveGState()")
        out.line("defer { _context?.restoreGState() }")
        out.line("_context?.concatenate(R.translation(\(x), \(y)))")
        let before = fresh("operations")
        out.line("let \(before) = _budget.operations")
        out.line("try _budget.enterComponent(at: \(at(s.span)))")
        out.line("try \(components.functionName(target))(_context, V.number(\(width)), V.number(\(height)), \(values), &_budget, \(alpha))")
        out.line("_budget.leaveComponent()")
        // Moved: one group, when the component drew something (Evaluation.use).
        out.line("if _budget.operations > \(before) && (\(x) != 0 || \(y) != 0) { try _budget.operation(at: \(at(s.span))) }")
        out.close()
    }

    mutating func group(_ e: ElementStatement) throws {
        out.open("do {  // \(lineComment(e.span))")
        let has = { (id: AttributeID) in e.attributes.expression(id) != nil }
        var s = try number(e, .scale, 1)
        if has(.scale), !has(.scaleX) || !has(.scaleY) {
            s = fresh("scale")
            out.line("let \(s) = \(try number(e, .scale, 1))")
        }
        let sx = has(.scaleX) ? try number(e, .scaleX, nil) : s
        let sy = has(.scaleY) ? try number(e, .scaleY, nil) : s
        let t = fresh("transform")
        out.line(
            "let \(t) = R.groupTransform(x: \(try number(e, .x, 0)), y: \(try number(e, .y, 0)), rotate: \(try number(e, .rotate, 0)), "
                + "pivotX: \(try number(e, .pivotX, 0)), pivotY: \(try number(e, .pivotY, 0)), scaleX: \(sx), scaleY: \(sy))")
        let outer = opacity
        if has(.opacity) {
            opacity = fresh("opacity")
            out.line("let \(opacity) = \(outer) * \(try unit(e, .opacity))")
        }
        out.line("_context?.saveGState()")
        out.line("defer { _context?.restoreGState() }")
        out.line("_context?.concatenate(\(t))")
        let mode = blend(e)
        if mode != ".normal" {
            out.line("_context?.setBlendMode(\(mode))")
            out.line("_context?.beginTransparencyLayer(auxiliaryInfo: nil)")
            out.line("defer { _context?.endTransparencyLayer() }")
        }
        let before = fresh("operations")
        out.line("let \(before) = _budget.operations")
        try block(e.children, .drawing)
        // A group that draws something is an operation unless it neither moves nor blends (Evaluation.group).
        if mode == ".normal" {
            out.line("if _budget.operations > \(before) && \(t) != .identity { try _budget.operation(at: \(at(e.span))) }")
        } else {
            out.line("if _budget.operations > \(before) { try _budget.operation(blended: true, at: \(at(e.span))) }")
        }
        opacity = outer
        out.close()
    }

    mutating func clip(_ e: ElementStatement) throws {
        guard case .element(let shape)? = e.children.first, shape.kind == .shape else { return }
        out.open("do {  // \(lineComment(e.span))")
        let path = fresh("clipPath")
        out.line("let \(path) = ScenePath()")
        try scoped("do {", shape.children, .path(path))
        let rule = shape.attributes.word(.fillRule)?.text == "evenodd" ? ".evenOdd" : ".winding"
        out.line("_context?.saveGState()")
        out.line("defer { _context?.restoreGState() }")
        out.line("_context?.addPath(\(path).path)")
        out.line("_context?.clip(using: \(rule))")
        // Its path's segments count as they are built; the clip is an operation when it holds something.
        out.line("try _budget.output(\(path).segmentCount, at: \(at(e.span)))")
        let before = fresh("operations")
        out.line("let \(before) = _budget.operations")
        clipDepth += 1
        try block(Array(e.children.dropFirst()), .drawing)
        clipDepth -= 1
        out.line("if _budget.operations > \(before) { try _budget.operation(at: \(at(e.span))) }")
        out.close()
    }

    mutating func layer(_ e: ElementStatement) throws {
        out.open("do {  // \(lineComment(e.span))")
        let alpha = fresh("layerOpacity"), shadow = fresh("shadow")
        out.line("let \(alpha) = \(opacity) * \(try unit(e, .opacity))")
        out.line("let \(shadow): R.Shadow? = \(try self.shadow(e))")
        out.line("_context?.saveGState()")
        out.line("defer { _context?.restoreGState() }")
        out.line("_context?.setAlpha(CGFloat(\(alpha)))")
        out.open("if let \(shadow) {")
        out.line(
            "_context?.setShadow(offset: CGSize(width: \(shadow).offsetX, height: \(shadow).offsetY), blur: CGFloat(\(shadow).blur), color: R.cgColor(\(shadow).color))"
        )
        out.close()
        out.line("_context?.beginTransparencyLayer(auxiliaryInfo: nil)")
        out.line("defer { _context?.endTransparencyLayer() }")
        let outer = opacity
        opacity = "1.0"
        let before = fresh("operations"), blendedBefore = fresh("blended")
        out.line("let \(before) = _budget.operations, \(blendedBefore) = _budget.blended")
        try block(e.children, .drawing)
        // An image of its own when it draws something and its opacity, shadow or a blend inside needs it (Evaluation.layer).
        out.line(
            "if _budget.operations > \(before) && (\(alpha) != 1 || \(shadow) != nil || _budget.blended > \(blendedBefore)) { "
                + "try _budget.operation(size: 1 + (\(shadow) == nil ? 0 : R.shadowSize), at: \(at(e.span))) }")
        opacity = outer
        out.close()
    }

    mutating func gradient(_ e: ElementStatement) throws {
        guard let declaration = e.declaration else { return }
        let stops = fresh("stops")
        out.line("var \(stops) = R.GradientStops()  // \(lineComment(e.span))")
        try scoped("do {", e.children, .gradient(stops))
        if !out.text.contains("\(stops).add(") { out.replaceLast("var \(stops) =", with: "let \(stops) =") }
        let extend = e.attributes.word(.extend)?.text ?? "none"
        out.line(
            "let \(try declared(declaration)) = try \(stops).gradient(.\(extend), name: \(SwiftNames.stringLiteral(declaration.name.text)), at: \(at(e.span)))"
        )
    }

    mutating func stop(_ e: ElementStatement, into stops: String) throws {
        guard e.kind == .stop, let offset = e.attributes.expression(.offset), let color = e.attributes.expression(.color) else { return }
        out.line(
            "try \(stops).add(offset: \(try expr(offset)), color: \(try expr(color)), opacity: \(try unit(e, .opacity)), at: \(at(e.span)))  // \(lineComment(e.span))"
        )
        out.line("try _budget.output(1, at: \(at(e.span)))")
    }

    mutating func shape(_ e: ElementStatement) throws {
        out.open("do {  // \(lineComment(e.span))")
        let path = fresh("path")
        out.line("let \(path) = ScenePath()")
        if e.kind == .path {
            if let data = e.pathData {
                pathData(data, into: path)
            } else if let data = e.interpolatedPathData {
                try interpolatedPathData(data, into: path)
            } else {
                try scoped("do {", e.children, .path(path))
            }
        } else {
            try pathElement(e, into: path)
        }
        let fill = try e.attributes.expression(.fill).map { "try R.paint(\(try expr($0)), \"fill\", at: \(at($0.span)))" } ?? "nil"
        let stroke = try e.attributes.expression(.stroke).map { "try R.paint(\(try expr($0)), \"stroke\", at: \(at($0.span)))" } ?? "nil"
        let f = fresh("fill"), s = fresh("stroke"), style = fresh("style")
        out.line("let \(f): R.Paint? = \(fill)")
        out.line("let \(s): R.Paint? = \(stroke)")
        var settings: [String] = []
        if let x = e.attributes.expression(.lineWidth) {
            settings.append("\(style).width = try R.length(\(try expr(x)), \"lineWidth\", at: \(at(x.span)))")
        }
        if let x = e.attributes.expression(.miterLimit) {
            settings.append("\(style).miterLimit = try R.miterLimit(\(try expr(x)), at: \(at(x.span)))")
        }
        if let x = e.attributes.expression(.dashPhase) {
            settings.append("\(style).dashPhase = try R.coordinate(\(try expr(x)), \"'dashPhase'\", at: \(at(x.span)))")
        }
        if let x = e.attributes.expression(.dash) { settings.append("\(style).dash = try R.dash(\(try expr(x)), at: \(at(x.span)))") }
        if let cap = e.attributes.word(.lineCap)?.text { settings.append("\(style).cap = .\(cap)") }
        if let join = e.attributes.word(.lineJoin)?.text { settings.append("\(style).join = .\(join)") }
        out.line("\(settings.isEmpty ? "let" : "var") \(style) = R.Stroke()")
        for setting in settings { out.line(setting) }
        let evenOdd = e.attributes.word(.fillRule)?.text == "evenodd"
        let alpha = fresh("opacity"), shadow = fresh("shadow")
        out.line("let \(alpha) = \(opacity) * \(try unit(e, .opacity))")
        out.line("let \(shadow): R.Shadow? = \(try self.shadow(e))")
        out.line(
            "try _budget.shape(segments: \(path).segmentCount, fill: \(f), stroke: \(s), dashes: \(style).dash.count, "
                + "blended: \(blend(e) != ".normal"), shadowed: \(shadow) != nil, at: \(at(e.span)))")
        out.line(
            "R.drawShape(\(path).path, fill: \(f), stroke: \(s), style: \(style), evenOdd: \(evenOdd), opacity: \(alpha), blend: \(blend(e)), shadow: \(shadow), in: \(path).isEmpty ? nil : _context)"
        )
        out.close()
    }

    // MARK: path elements

    /// `<path d=…>`: constant, so its arcs are converted here, by the evaluator's own conversion (`SVGArc`).
    mutating func pathData(_ data: PathData, into path: String) {
        for line in PathDataLines.constant(data, into: path, spelling: SwiftPathSpelling(), at: at) { out.line(line) }
    }

    /// `<path d="M {x} …">`: each interpolation evaluated once, in order, and checked as the
    /// evaluator checks it; every number the sum of a constant and multiples of them (`PathNumber`,
    /// in `value`'s order); arcs converted when drawn (`ScenePath.svgArc`, `SVGArc`'s conversion).
    mutating func interpolatedPathData(_ data: InterpolatedPathData<ProgramExpression>, into path: String) throws {
        let radii = data.radiusSlots
        var names: [String] = []
        for (index, slot) in data.slots.enumerated() {
            let name = fresh("d")
            names.append(name)
            out.line("let \(name) = try R.coordinate(\(try expr(slot)), \"a number in 'd'\", at: \(at(slot.span)))")
            if radii.contains(index) {
                out.line(
                    "if \(name) < 0 { throw SceneDrawError(code: \"E0551\", message: \"an arc radius cannot be negative; this one is \\(\(name))\", location: \(at(slot.span))) }"
                )
            }
        }
        for line in PathDataLines.interpolated(data.commands, slots: names, into: path, spelling: SwiftPathSpelling(), at: at) {
            out.line(line)
        }
    }

    mutating func pathElement(_ e: ElementStatement, into path: String) throws {
        let here = at(e.span)
        let comment = "  // " + lineComment(e.span)
        switch e.kind {
        case .move:
            out.line("\(path).move(\(try number(e, .x, nil)), \(try number(e, .y, nil)))\(comment)")
        case .line:
            out.line("try \(path).line(\(try number(e, .x, nil)), \(try number(e, .y, nil)), at: \(here))\(comment)")
        case .quad:
            out.line(
                "try \(path).quad(\(try number(e, .x, nil)), \(try number(e, .y, nil)), cx: \(try number(e, .cx, nil)), cy: \(try number(e, .cy, nil)), at: \(here))\(comment)"
            )
        case .curve:
            out.line(
                "try \(path).curve(\(try number(e, .x, nil)), \(try number(e, .y, nil)), cx1: \(try number(e, .cx1, nil)), cy1: \(try number(e, .cy1, nil)), cx2: \(try number(e, .cx2, nil)), cy2: \(try number(e, .cy2, nil)), at: \(here))\(comment)"
            )
        case .close:
            out.line("try \(path).close(at: \(here))\(comment)")
        case .rect:
            var r = try number(e, .radius, 0)
            if e.attributes.expression(.radius) != nil {
                r = fresh("radius")
                out.line("let \(r) = \(try number(e, .radius, 0))\(comment)")
            }
            func corner(_ id: AttributeID) throws -> String { e.attributes.expression(id) == nil ? r : try number(e, id, nil) }
            out.line(
                "try \(path).rect(x: \(try number(e, .x, 0)), y: \(try number(e, .y, 0)), width: \(try number(e, .width, nil)), height: \(try number(e, .height, nil)), radii: (\(try corner(.topLeftRadius)), \(try corner(.topRightRadius)), \(try corner(.bottomRightRadius)), \(try corner(.bottomLeftRadius))), at: \(here))\(comment)"
            )
        case .oval:
            out.line(
                "\(path).oval(x: \(try number(e, .x, 0)), y: \(try number(e, .y, 0)), width: \(try number(e, .width, nil)), height: \(try number(e, .height, nil)))\(comment)"
            )
        case .circle:
            out.line(
                "try \(path).circle(cx: \(try number(e, .cx, nil)), cy: \(try number(e, .cy, nil)), radius: \(try number(e, .radius, nil)), at: \(here))\(comment)"
            )
        case .arc:
            let clockwise = try e.attributes.expression(.clockwise).map { "try R.bool(\(try expr($0)), at: \(at($0.span)))" } ?? "true"
            out.line(
                "try \(path).arc(cx: \(try number(e, .cx, nil)), cy: \(try number(e, .cy, nil)), radius: \(try number(e, .radius, nil)), startAngle: \(try number(e, .startAngle, nil)), endAngle: \(try number(e, .endAngle, nil)), clockwise: \(clockwise), at: \(here))\(comment)"
            )
        default:
            throw SwiftExportError(message: "<\(e.kind.rawValue)> is not exported to Swift yet", location: site(e.span))
        }
    }
}
