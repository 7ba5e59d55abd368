import ResolvedProgram
import SceneSyntax

/// `<row>` and `<column>` as Swift (Grammar.md "Rows and columns"). A layout must know its
/// children's sizes before it places the first one, and the generated code draws straight into the
/// context; so each child becomes an `R.LayoutChild`: its box, computed where the child stands
/// (through `<if>`, `<for>` and `<let>`), and a closure that draws it at its own origin. Then
/// `R.Layout` places the children as the evaluator does (Evaluation+Layout.swift) and runs each
/// closure translated into its slot. A child's values are computed once for its box and again
/// when it is drawn: they are pure, so both give the same.
extension SwiftBodyWriter {
    /// A `<row>` or `<column>` in a drawing block: its box's corner at its `x`, `y`.
    mutating func layout(_ e: ElementStatement) throws {
        out.open("do {  // \(lineComment(e.span))")
        let x = fresh("x"), y = fresh("y")
        out.line("let \(x) = \(try number(e, .x, 0)), \(y) = \(try number(e, .y, 0))")
        let layout = try measuredLayout(e)
        out.line("try \(layout).draw(x: \(x), y: \(y), in: _context, budget: &_budget)")
        out.close()
    }

    /// Writes the layout's children, measured, and its box; returns the name of its `R.Layout`.
    mutating func measuredLayout(_ e: ElementStatement) throws -> String {
        let isRow = e.kind == .row
        let children = fresh("children")
        out.line("// Each child's box first, and the code that draws it once the \(e.kind.rawValue) knows its place.")
        out.line("var \(children): [R.LayoutChild] = []")
        try scoped("do {", e.children, .layout(children))
        if !out.text.contains("\(children).append(") { out.replaceLast("var \(children): [R.LayoutChild]", with: "let \(children): [R.LayoutChild]") }
        let spacing = fresh("spacing"), layout = fresh("layout")
        out.line("let \(spacing) = \(try number(e, .spacing, 0))")
        // Along the axis first, then across it, as the evaluator reads them.
        var lengths: [AttributeID: String] = [.width: "nil", .height: "nil"]
        for id in isRow ? [AttributeID.width, .height] : [.height, .width] {
            guard let x = e.attributes.expression(id) else { continue }
            let name = fresh(id.rawValue)
            lengths[id] = name
            out.line(
                "let \(name) = try R.layoutLength(\(try number(e, id, nil)), \(SwiftNames.stringLiteral(id.rawValue)), "
                    + "of: \(SwiftNames.stringLiteral(e.kind.rawValue)), at: \(at(x.span)))")
        }
        let justify = e.attributes.word(.justify)?.text ?? "start"
        let align = e.attributes.word(.align)?.text ?? (isRow ? "top" : "leading")
        out.line(
            "let \(layout) = R.Layout(row: \(isRow), \(children), spacing: \(spacing), width: \(lengths[.width]!), height: \(lengths[.height]!), "
                + "justify: \(SwiftNames.stringLiteral(justify)), align: \(SwiftNames.stringLiteral(align)))")
        return layout
    }

    /// One child of a layout (the kinds the static checker lets in, E0560): its box, and the code
    /// that draws it, appended to `children`.
    mutating func layoutChild(_ statement: ProgramStatement, into children: String) throws {
        let here = at(statement.span)
        func append(_ box: String, draw: (inout SwiftBodyWriter) throws -> Void) throws {
            out.open("\(children).append(R.LayoutChild(\(box), at: \(here)) { _context, _budget in")
            try draw(&self)
            out.close("})")
        }
        switch statement {
        case .use(let s):
            guard let target = s.target, let size = components.size(target) else {
                throw SwiftExportError(message: "the scene has errors; fix them first (scenec check)", location: site(s.span))
            }
            out.open("do {  // \(lineComment(s.span))")
            let width = fresh("width"), height = fresh("height")
            func side(_ id: AttributeID, _ fallback: Double) throws -> String {
                guard let x = s.attributes.expression(id) else { return SwiftNames.doubleLiteral(fallback) }
                return "try R.coordinate(\(try expr(x)), \(SwiftNames.stringLiteral("'\(id.rawValue)'")), at: \(at(x.span)))"
            }
            out.line("let \(width) = \(try side(.width, size.width)), \(height) = \(try side(.height, size.height))")
            try append("width: Swift.max(0, \(width)), height: Swift.max(0, \(height))") { try $0.use(s) }
            out.close()
        case .element(let e) where e.kind == .rect || e.kind == .oval:
            // The geometry's box: a stroke's outer half is not part of it, as in a view's frame.
            out.open("do {  // \(lineComment(e.span))")
            let width = fresh("width"), height = fresh("height")
            out.line("let \(width) = \(try number(e, .width, nil)), \(height) = \(try number(e, .height, nil))")
            try append("minX: Swift.min(0, \(width)), minY: Swift.min(0, \(height)), width: Swift.abs(\(width)), height: Swift.abs(\(height))") {
                try $0.drawing(e)
            }
            out.close()
        case .element(let e) where e.kind == .text:
            try layoutText(e, into: children)
        case .element(let e) where e.kind == .row || e.kind == .column:
            out.open("do {  // \(lineComment(e.span))")
            let layout = try measuredLayout(e)
            try append("width: \(layout).width, height: \(layout).height") {
                $0.out.line("try \(layout).draw(x: 0, y: 0, in: _context, budget: &_budget)")
            }
            out.close()
        default:
            throw SwiftExportError(
                message: "<\(statement.elementKind.rawValue)> has no size a layout can place it by", location: site(statement.span))
        }
    }

    /// A `<text>` in a layout: its box measured as the evaluator measures it (one line: the width
    /// the line measures by its line box; wrapped: the wrap width by the block's height), its top
    /// the ascent above its (first) baseline, drawn by the `<text>` code. A text that draws nothing
    /// (empty, or no lines) is no child at all: it takes no slot and no spacing.
    mutating func layoutText(_ e: ElementStatement, into children: String) throws {
        guard let template = e.text else { return }
        out.open("do {  // \(lineComment(e.span))")
        let size = fresh("size"), content = fresh("text"), box = fresh("box")
        let sizeSite = e.attributes.expression(.size).map { at($0.span) } ?? at(e.span)
        out.line("let \(size) = try R.fontSize(\(try number(e, .size, 17)), at: \(sizeSite))")
        let pieces = try template.pieces.map { piece -> String in
            switch piece {
            case .literal(let s): return SwiftNames.stringLiteral(s)
            case .expression(let x): return "try R.showable(\(try expr(x)), at: \(at(x.span)))"
            }
        }
        out.line("let \(content) = try R.textContent([\(pieces.joined(separator: ", "))], at: \(at(template.span)))")
        let family = SwiftNames.stringLiteral(e.attributes.word(.font)?.text ?? "DejaVu Sans")
        let weightWord = e.attributes.word(.weight)?.text ?? "normal"
        let weight = weightWord == "normal" ? 400 : weightWord == "bold" ? 700 : Int(weightWord) ?? 400
        let font = "family: \(family), size: \(size), weight: \(weight)"
        let measured: String
        if e.attributes.expression(.width) != nil {
            // A wrapped text: the block of all its lines (Evaluation+Layout.swift), checked only when
            // there is text, as the evaluator wraps only a text that is not empty.
            let lineHeight = try e.attributes.expression(.lineHeight).map { _ in try number(e, .lineHeight, nil) } ?? "nil"
            let maxLines = try e.attributes.expression(.maxLines).map { try expr($0) } ?? "nil"
            measured =
                "R.wrappedTextBox(\(content), R.textWrap(width: \(try number(e, .width, nil)), lineHeight: \(lineHeight), "
                + "maxLines: \(maxLines), size: \(size), at: \(at(e.span))), \(font), at: \(at(e.span)))"
        } else {
            measured = "R.textLineBox(\(content), \(font), at: \(at(e.span)))"
        }
        out.line("let \(box): (minY: Double, width: Double, height: Double)? = try \(content).isEmpty ? nil : \(measured)")
        out.open("if let \(box) {")
        // The (first) baseline is drawn at y = 0: the ascent below the box's top, for align="baseline".
        out.open(
            "\(children).append(R.LayoutChild(minY: \(box).minY, width: \(box).width, height: \(box).height, "
                + "baseline: -\(box).minY, at: \(at(e.span))) { _context, _budget in"
        )
        try drawing(e)
        out.close("})")
        out.close()
        out.close()
    }
}
