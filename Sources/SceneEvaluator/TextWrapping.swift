/// The lines of a wrapped `<text width=…>` (Grammar.md section 19, "Wrapped text"): greedy, breaking
/// at spaces, with an ellipsis on the last allowed line. Only `measure` depends on the platform; the
/// Swift, TypeScript and Kotlin runtimes run these same steps, so every renderer shows the same lines.
public enum TextWrapping {
    /// Ends the last allowed line of a text that has more (U+2026).
    public static let ellipsis = "\u{2026}"

    /// The lines of `text` no wider than `width` by `measure` (a word wider alone overflows on its own
    /// line); at most `maxLines`, the last one then ending in "…". A line feed ends a line; spaces
    /// (U+0020) separate words, and a line joins its words with one space. No words at all: no lines.
    /// nil as soon as `measure` does (a budget spent, no fonts).
    public static func lines(
        of text: String, width: Double, maxLines: Int?,
        measure: (String) -> Double?
    ) -> [String]? {
        let paragraphs = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: " ").map { String(String.UnicodeScalarView($0)) } }
        guard paragraphs.contains(where: { !$0.isEmpty }) else { return [] }
        var lines: [String] = []
        for (p, words) in paragraphs.enumerated() {
            var line = ""
            for (w, word) in words.enumerated() {
                if w == 0 { line = word; continue }
                guard let candidate = measure(line + " " + word) else { return nil }
                if candidate <= width { line += " " + word; continue }
                lines.append(line)
                // The text goes on past the last allowed line: end it with the ellipsis.
                if lines.count == maxLines { return truncated(lines, width: width, measure: measure) }
                line = word
            }
            lines.append(line)
            if lines.count == maxLines, p < paragraphs.count - 1 { return truncated(lines, width: width, measure: measure) }
        }
        return lines
    }

    /// `lines` with "…" after the last: the whole last line if that fits in `width`, else its longest
    /// prefix (in Unicode scalars, trailing spaces dropped) that fits with the ellipsis, found by
    /// lengthening from the first scalar until one does not fit; "…" alone when none does.
    static func truncated(_ lines: [String], width: Double, measure: (String) -> Double?) -> [String]? {
        var lines = lines
        let last = lines.removeLast()
        guard let whole = measure(last + ellipsis) else { return nil }
        if whole <= width { return lines + [last + ellipsis] }
        let scalars = Array(last.unicodeScalars)
        var fitting = ""
        for end in scalars.indices {
            var prefix = String.UnicodeScalarView(scalars[0...end])
            while prefix.last == " " { prefix.removeLast() }
            let candidate = String(prefix) + ellipsis
            guard let w = measure(candidate) else { return nil }
            if w > width { break }
            fitting = String(prefix)
        }
        return lines + [fitting + ellipsis]
    }

    /// The height of a block of `lines` lines: from the first line's top (its ascent above the
    /// baseline) to the last line's bottom (its descent below), baselines `lineHeight` apart; one
    /// line is as tall as an unwrapped `<text>`. What a layout stacks a wrapped text by.
    public static func blockHeight(lines: Int, size: Double, lineHeight: Double) -> Double {
        lines <= 0 ? 0 : (Evaluation.fontAscent + Evaluation.fontDescent) * size + Double(lines - 1) * lineHeight
    }

    /// The default distance between baselines, as a multiple of the font size.
    public static let defaultLineHeight = 1.2
}
