/// Renders diagnostics as text: the short `FILE:LINE:COL: error: MESSAGE` form for tools, and the
/// rich form that adds the source line and a caret under the culprit, for people.
public struct DiagnosticRenderer: Sendable {
    public enum Style: Sendable { case short, rich }

    public let sources: SourceMap
    public let style: Style

    public init(sources: SourceMap, style: Style = .rich) {
        self.sources = sources
        self.style = style
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var out = "\(sources.describe(diagnostic.span)): \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
        if style == .rich {
            out += excerpt(diagnostic.span)
        }
        for note in diagnostic.notes {
            if let span = note.span {
                out += "  note: \(sources.describe(span)): \(note.message)\n"
                if style == .rich { out += excerpt(span) }
            } else {
                out += "  note: \(note.message)\n"
            }
        }
        if let help = diagnostic.help {
            out += "  help: \(help)\n"
        }
        return out
    }

    /// The source line, with tabs shown as single spaces so the caret line up, and `^` under the span
    /// (clipped to the first line of a multi-line span; at least one caret).
    private func excerpt(_ span: SourceSpan) -> String {
        let file = sources[span.file]
        let (line, column) = file.location(of: span.start)
        let text = file.lineText(line)
        let (endLine, endColumn) = file.location(of: span.end)
        let lineLength = text.unicodeScalars.count
        let lastColumn = endLine == line ? endColumn : lineLength + 1
        let width = max(1, lastColumn - column)
        let gutter = String(line)
        let pad = String(repeating: " ", count: gutter.count)
        let shown = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\t" ? " " : $0 }))
        let caret = String(repeating: " ", count: column - 1) + String(repeating: "^", count: width)
        return "\(gutter) | \(shown)\n\(pad) | \(caret)\n"
    }
}
