import ResolvedProgram
import SceneSyntax
import SceneVocabulary

/// `<row>` and `<column>` (Grammar.md section 18): the children's boxes computed as the evaluator
/// computes them (Evaluation+Layout.swift), each child's drawing kept as a `SceneLaidOut` function
/// that draws it at its own origin, and the children placed by `SceneLayout.place` at run time.
extension KotlinBodyWriter {
    /// A layout in a drawing block, at its `x`, `y` (read before its children, as the evaluator reads them).
    mutating func layout(_ e: ElementStatement) throws {
        out.open("run {  // \(lineComment(e.span))")
        let x = fresh("x"), y = fresh("y")
        out.line("val \(x) = \(try number(e, .x, 0))")
        out.line("val \(y) = \(try number(e, .y, 0))")
        let placed = try laidOut(e)
        out.line("SceneLayout.place(\(placed.children), \(x), \(y), \(placed.arguments), _budget, _canvas)")
        out.close()
    }

    /// Writes the statements that collect `e`'s children and compute its size; returns the list's
    /// name, the size's, and the arguments of `SceneLayout.place` after the position.
    private mutating func laidOut(_ e: ElementStatement) throws -> (children: String, size: String, arguments: String) {
        let isRow = e.kind == .row
        let children = fresh("children"), spacing = fresh("spacing"), size = fresh("layoutSize")
        out.line("val \(children) = ArrayList<SceneLaidOut>()")
        try scoped(e.children, .layout(children))
        out.line("val \(spacing) = \(try number(e, .spacing, 0))")
        // Along the axis, then across it (a row's width, then its height), as the evaluator reads them.
        var lengths: [String] = []
        for id in isRow ? [AttributeID.width, .height] : [.height, .width] {
            guard let value = e.attributes.expression(id) else {
                lengths.append("null")
                continue
            }
            let name = fresh(id.rawValue)
            out.line(
                "val \(name) = SceneLayout.length(\(try number(e, id, nil)), \(KotlinNames.stringLiteral(id.rawValue)), "
                    + "\(KotlinNames.stringLiteral(e.kind.rawValue)), \(at(value.span)))")
            lengths.append(name)
        }
        let (along, across) = (lengths[0], lengths[1])
        let alignWord = e.attributes.word(.align)?.text ?? (isRow ? "top" : "leading")
        // On a common baseline (a row's), the children reach from the lowest-hanging top to the lowest bottom.
        let onBaseline = isRow && alignWord == "baseline"
        out.line("val \(size) = SceneLayout.size(\(children), \(isRow), \(spacing), \(along), \(across), \(onBaseline))")
        let align = KotlinNames.stringLiteral(alignWord)
        let justify = KotlinNames.stringLiteral(e.attributes.word(.justify)?.text ?? "start")
        return (children, size, "\(isRow), \(spacing), \(size), \(align), \(justify)")
    }

    /// A child of a layout (`Evaluation.sizedChild`): the kinds the static checker lets in (E0560).
    mutating func laidOutChild(_ e: ElementStatement, into children: String) throws {
        try checkDrawable(e)
        switch e.kind {
        case .rect, .oval:
            try shape(e, laidOutInto: children)
        case .text:
            guard let template = e.text else { return }
            out.open("run {  // \(lineComment(e.span))")
            let text = try textLines(e, template, countedNow: false)
            let box = fresh("box")
            // A wrapped text is its block (its width by its lines' height); one line is its measured line box.
            let measure =
                text.block.map { "wrappedTextBox(\(text.lines), \($0.width), \($0.lineHeight), \(text.size)" }
                ?? "textBox(\(text.lines), \(text.family), \(text.size), \(text.weight)"
            out.open("val \(box) = SceneLayout.\(measure), \(at(e.span))) { _canvas ->")
            out.line(text.draw)
            out.close()
            out.line("if (\(box) != null) \(children).add(\(box))")
            out.close()
        case .row, .column:
            out.open("run {  // \(lineComment(e.span))")
            let placed = try laidOut(e)
            let (width, height) = e.kind == .row ? ("\(placed.size)[0]", "\(placed.size)[1]") : ("\(placed.size)[1]", "\(placed.size)[0]")
            out.open("\(children).add(SceneLaidOut(0.0, 0.0, \(width), \(height), \(at(e.span))) { _canvas ->")
            out.line("SceneLayout.place(\(placed.children), 0.0, 0.0, \(placed.arguments), _budget, _canvas)")
            out.close("})")
            out.close()
        default:
            throw KotlinExportError(message: "<\(e.kind.rawValue)> has no size a layout can place it by", location: site(e.span))
        }
    }

    /// A `<use>` in a layout: its box the component's width by height (the declared size unless
    /// given, at least 0), the component drawn when placed.
    mutating func laidOutUse(_ s: UseStatement, into children: String) throws {
        guard let target = s.target, let size = components.size(target) else {
            throw KotlinExportError(message: "the scene has errors; fix them first (scenec check)", location: site(s.span))
        }
        out.open("run {  // \(lineComment(s.span))")
        func side(_ id: AttributeID, _ fallback: Double) throws -> String {
            guard let x = s.attributes.expression(id) else { return KotlinNames.doubleLiteral(fallback) }
            return "SceneRuntime.coordinate(\(try expr(x)), \(KotlinNames.stringLiteral("'\(id.rawValue)'")), \(at(x.span)))"
        }
        let width = fresh("width"), height = fresh("height")
        out.line("val \(width) = Math.max(0.0, \(try side(.width, size.width)))")
        out.line("val \(height) = Math.max(0.0, \(try side(.height, size.height)))")
        out.open("\(children).add(SceneLaidOut(0.0, 0.0, \(width), \(height), \(at(s.span))) { _canvas ->")
        try use(s)
        out.close("})")
        out.close()
    }
}
