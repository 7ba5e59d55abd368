import CodeGeneration
import ResolvedProgram
import SceneSyntax
import SceneVocabulary

/// The lines of a `<text>`, as the evaluator computes them (Evaluation+Text.swift and, with a
/// `width`, Evaluation+WrappedText.swift): one line, or the text broken at run time by the platform's
/// measurement (`SceneWrap.wrapped`, Paint.measureText), so the app shows the lines scenec shows.
extension KotlinBodyWriter {
    /// A text's computed lines (`List<SceneTextLine>`), what it is drawn with, and `draw`: the
    /// statement that counts and draws them.
    struct TextLines {
        let lines: String
        let family: String
        let size: String
        let weight: Int
        let draw: String
        /// A wrapped text's width and distance between baselines (the names of its values); nil for one line.
        let block: (width: String, lineHeight: String)?
    }

    /// Writes the statements that compute `e`'s lines, in the evaluator's order. `countedNow`: the
    /// text's operation is counted before it is wrapped, as the evaluator counts it; otherwise (in a
    /// layout, drawn later) `draw` counts it, and a wrapped text's `block` is kept for its box.
    mutating func textLines(_ e: ElementStatement, _ template: ProgramText, countedNow: Bool) throws -> TextLines {
        let size = fresh("size"), y = fresh("y"), content = fresh("text"), x = fresh("x"), alpha = fresh("opacity"), lines = fresh("lines"),
            color = fresh("color")
        let sizeSite = e.attributes.expression(.size).map { at($0.span) } ?? at(e.span)
        out.line("val \(size) = SceneRuntime.fontSize(\(try number(e, .size, 17)), \(sizeSite))")
        let pieces = try template.pieces.map { piece -> String in
            switch piece {
            case .literal(let s): return KotlinNames.stringLiteral(s)
            case .expression(let x): return "SceneRuntime.showable(\(try expr(x)), \(at(x.span)))"
            }
        }
        out.line("val \(content) = SceneRuntime.textContent(listOf<String>(\(pieces.joined(separator: ", "))), \(at(template.span)))")
        let words = TextWords(e)
        // DejaVu Sans's ascent and descent, in its units per em.
        let baseline = words.baselineY(y, size: size, ascent: "(1901.0 / 2048.0)", descent: "(483.0 / 2048.0)")
        let baselineWord = words.baseline
        out.line("val \(y) = \(try number(e, .y, 0))")
        let family = words.family
        if let word = words.unknownFamily {
            out.line("if (\(content).isNotEmpty()) SceneRuntime.unknownFont(\(KotlinNames.stringLiteral(family)), \(at(word.span)))")
        }
        let weight = words.weight
        let anchor = KotlinNames.stringLiteral(words.anchor)
        let count = "_budget.text(\(content), \(at(e.span)))"
        if countedNow { out.line(count) }
        out.line("val \(x) = \(try number(e, .x, 0))")
        out.line("val \(alpha) = \(opacity) * \(try unit(e, .opacity))")
        let colorValue =
            try e.attributes.expression(.fill).map { "SceneRuntime.textColor(\(try expr($0)), \(at($0.span)))" }
            ?? "SceneColor(0.0, 0.0, 0.0, 1.0)"
        out.line("val \(color) = \(colorValue)")
        let familyLiteral = KotlinNames.stringLiteral(family)
        var block: (width: String, lineHeight: String)? = nil
        if e.attributes.expression(.width) != nil {
            // Nothing to wrap in an empty text: its width and lines are not read (Evaluation.text).
            let width = fresh("width"), lineHeight = fresh("lineHeight"), maxLines = fresh("maxLines")
            // In a layout, which sizes the block, they are declared out here (0 with no lines: it then
            // takes no slot); elsewhere only where they are read (kotlinc warns of a value never read).
            let declared = countedNow ? "val " : ""
            out.line("val \(lines): List<SceneTextLine>")
            if !countedNow {
                block = (width, lineHeight)
                out.line("val \(width): Double")
                out.line("val \(lineHeight): Double")
            }
            out.open("if (\(content).length == 0) {")
            out.line("\(lines) = emptyList()")
            if !countedNow {
                out.line("\(width) = 0.0")
                out.line("\(lineHeight) = 0.0")
            }
            out.reopen("} else {")
            let widthSite = at(e.attributes.expression(.width)!.span)
            let lineHeightSite = e.attributes.expression(.lineHeight).map { at($0.span) } ?? at(e.span)
            out.line("\(declared)\(width) = \(try number(e, .width, nil))")
            let lineHeightValue = e.attributes.expression(.lineHeight) == nil ? "1.2 * \(size)" : try number(e, .lineHeight, nil)
            out.line("\(declared)\(lineHeight) = \(lineHeightValue)")
            out.line("SceneWrap.width(\(width), \(widthSite))")
            out.line("SceneWrap.lineHeight(\(lineHeight), \(lineHeightSite))")
            let maxLinesValue = try e.attributes.expression(.maxLines).map { "SceneWrap.maxLines(\(try expr($0)), \(at($0.span)))" } ?? "null"
            out.line("val \(maxLines): Int? = \(maxLinesValue)")
            out.line(
                "\(lines) = SceneWrap.wrapped(\(content), \(x), \(baseline), \(anchor), \(KotlinNames.stringLiteral(baselineWord)), \(width), "
                    + "\(maxLines), \(lineHeight), \(familyLiteral), \(size), \(weight), _budget, \(at(template.span)))")
            out.close()
        } else {
            out.line("val \(lines) = SceneWrap.single(\(content), \(x), \(baseline))")
        }
        let draw =
            "SceneWrap.draw(\(lines), \(anchor), \(familyLiteral), \(size), \(weight), \(color), \(alpha), _budget, \(at(e.span)), _canvas)"
        return TextLines(
            lines: lines, family: familyLiteral, size: size, weight: weight, draw: countedNow ? draw : count + "; " + draw, block: block)
    }
}
