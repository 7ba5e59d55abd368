import DisplayList
import ResolvedProgram
import SceneSource

/// `<text>`: one line of text in a pinned font. The baseline is resolved here from the font's
/// metrics, so every backend and renderer puts the text at the same place.
extension Evaluation {
    /// Ascent and descent of the pinned DejaVu families, as fractions of the font size (their hhea
    /// tables: 1901 and 483 units of 2048).
    static let fontAscent = 1901.0 / 2048.0
    static let fontDescent = 483.0 / 2048.0

    func text(_ node: ElementStatement, opacity: Double) -> [DisplayItem] {
        guard let template = node.text else { return [] }
        guard let v = numbers(node, [(.x, 0), (.y, 0), (.size, 17)]),
            let itemOpacity = unitNumber(node, .opacity, 1)
        else { return [] }
        let (x, y, size) = (v[0], v[1], v[2])
        guard size > 0, size.isFinite, size <= 10_000 else {
            report(
                .error(
                    .valueOutOfRange, "'size' must be a positive number of points up to 10000, not \(NumberFormat.readable(size))",
                    at: node.expression(.size)!.span))
            return []
        }
        var color = Color(red: 0, green: 0, blue: 0, alpha: 1)
        if let expr = node.expression(.fill) {
            guard let value = self.value(node, .fill) else { return [] }
            guard case .color(let c) = value else {
                report(.error(.typeMismatch, "a text's fill must be a color, not \(article(value.typeName)) (\(value.description))", at: expr.span))
                return []
            }
            color = c
        }
        guard let shadow = shadow(node), let string = interpolate(template) else { return [] }

        let weightWord = node.word(.weight)?.text ?? "normal"
        let weight = weightWord == "normal" ? 400 : weightWord == "bold" ? 700 : Int(weightWord) ?? 400
        let anchor = TextAnchor(rawValue: node.word(.align)?.text ?? "start") ?? .start
        let baselineY: Double
        switch node.word(.baseline)?.text ?? "alphabetic" {
        case "top": baselineY = y + Self.fontAscent * size
        case "bottom": baselineY = y - Self.fontDescent * size
        // The middle of the line box, as a UILabel centers its text vertically.
        case "middle": baselineY = y + (Self.fontAscent - Self.fontDescent) / 2 * size
        default: baselineY = y
        }
        // The text's length counts toward the display-list size (about one entry per 16 bytes, what
        // a path segment takes in SVG), so many long texts cannot make an unbounded output.
        guard !string.isEmpty, countOperation(at: node.span, size: 1 + string.utf8.count / 16) else { return [] }
        let family = node.word(.font)?.text ?? "DejaVu Sans"
        if let word = node.word(.font), !fontFamilies.contains(family) {
            report(
                .error(
                    .unknownFont, "there is no font family '\(DiagnosticRenderer.visible(family))'", at: word.span,
                    help: Self.familyHelp(family, among: fontFamilies)))
            return []
        }
        warnMissingGlyphs(string, family: family, weight: weight, at: template.span)
        let run = TextRun(
            string: string, position: Point(x, baselineY), anchor: anchor, fontFamily: family, fontSize: size,
            fontWeight: weight, color: color, opacity: opacity * itemOpacity, source: node.span, origin: origin)
        if node.expression(.width) != nil { return wrappedText(node, run, shadow: shadow) } // Evaluation+WrappedText.swift
        return shadowed([.text(run)], shadow, at: node)
    }

    /// The families text may use: the pinned ones and the project's (from the measurer).
    var fontFamilies: [String] { measurer?.families ?? FontFamilies.pinned }

    /// "did you mean", or the families there are and how to add one.
    static func familyHelp(_ family: String, among families: [String]) -> String {
        Suggestion.didYouMean(family, among: families)
            ?? "the families are " + families.map { "'\($0)'" }.joined(separator: ", ")
            + "; to use another, put its font files in the project's Fonts/ folder"
    }

    /// Characters that no pinned font has draw as boxes (Pango's hex boxes), silently: say which.
    private func warnMissingGlyphs(_ string: String, family: String, weight: Int, at span: SourceSpan) {
        guard let measurer, string.unicodeScalars.count <= Builtins.maxMeasuredLength else { return }
        let missing = measurer.missingCharacters(in: string, family: family, weight: weight)
        guard !missing.isEmpty else { return }
        let shown = missing.prefix(8).map { Self.describe($0) }.joined(separator: ", ") + (missing.count > 8 ? ", …" : "")
        let plural = missing.count == 1 ? "this character" : "these \(missing.count) characters"
        report(
            .warning(
                .missingGlyphs, "no pinned font has \(plural), drawn as boxes: \(shown)", at: span,
                help:
                    "add a font that has them to the project's Fonts/ folder and name it in font=\"…\", or replace them (an icon can be a <path d=…>)"
            ))
    }

    /// `'é' (\u{E9})`; a character that is invisible or moves the terminal is shown by its code only.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        let visible = DiagnosticRenderer.visible(String(scalar))
        return visible == String(scalar) && scalar.properties.generalCategory != .format ? "'\(visible)' (\(code))" : code
    }

    /// The text with every `{expression}` replaced by its value; nil when one failed.
    private func interpolate(_ template: ProgramText) -> String? {
        var out = ""
        var charged = 0
        for piece in template.pieces {
            switch piece {
            case .literal(let s):
                out += s
            case .expression(let expr):
                guard let value = value(expr) else { return nil }
                // Writing a list formats each of its numbers: as much as an expression node each.
                if case .list(let items) = value, !step(items.count * StepCost.node, at: expr.span) { return nil }
                guard let text = Self.text(of: value) else {
                    report(
                        .error(
                            .notShowable, "\(article(value.typeName)) cannot be shown as text", at: expr.span,
                            help: "interpolate numbers, strings, bools or colors"))
                    return nil
                }
                out += text
            }
            // Building the text costs a step per 64 bytes, as concatenation does.
            guard step(out.utf8.count / 64 - charged, at: template.span) else { return nil }
            charged = out.utf8.count / 64
            if out.utf8.count > limits.maxStringLength {
                report(.error(.stringTooLong, "the text is longer than the limit of \(limits.maxStringLength) bytes", at: template.span))
                return nil
            }
        }
        return out
    }

    /// How `{value}` reads: ints as written, numbers with up to 4 decimals (use format(x, n) for a
    /// fixed count), strings without quotes, lists comma-separated.
    static func text(of value: Value) -> String? {
        switch value {
        case .int(let v): return String(v)
        case .number(let v): return NumberFormat.format(v)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return s
        case .color(let c): return c.hexRGBA
        case .list(let items):
            var parts: [String] = []
            for item in items {
                guard let text = text(of: item) else { return nil }
                parts.append(text)
            }
            return parts.joined(separator: ", ")
        case .gradient, .paint, .none, .invalid: return nil
        }
    }
}
