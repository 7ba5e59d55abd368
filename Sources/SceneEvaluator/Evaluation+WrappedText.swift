import DisplayList
import ResolvedProgram
import SceneSource

/// `<text width=…>`: the text broken into lines no wider than `width` (TextWrapping, measured by the
/// measurer `textWidth` uses), one positioned `TextRun` per line, so every backend and renderer
/// shows the same lines (Grammar.md section 19, "Wrapped text").
extension Evaluation {
    /// How a `<text>` wraps: the longest a line may be, how many lines at most, baselines' distance.
    struct TextWrap {
        let width: Double
        let maxLines: Int?
        let lineHeight: Double
    }

    /// The lines of `run` (the text as one line: its string, its anchor, its first baseline) under
    /// `node`'s width, maxLines and lineHeight.
    func wrappedText(_ node: ElementStatement, _ run: TextRun, shadow: Shadow?) -> [DisplayItem] {
        guard let wrap = textWrap(node, size: run.fontSize), let lines = wrappedLines(node, run, wrap) else { return [] }
        lastWrappedBlock = (wrap.width, lines.count, wrap.lineHeight)
        // The block hangs from its first baseline, except that `bottom` puts the last line's bottom at
        // y and `middle` the block's middle (the single-line rules of Evaluation+Text.swift, for the block).
        let below = Double(max(0, lines.count - 1)) * wrap.lineHeight
        let shift: Double
        switch node.word(.baseline)?.text ?? "alphabetic" {
        case "bottom": shift = below
        case "middle": shift = below / 2
        default: shift = 0
        }
        // `align` places each line within the width: x is the block's left edge.
        let x = run.position.x + (run.anchor == .middle ? wrap.width / 2 : run.anchor == .end ? wrap.width : 0)
        var items: [DisplayItem] = []
        for (i, line) in lines.enumerated() where !line.isEmpty {
            // The first line was counted with the whole text's length; each further one is an operation.
            if !items.isEmpty, !countOperation(at: node.span) { break }
            items.append(
                .text(
                    TextRun(
                        string: line, position: Point(x, run.position.y - shift + Double(i) * wrap.lineHeight),
                        anchor: run.anchor, fontFamily: run.fontFamily, fontSize: run.fontSize,
                        fontWeight: run.fontWeight, color: run.color, opacity: run.opacity,
                        source: run.source, origin: run.origin)))
        }
        return shadowed(items, shadow, at: node)
    }

    /// The number of lines and the block's height of a wrapped text (TextWrapping.blockHeight), for
    /// a layout that stacks it; nil after reporting why it cannot be wrapped.
    func wrappedTextSize(_ node: ElementStatement, string: String, family: String, size: Double, weight: Int) -> (lines: Int, height: Double)? {
        let run = TextRun(
            string: string, position: Point(0, 0), anchor: .start, fontFamily: family, fontSize: size,
            fontWeight: weight, color: Color(red: 0, green: 0, blue: 0, alpha: 1), source: node.span)
        guard let wrap = textWrap(node, size: size), let lines = wrappedLines(node, run, wrap) else { return nil }
        return (lines.count, TextWrapping.blockHeight(lines: lines.count, size: size, lineHeight: wrap.lineHeight))
    }

    /// `run`'s string broken by TextWrapping, each measurement charged as `textWidth` charges it.
    private func wrappedLines(_ node: ElementStatement, _ run: TextRun, _ wrap: TextWrap) -> [String]? {
        let span = node.text?.span ?? node.span
        let length = run.string.unicodeScalars.count
        guard length <= Builtins.maxMeasuredLength else {
            report(
                .error(
                    .textTooLongToDraw, "a wrapped text has at most \(Builtins.maxMeasuredLength) characters, not \(length)", at: span,
                    help: "shorten the text, or draw it as several <text> elements"))
            return nil
        }
        guard let measurer else {
            report(.error(.textNotMeasurable, "nothing measures text here, so it cannot be wrapped", at: span))
            return nil
        }
        var failed = false
        let lines = TextWrapping.lines(of: run.string, width: wrap.width, maxLines: wrap.maxLines) { line in
            guard !failed, step(line.unicodeScalars.count * StepCost.measuredCharacter, at: span) else { failed = true; return nil }
            guard let width = measurer.width(of: line, family: run.fontFamily, size: run.fontSize, weight: run.fontWeight) else {
                report(
                    .error(
                        .textNotMeasurable, "the pinned fonts could not be loaded to wrap this text", at: span,
                        help: "run `make deps` (it installs Debian's fonts-dejavu-core and fonts-dejavu-extra)"))
                failed = true
                return nil
            }
            return width
        }
        return failed ? nil : lines
    }

    /// `width`, `maxLines` and `lineHeight`, checked; nil after reporting the first that is wrong.
    private func textWrap(_ node: ElementStatement, size: Double) -> TextWrap? {
        guard let width = number(node, .width),
            let lineHeight = number(node, .lineHeight, default: TextWrapping.defaultLineHeight * size)
        else { return nil }
        guard width > 0 else {
            report(
                .error(
                    .invalidTextWidth, "a text's width must be above 0 points, not \(NumberFormat.readable(width))",
                    at: node.expression(.width)!.span,
                    help: "the width is the longest a line may be; leave it out for one line that is not wrapped"))
            return nil
        }
        guard lineHeight > 0 else {
            report(
                .error(
                    .invalidLineHeight, "'lineHeight' must be above 0 points, not \(NumberFormat.readable(lineHeight))",
                    at: node.expression(.lineHeight)!.span,
                    help: "it is the distance from one line's baseline to the next; leave it out for 1.2 × size"))
            return nil
        }
        guard let expr = node.expression(.maxLines) else { return TextWrap(width: width, maxLines: nil, lineHeight: lineHeight) }
        guard let value = value(node, .maxLines) else { return nil }
        guard case .int(let maxLines) = value else {
            report(.error(.typeMismatch, "'maxLines' must be an int, not \(article(value.typeName)) (\(value.brief))", at: expr.span))
            return nil
        }
        guard maxLines >= 1 else {
            report(
                .error(
                    .invalidMaxLines, "'maxLines' must be at least 1, not \(maxLines)", at: expr.span,
                    help: "leave it out to show every line; to hide the text, put it in an <if>"))
            return nil
        }
        return TextWrap(width: width, maxLines: maxLines, lineHeight: lineHeight)
    }
}
