/// Renders diagnostics as text: the short `FILE:LINE:COL: error[E0203]: MESSAGE` form for tools, and
/// the rich form that adds the source line and a caret under the culprit, for people, and ends
/// with `= help: scenec explain E0203`.
public struct DiagnosticRenderer: Sendable {
    public enum Style: Sendable { case short, rich }

    public let sources: SourceMap
    public let style: Style

    /// Per file: whether its lines may be shown (`QuotableText`); only computed for the rich style.
    private let quotable: [Bool]

    public init(sources: SourceMap, style: Style = .rich) {
        self.sources = sources
        self.style = style
        quotable = style == .rich ? sources.files.map { QuotableText.isQuotable($0.bytes) } : []
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        let header = "\(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]"
        var out = "\(Self.visible(sources.describe(diagnostic.span))): \(header): \(Self.clipped(diagnostic.message))\n"
        if style == .rich {
            out += excerpt(diagnostic.span)
        }
        for note in diagnostic.notes {
            if let span = note.span {
                out += "  note: \(Self.visible(sources.describe(span))): \(Self.clipped(note.message))\n"
                if style == .rich { out += excerpt(span) }
            } else {
                out += "  note: \(Self.clipped(note.message))\n"
            }
        }
        if let help = diagnostic.help {
            out += "  help: \(Self.clipped(help, limit: Self.maxHelpLength))\n"
        }
        if style == .rich {
            // Where to read more, as rustc's `--explain`: the code's entry of docs/diagnostics.md.
            out += "  = help: scenec explain \(diagnostic.code.rawValue)\n"
        }
        return out
    }

    /// Messages, notes and helps longer than this many Unicode scalars are cut (they can quote a
    /// name from the file, and a hostile file can hold a name a megabyte long).
    public static let maxMessageLength = 300
    /// Helps are ours and may list what there is to choose from (E0207's every function): they are
    /// cut later, past this many scalars.
    public static let maxHelpLength = 1000
    /// Source lines longer than this many Unicode scalars are shown as a window of this width
    /// around the span, with `…` where the line goes on.
    public static let maxExcerptWidth = 160

    /// How a source character is shown in an excerpt: a tab as one space, other control characters
    /// (NUL in a binary file, escape sequences) as U+FFFD, so nothing reaches the terminal raw.
    static func shown(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar == "\t" { return " " }
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return "\u{FFFD}" }
        return scalar
    }

    /// Cut after a space when there is one among the last 40 scalars kept, so a word is not cut in
    /// half (a list ends "…, dayName, …", not "dayIni…").
    static func clipped(_ text: String, limit: Int = maxMessageLength) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return visible(text) }
        var kept = Array(scalars.prefix(limit - 1))
        if let space = kept.indices.reversed().prefix(40).first(where: { kept[$0] == " " }) {
            kept.removeSubrange((space + 1)...)
        }
        return visible(String(String.UnicodeScalarView(kept))) + "…"
    }

    /// Text quoted from a file (a name, a value, a path) as it may reach a terminal: C0 and C1
    /// control characters (a C1 CSI, U+009B, starts an escape sequence on many terminals), DEL and
    /// the bidirectional overrides and isolates are written as `\u{9B}`; everything else as it is.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `visible` line by line: the line breaks stay, every other control character is escaped.
    public static func visibleLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }.joined(separator: "\n")
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// The source line, with tabs shown as single spaces so the caret line up, and `^` under the span
    /// (clipped to the first line of a multi-line span; at least one caret). A long line is shown as
    /// a window of `maxExcerptWidth` scalars that starts up to 40 before the span.
    private func excerpt(_ span: SourceSpan) -> String {
        // A file that is not scene or manifest text is never quoted: the header locates the problem.
        guard quotable[span.file.index] else { return "" }
        let file = sources[span.file]
        let (line, column) = file.location(of: span.start)
        let text = file.lineText(line)
        let (endLine, endColumn) = file.location(of: span.end)
        var scalars = Array(text.unicodeScalars)
        let lineLength = scalars.count
        let lastColumn = endLine == line ? endColumn : lineLength + 1
        var width = max(1, lastColumn - column)
        var caretColumn = column
        var prefix = "", suffix = ""
        if lineLength > Self.maxExcerptWidth {
            let first = max(0, min(column - 1 - 40, lineLength - Self.maxExcerptWidth))
            let end = min(lineLength, first + Self.maxExcerptWidth)
            if first > 0 { prefix = "…" }
            if end < lineLength { suffix = "…" }
            scalars = Array(scalars[first..<end])
            caretColumn = column - first + prefix.count
            width = max(1, min(width, end + 1 - column))
        }
        let gutter = String(line)
        let pad = String(repeating: " ", count: gutter.count)
        let shown = prefix + String(String.UnicodeScalarView(scalars.map(Self.shown))) + suffix
        let caret = String(repeating: " ", count: caretColumn - 1) + String(repeating: "^", count: width)
        return "\(gutter) | \(shown)\n\(pad) | \(caret)\n"
    }
}
