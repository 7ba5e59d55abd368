import DisplayList
import ResolvedProgram
import SceneSource
import SceneSyntax
import CodeGeneration

/// A body of the resolved program as Kotlin statements: each element becomes the android.graphics
/// calls that draw the operations the evaluator would make (Sources/SceneEvaluator), each commented
/// with its `file:line`. Blocks become `run { }` scopes; a `save()` is paired with the `restore()`
/// that ends its block, and `draw` restores the canvas to where it was on every path.
///
/// The body runs twice (see `KotlinSceneWriter`): with `_canvas` null to check that the scene can
/// be drawn with these values (every expression computed, nothing drawn), then with the canvas.
///
/// What android.graphics cannot draw as the display list defines it is an export error naming the
/// element: shadows, gradients that extend on one side only, and blend modes on text, layers and
/// components (shapes, `<paint>` and groups blend with android.graphics.BlendMode, API 29).
struct KotlinBodyWriter {
    var out = CodeWriter()
    let expressions: KotlinExpressionWriter
    let site: (SourceSpan) -> String
    let lineComment: (SourceSpan) -> String
    /// The Kotlin expression of the opacity enclosing groups have multiplied so far.
    var opacity = "_opacity0"
    private var counter = 0
    /// The scene's components, for `<use>`.
    let components: ExportedComponents
    /// How many `<clip>`s enclose what is being written: a blend mode there fails when it runs.
    private var clipDepth = 0
    /// The transform runs of the block being written (`SceneTransformRuns`), when it has transform statements.
    private var transformRuns: String?

    init(
        names: KotlinNameTable, components: ExportedComponents, site: @escaping (SourceSpan) -> String,
        lineComment: @escaping (SourceSpan) -> String
    ) {
        self.components = components
        self.site = site
        self.lineComment = lineComment
        expressions = KotlinExpressionWriter(names: names, site: site)
    }

    var names: KotlinNameTable { expressions.names }

    mutating func fresh(_ base: String) -> String {
        counter += 1
        return "_\(base)\(counter)"
    }

    func at(_ span: SourceSpan) -> String { KotlinNames.stringLiteral(site(span)) }

    func expr(_ e: ProgramExpression) throws -> String { try expressions.write(e) }

    func declared(_ declaration: Declaration) throws -> String {
        guard let slot = declaration.slot else {
            throw KotlinExportError(message: "the scene has errors; fix them first (scenec check)", location: site(declaration.name.span))
        }
        return names.name(.slot(slot))
    }

    func unsupported(_ what: String, _ e: ElementStatement, _ why: String) -> KotlinExportError {
        KotlinExportError(message: "<\(e.kind.rawValue)> \(what) cannot be exported to Kotlin: \(why)", location: site(e.span))
    }

    // MARK: blocks

    /// `layout`: the children of a `<row>` or `<column>`, added to that list of `SceneLaidOut` (KotlinBodyWriter+Layout.swift).
    enum BlockKind { case drawing, path(String), gradient(String), layout(String) }

    /// A block the evaluator walks: one level of nesting while it runs, and each statement's steps
    /// charged before it runs (the evaluator's limits, `SceneBudget`).
    mutating func block(_ statements: [ProgramStatement], _ kind: BlockKind) throws {
        guard let first = statements.first else { return }
        let outerRuns = transformRuns
        transformRuns = nil
        // Transform statements last to the end of their block.
        let saves =
            { if case .drawing = kind { return true } else { return false } }()
            && statements.contains(where: { [.translate, .rotate, .scale, .concatenate].contains($0.elementKind) })
        if saves {
            out.line("_canvas?.save()")
            transformRuns = fresh("runs")
            out.line("val \(transformRuns!) = SceneTransformRuns()")
        }
        out.line("_budget.enter(\(at(first.span)))")
        for statement in statements {
            out.line("_budget.step(\(StatementStepCost.of(statement)), \(at(statement.span)))")
            try self.statement(statement, kind)
        }
        if let runs = transformRuns { out.line("\(runs).finish(_budget)") }
        out.line("_budget.leave()")
        if saves { out.line("_canvas?.restore()") }
        transformRuns = outerRuns
    }

    mutating func scoped(_ statements: [ProgramStatement], _ kind: BlockKind, comment: String = "") throws {
        out.open("run {\(comment)")
        try block(statements, kind)
        out.close()
    }

    mutating func statement(_ statement: ProgramStatement, _ kind: BlockKind) throws {
        switch statement {
        case .parameter, .component:
            return
        case .let(let s):
            out.line("val \(try declared(s.declaration)) = \(try expr(s.value))  // \(lineComment(s.span))")
        case .assert(let s):
            let message = s.message?.text ?? "assertion failed"
            out.line("SceneRuntime.check(\(try expr(s.test)), \(KotlinNames.stringLiteral(message)), \(at(s.test.span)))  // \(lineComment(s.span))")
        case .if(let s):
            try branch(s, kind)
        case .for(let s):
            try loop(s, kind)
        case .use(let s):
            if case .layout(let children) = kind { return try laidOutUse(s, into: children) }
            guard case .drawing = kind else { return }
            try use(s)
        case .element(let e):
            switch kind {
            case .drawing: try drawing(e)
            case .path(let path): try pathElement(e, into: path)
            case .gradient(let stops): try stop(e, into: stops)
            case .layout(let children): try laidOutChild(e, into: children)
            }
        }
    }

    mutating func branch(_ s: IfStatement, _ kind: BlockKind) throws {
        for (position, branch) in s.branches.enumerated() {
            let comment = "  // " + lineComment(branch.span)
            if let test = branch.test {
                let condition = "SceneRuntime.bool(\(try expr(test)), \(at(test.span)))"
                if position == 0 { out.open("if (\(condition)) {\(comment)") } else { out.reopen("} else if (\(condition)) {\(comment)") }
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
            values = "SceneRuntime.elements(\(try expr(list)), _budget, \(here))"
        case .numbers(let from, let end, let inclusive, let step):
            let stepText = try step.map(expr) ?? "SceneValue.I(1L)"
            values = "SceneRuntime.range(\(try expr(from)), \(try expr(end)), \(stepText), \(inclusive), _budget, \(here))"
        }
        let value = fresh("value")
        if let index {
            let i = fresh("index")
            out.open("for ((\(i), \(value)) in \(values).withIndex()) {  // \(lineComment(s.span))")
            out.line("_budget.step(\(StatementStepCost.iteration), \(here))")
            out.line("val \(try declared(s.variable)) = \(value)")
            out.line("val \(try declared(index)) = SceneValue.I(\(i).toLong())")
        } else {
            out.open("for (\(value) in \(values)) {  // \(lineComment(s.span))")
            out.line("_budget.step(\(StatementStepCost.iteration), \(here))")
            out.line("val \(try declared(s.variable)) = \(value)")
        }
        try block(s.body, kind)
        out.close()
    }

    // MARK: numbers of attributes

    func number(_ e: ElementStatement, _ id: AttributeID, _ fallback: Double?) throws -> String {
        guard let x = e.attributes.expression(id) else {
            guard let fallback else {
                throw KotlinExportError(message: "<\(e.kind.rawValue)> needs '\(id.rawValue)'", location: site(e.span))
            }
            return KotlinNames.doubleLiteral(fallback)
        }
        return "SceneRuntime.coordinate(\(try expr(x)), \(KotlinNames.stringLiteral("'\(id.rawValue)'")), \(at(x.span)))"
    }

    func unit(_ e: ElementStatement, _ id: AttributeID) throws -> String {
        guard let x = e.attributes.expression(id) else { return "1.0" }
        return "SceneRuntime.unit(\(try expr(x)), \(KotlinNames.stringLiteral(id.rawValue)), \(at(x.span)))"
    }

    /// The element's blend mode, a CSS keyword ("normal" when none).
    func blend(_ e: ElementStatement) -> String { e.attributes.word(.blend)?.text ?? "normal" }

    /// Shadows are refused, and blend modes where Android cannot blend as the display list does
    /// (docs/export.md says why).
    func plainOnly(_ e: ElementStatement) throws {
        if blend(e) != "normal", ![.group, .paint, .rect, .oval, .circle, .arc, .path].contains(e.kind) {
            throw unsupported("blend=\"\(blend(e))\"", e, "the generated code blends shapes, <paint> and groups only")
        }
        let shadows: [AttributeID] = [.shadowOffsetX, .shadowOffsetY, .shadowBlur, .shadowColor]
        if shadows.contains(where: { e.attributes.expression($0) != nil }) {
            throw unsupported("with a shadow", e, "Paint.setShadowLayer blurs by another measure and cannot shadow a layer")
        }
    }

    // MARK: drawing elements

    /// What every drawing element checks first: `plainOnly`, and a blend mode inside a clip.
    mutating func checkDrawable(_ e: ElementStatement) throws {
        try plainOnly(e)
        if clipDepth > 0, let word = e.attributes.word(.blend), word.text != "normal" {
            out.line("SceneRuntime.blendInsideClip(\(KotlinNames.stringLiteral(word.text)), \(at(word.span)))")
        }
    }

    mutating func drawing(_ e: ElementStatement) throws {
        try checkDrawable(e)
        let comment = "  // " + lineComment(e.span)
        switch e.kind {
        case .group: try group(e)
        case .translate:
            transform("SceneTransforms.translation(\(try number(e, .x, 0)), \(try number(e, .y, 0)))", e, comment)
        case .rotate:
            transform(
                "SceneTransforms.rotation(\(try number(e, .angle, nil)), \(try number(e, .pivotX, 0)), \(try number(e, .pivotY, 0)))", e, comment)
        case .scale:
            let x = try number(e, .x, nil)
            if e.attributes.expression(.y) != nil {
                transform("SceneTransforms.scale(\(x), \(try number(e, .y, nil)))", e, comment)
            } else {
                let s = fresh("scale")
                out.line("val \(s) = \(x)\(comment)")
                transform("SceneTransforms.scale(\(s), \(s))", e, "")
            }
        case .concatenate:
            transform(
                "SceneTransforms.concatenation(\(try number(e, .a, 1)), \(try number(e, .b, 0)), \(try number(e, .c, 0)), "
                    + "\(try number(e, .d, 1)), \(try number(e, .tx, 0)), \(try number(e, .ty, 0)))", e, comment)
        case .clip: try clip(e)
        case .layer: try layer(e)
        case .gradient: try gradient(e)
        case .paint:
            guard let fill = e.attributes.expression(.fill) else { return }
            let paint = fresh("paint")
            out.line("val \(paint) = SceneRuntime.paint(\(try expr(fill)), \"fill\", \(at(fill.span)))\(comment)")
            out.open("if (\(paint) != null) {")
            out.line("_budget.operation(1 + _budget.stopCount(\(paint)), \(blend(e) != "normal"), \(at(e.span)))")
            out.line("SceneDraw.region(\(paint), \(opacity) * \(try unit(e, .opacity)), \(KotlinNames.stringLiteral(blend(e))), _canvas)")
            out.close()
        case .rect, .oval, .circle, .arc, .path:
            try shape(e)
        case .text:
            try text(e)
        case .row, .column:
            try layout(e) // KotlinBodyWriter+Layout.swift
        case .mask:
            try mask(e) // KotlinBodyWriter+Masks.swift
        default:
            throw KotlinExportError(message: "<\(e.kind.rawValue)> is not exported to Kotlin yet", location: site(e.span))
        }
    }

    /// A transform statement: applied to the canvas, and a run of the block's (`SceneTransformRuns`).
    mutating func transform(_ value: String, _ e: ElementStatement, _ comment: String) {
        let t = fresh("transform")
        out.line("val \(t) = \(value)\(comment)")
        out.line("_canvas?.concat(SceneTransforms.matrix(\(t)))")
        if let runs = transformRuns { out.line("\(runs).add(\(t), _budget.operations, \(at(e.span)))") }
    }

    /// `<text>`: the evaluator's baseline rules (Evaluation+Text.swift), its lines (KotlinBodyWriter+Text.swift)
    /// drawn by `SceneWrap.draw`.
    mutating func text(_ e: ElementStatement) throws {
        guard let template = e.text else { return }
        out.open("run {  // \(lineComment(e.span))")
        let text = try textLines(e, template, countedNow: true)
        out.line(text.draw)
        out.close()
    }

    /// `<use>`: the arguments typed in the caller's scope, then the component's own function in a
    /// fresh scope (its size and parameters only), moved by x, y.
    mutating func use(_ s: UseStatement) throws {
        guard let target = s.target, let size = components.size(target) else {
            throw KotlinExportError(message: "the scene has errors; fix them first (scenec check)", location: site(s.span))
        }
        components.request(target)
        let declarations = components.declarations(target)
        let bodyParameters = components.program.bodies[target].parameters
        out.open("run {  // \(lineComment(s.span))")
        func number(_ id: AttributeID, _ fallback: Double) throws -> String {
            guard let x = s.attributes.expression(id) else { return KotlinNames.doubleLiteral(fallback) }
            return "SceneRuntime.coordinate(\(try expr(x)), \(KotlinNames.stringLiteral("'\(id.rawValue)'")), \(at(x.span)))"
        }
        let x = fresh("x"), y = fresh("y"), width = fresh("width"), height = fresh("height"), alpha = fresh("opacity")
        out.line("val \(x) = \(try number(.x, 0))")
        out.line("val \(y) = \(try number(.y, 0))")
        let widthSite = s.attributes.expression(.width).map { at($0.span) } ?? at(s.span)
        let heightSite = s.attributes.expression(.height).map { at($0.span) } ?? at(s.span)
        out.line("val \(width) = SceneRuntime.componentSide(\(try number(.width, size.width)), \"width\", \(widthSite))")
        out.line("val \(height) = SceneRuntime.componentSide(\(try number(.height, size.height)), \"height\", \(heightSite))")
        var alphaValue = "1.0"
        if let o = s.attributes.expression(.opacity) {
            alphaValue = "SceneRuntime.unit(\(try expr(o)), \"opacity\", \(at(o.span)))"
        }
        out.line("val \(alpha) = \(opacity) * \(alphaValue)")
        var arguments: [String] = []
        for (index, parameter) in bodyParameters.enumerated() {
            guard let declaration = declarations.first(where: { $0.name == parameter.name.text }),
                let fallback = KotlinLiterals.runtimeValue(declaration.defaultValue)
            else {
                throw KotlinExportError(message: "a parameter of the component cannot be exported", location: site(parameter.span))
            }
            if let argument = s.arguments.first(where: { $0.parameter == index }) {
                let minimum = declaration.minimum.map(KotlinNames.doubleLiteral) ?? "null",
                    maximum = declaration.maximum.map(KotlinNames.doubleLiteral) ?? "null"
                arguments.append(
                    "SceneRuntime.argument(\(try expr(argument.value)), \(KotlinNames.stringLiteral(KotlinLiterals.kind(declaration.type))), \(minimum), "
                        + "\(maximum), \(KotlinNames.stringLiteral(declaration.name)), \(at(argument.value.span)))")
            } else {
                arguments.append(fallback)
            }
        }
        let values = fresh("arguments")
        out.line("val \(values) = listOf<SceneValue>(\(arguments.joined(separator: ", ")))")
        out.line("_canvas?.save()")
        out.line("_canvas?.concat(SceneTransforms.matrix(SceneTransforms.translation(\(x), \(y))))")
        let before = fresh("operations")
        out.line("val \(before) = _budget.operations")
        out.line("_budget.enterComponent(\(at(s.span)))")
        out.line("\(components.functionName(target))(_canvas, SceneValue.N(\(width)), SceneValue.N(\(height)), \(values), _budget, \(alpha))")
        out.line("_budget.leaveComponent()")
        // Moved: one group, when the component drew something (Evaluation.use).
        out.line("if (_budget.operations > \(before) && (\(x) != 0.0 || \(y) != 0.0)) _budget.operation(1, false, \(at(s.span)))")
        out.line("_canvas?.restore()")
        out.close()
    }

    mutating func group(_ e: ElementStatement) throws {
        out.open("run {  // \(lineComment(e.span))")
        let has = { (id: AttributeID) in e.attributes.expression(id) != nil }
        var s = try number(e, .scale, 1)
        if has(.scale), !has(.scaleX) || !has(.scaleY) {
            s = fresh("scale")
            out.line("val \(s) = \(try number(e, .scale, 1))")
        }
        let sx = has(.scaleX) ? try number(e, .scaleX, nil) : s
        let sy = has(.scaleY) ? try number(e, .scaleY, nil) : s
        let t = fresh("transform")
        out.line(
            "val \(t) = SceneTransforms.group(\(try number(e, .x, 0)), \(try number(e, .y, 0)), \(try number(e, .rotate, 0)), "
                + "\(try number(e, .pivotX, 0)), \(try number(e, .pivotY, 0)), \(sx), \(sy))")
        let outer = opacity
        if has(.opacity) {
            opacity = fresh("opacity")
            out.line("val \(opacity) = \(outer) * \(try unit(e, .opacity))")
        }
        out.line("_canvas?.save()")
        out.line("_canvas?.concat(SceneTransforms.matrix(\(t)))")
        if blend(e) != "normal" { out.line("SceneDraw.blendLayer(\(KotlinNames.stringLiteral(blend(e))), _canvas)") }
        let before = fresh("operations")
        out.line("val \(before) = _budget.operations")
        try block(e.children, .drawing)
        // A group that draws something is an operation unless it neither moves nor blends (Evaluation.group).
        if blend(e) == "normal" {
            out.line("if (_budget.operations > \(before) && !SceneTransforms.isIdentity(\(t))) _budget.operation(1, false, \(at(e.span)))")
        } else {
            out.line("if (_budget.operations > \(before)) _budget.operation(1, true, \(at(e.span)))")
            out.line("_canvas?.restore()")
        }
        out.line("_canvas?.restore()")
        opacity = outer
        out.close()
    }

    mutating func clip(_ e: ElementStatement) throws {
        guard case .element(let shape)? = e.children.first, shape.kind == .shape else { return }
        out.open("run {  // \(lineComment(e.span))")
        let path = fresh("clipPath")
        out.line("val \(path) = ScenePath()")
        try scoped(shape.children, .path(path))
        let evenOdd = shape.attributes.word(.fillRule)?.text == "evenodd"
        out.line("_canvas?.save()")
        out.line("SceneDraw.clip(\(path), \(evenOdd), _canvas)")
        // Its path's segments count as they are built; the clip is an operation when it holds something.
        out.line("_budget.output(\(path).segmentCount, \(at(e.span)))")
        let before = fresh("operations")
        out.line("val \(before) = _budget.operations")
        clipDepth += 1
        try block(Array(e.children.dropFirst()), .drawing)
        clipDepth -= 1
        out.line("if (_budget.operations > \(before)) _budget.operation(1, false, \(at(e.span)))")
        out.line("_canvas?.restore()")
        out.close()
    }

    mutating func layer(_ e: ElementStatement) throws {
        out.open("run {  // \(lineComment(e.span))")
        let alpha = fresh("layerOpacity")
        out.line("val \(alpha) = \(opacity) * \(try unit(e, .opacity))")
        out.line("SceneDraw.layer(\(alpha), _canvas)")
        let outer = opacity
        opacity = "1.0"
        let before = fresh("operations"), blendedBefore = fresh("blended")
        out.line("val \(before) = _budget.operations")
        out.line("val \(blendedBefore) = _budget.blended")
        try block(e.children, .drawing)
        // An image of its own when it draws something and its opacity or a blend inside needs it (Evaluation.layer).
        out.line(
            "if (_budget.operations > \(before) && (\(alpha) != 1.0 || _budget.blended > \(blendedBefore))) _budget.operation(1, false, \(at(e.span)))"
        )
        opacity = outer
        out.line("_canvas?.restore()")
        out.close()
    }

    mutating func gradient(_ e: ElementStatement) throws {
        guard let declaration = e.declaration else { return }
        let extend = e.attributes.word(.extend)?.text ?? "none"
        guard extend == "none" || extend == "both" else {
            throw unsupported("extend=\"\(extend)\"", e, "Android's Shader.TileMode extends a gradient on both sides (CLAMP) or neither (DECAL)")
        }
        let stops = fresh("stops")
        out.line("val \(stops) = SceneGradientStops()  // \(lineComment(e.span))")
        try scoped(e.children, .gradient(stops))
        out.line(
            "val \(try declared(declaration)) = \(stops).gradient(\(KotlinNames.stringLiteral(extend)), \(KotlinNames.stringLiteral(declaration.name.text)), \(at(e.span)))"
        )
    }

    mutating func stop(_ e: ElementStatement, into stops: String) throws {
        guard e.kind == .stop, let offset = e.attributes.expression(.offset), let color = e.attributes.expression(.color) else { return }
        out.line("\(stops).add(\(try expr(offset)), \(try expr(color)), \(try unit(e, .opacity)), \(at(e.span)))  // \(lineComment(e.span))")
        out.line("_budget.output(1, \(at(e.span)))")
    }

    /// `laidOutInto`: a child of a layout, added to that list with its box (the geometry's, as
    /// `Evaluation.sizedChild` measures a rect or oval) and drawn when the layout places it.
    mutating func shape(_ e: ElementStatement, laidOutInto children: String? = nil) throws {
        out.open("run {  // \(lineComment(e.span))")
        let box = children == nil ? ("", "") : (fresh("width"), fresh("height"))
        if children != nil {
            out.line("val \(box.0) = \(try number(e, .width, nil))")
            out.line("val \(box.1) = \(try number(e, .height, nil))")
        }
        let path = fresh("path")
        out.line("val \(path) = ScenePath()")
        if e.kind == .path {
            if let data = e.pathData {
                pathData(data, into: path)
            } else if let data = e.interpolatedPathData {
                try interpolatedPathData(data, into: path)
            } else {
                try scoped(e.children, .path(path))
            }
        } else {
            try pathElement(e, into: path)
        }
        let fill = try e.attributes.expression(.fill).map { "SceneRuntime.paint(\(try expr($0)), \"fill\", \(at($0.span)))" } ?? "null"
        let stroke = try e.attributes.expression(.stroke).map { "SceneRuntime.paint(\(try expr($0)), \"stroke\", \(at($0.span)))" } ?? "null"
        let f = fresh("fill"), s = fresh("stroke"), style = fresh("style")
        out.line("val \(f): ScenePaint? = \(fill)")
        out.line("val \(s): ScenePaint? = \(stroke)")
        out.line("val \(style) = SceneStroke()")
        if let x = e.attributes.expression(.lineWidth) {
            out.line("\(style).width = SceneRuntime.length(\(try expr(x)), \"lineWidth\", \(at(x.span)))")
        }
        if let x = e.attributes.expression(.miterLimit) { out.line("\(style).miterLimit = SceneRuntime.miterLimit(\(try expr(x)), \(at(x.span)))") }
        if let x = e.attributes.expression(.dashPhase) {
            out.line("\(style).dashPhase = SceneRuntime.coordinate(\(try expr(x)), \"'dashPhase'\", \(at(x.span)))")
        }
        if let x = e.attributes.expression(.dash) { out.line("\(style).dash = SceneRuntime.dash(\(try expr(x)), \(at(x.span)))") }
        if let cap = e.attributes.word(.lineCap)?.text { out.line("\(style).cap = \(KotlinNames.stringLiteral(cap))") }
        if let join = e.attributes.word(.lineJoin)?.text { out.line("\(style).join = \(KotlinNames.stringLiteral(join))") }
        let evenOdd = e.attributes.word(.fillRule)?.text == "evenodd"
        if let children {
            out.open(
                "\(children).add(SceneLaidOut(Math.min(0.0, \(box.0)), Math.min(0.0, \(box.1)), Math.abs(\(box.0)), Math.abs(\(box.1)), \(at(e.span))) { _canvas ->"
            )
        }
        out.line("_budget.shape(\(path).segmentCount, \(f), \(s), \(style).dash.size, \(blend(e) != "normal"), \(at(e.span)))")
        out.line(
            "SceneDraw.shape(\(path), \(f), \(s), \(style), \(evenOdd), \(opacity) * \(try unit(e, .opacity)), \(KotlinNames.stringLiteral(blend(e))), _canvas)"
        )
        if children != nil { out.close("})") }
        out.close()
    }

    // MARK: path elements

    /// `<path d=…>`: constant, so its arcs are converted here (`SVGArc` of DisplayList, the evaluator's rule).
    mutating func pathData(_ data: PathData, into path: String) {
        for line in PathDataLines.constant(data, into: path, spelling: KotlinPathSpelling(), at: at) { out.line(line) }
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
            out.line("val \(name) = SceneRuntime.coordinate(\(try expr(slot)), \"a number in 'd'\", \(at(slot.span)))")
            if radii.contains(index) {
                out.line(
                    "if (\(name) < 0) throw SceneDrawError(\"E0551\", \"an arc radius cannot be negative; this one is \" + SceneText.readable(\(name)), \(at(slot.span)))"
                )
            }
        }
        for line in PathDataLines.interpolated(data.commands, slots: names, into: path, spelling: KotlinPathSpelling(), at: at) {
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
            out.line("\(path).line(\(try number(e, .x, nil)), \(try number(e, .y, nil)), \(here))\(comment)")
        case .quad:
            out.line(
                "\(path).quad(\(try number(e, .x, nil)), \(try number(e, .y, nil)), \(try number(e, .cx, nil)), \(try number(e, .cy, nil)), \(here))\(comment)"
            )
        case .curve:
            out.line(
                "\(path).curve(\(try number(e, .x, nil)), \(try number(e, .y, nil)), \(try number(e, .cx1, nil)), \(try number(e, .cy1, nil)), \(try number(e, .cx2, nil)), \(try number(e, .cy2, nil)), \(here))\(comment)"
            )
        case .close:
            out.line("\(path).close(\(here))\(comment)")
        case .rect:
            var r = try number(e, .radius, 0)
            if e.attributes.expression(.radius) != nil {
                r = fresh("radius")
                out.line("val \(r) = \(try number(e, .radius, 0))\(comment)")
            }
            func corner(_ id: AttributeID) throws -> String { e.attributes.expression(id) == nil ? r : try number(e, id, nil) }
            out.line(
                "\(path).rect(\(try number(e, .x, 0)), \(try number(e, .y, 0)), \(try number(e, .width, nil)), \(try number(e, .height, nil)), \(try corner(.topLeftRadius)), \(try corner(.topRightRadius)), \(try corner(.bottomRightRadius)), \(try corner(.bottomLeftRadius)), \(here))\(comment)"
            )
        case .oval:
            out.line(
                "\(path).oval(\(try number(e, .x, 0)), \(try number(e, .y, 0)), \(try number(e, .width, nil)), \(try number(e, .height, nil)))\(comment)"
            )
        case .circle:
            out.line("\(path).circle(\(try number(e, .cx, nil)), \(try number(e, .cy, nil)), \(try number(e, .radius, nil)), \(here))\(comment)")
        case .arc:
            let clockwise = try e.attributes.expression(.clockwise).map { "SceneRuntime.bool(\(try expr($0)), \(at($0.span)))" } ?? "true"
            out.line(
                "\(path).arc(\(try number(e, .cx, nil)), \(try number(e, .cy, nil)), \(try number(e, .radius, nil)), \(try number(e, .startAngle, nil)), \(try number(e, .endAngle, nil)), \(clockwise), \(here))\(comment)"
            )
        default:
            throw KotlinExportError(message: "<\(e.kind.rawValue)> is not exported to Kotlin yet", location: site(e.span))
        }
    }
}
