/// A diagnostic with its positions resolved against the files of its compilation: what a web page
/// (the preview server, an editor) receives as JSON, needing no source map of its own.
///
/// Lines and columns are 1-based and columns count Unicode scalars, as in the text renderings
/// (Grammar.md, section 15); the end is exclusive (the position just after the span). Messages,
/// notes and helps are cut at `DiagnosticRenderer.maxMessageLength` scalars like the text
/// renderings, and a very long source line is sent as a window around the span
/// (`sourceLineStartColumn` says where it starts), so a hostile file cannot make the JSON huge.
public struct LocatedDiagnostic: Codable, Sendable, Hashable {
    /// A note, with its position when it has one.
    public struct Note: Codable, Sendable, Hashable {
        public let message: String
        public let path: String?
        public let line: Int?
        public let column: Int?

        public init(message: String, path: String? = nil, line: Int? = nil, column: Int? = nil) {
            self.message = message
            self.path = path
            self.line = line
            self.column = column
        }
    }

    /// `E0203`.
    public let code: String
    /// `undefined name`.
    public let title: String
    public let severity: Diagnostic.Severity
    public let message: String
    public let path: String
    public let line: Int
    public let column: Int
    public let endLine: Int
    public let endColumn: Int
    /// The text of `line` without its line break (tabs as written), or a window of it.
    public let sourceLine: String
    /// The column of `line` at which `sourceLine` starts: 1 unless the line was too long to send whole.
    public let sourceLineStartColumn: Int
    public let help: String?
    public let notes: [Note]

    public init(
        code: String, title: String, severity: Diagnostic.Severity, message: String, path: String,
        line: Int, column: Int, endLine: Int, endColumn: Int, sourceLine: String,
        sourceLineStartColumn: Int = 1, help: String?, notes: [Note]
    ) {
        self.code = code
        self.title = title
        self.severity = severity
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.sourceLine = sourceLine
        self.sourceLineStartColumn = sourceLineStartColumn
        self.help = help
        self.notes = notes
    }

    /// Source lines longer than this many Unicode scalars are sent as a window of this width.
    public static let maxSourceLineLength = 1000
}

extension Diagnostic {
    /// This diagnostic with its positions resolved in `sources`, the map of the compilation that
    /// produced it.
    public func located(in sources: SourceMap) -> LocatedDiagnostic {
        let file = sources[span.file]
        let (line, column) = file.location(of: span.start)
        let (endLine, endColumn) = file.location(of: span.end)
        var text = Array(file.lineText(line).unicodeScalars)
        var startColumn = 1
        let limit = LocatedDiagnostic.maxSourceLineLength
        if text.count > limit {
            let first = max(0, min(column - 1 - limit / 4, text.count - limit))
            text = Array(text[first..<(first + limit)])
            startColumn = first + 1
        }
        let located = notes.map { note -> LocatedDiagnostic.Note in
            guard let span = note.span else { return .init(message: DiagnosticRenderer.clipped(note.message)) }
            let noteFile = sources[span.file]
            let (noteLine, noteColumn) = noteFile.location(of: span.start)
            return .init(
                message: DiagnosticRenderer.clipped(note.message), path: noteFile.path, line: noteLine,
                column: noteColumn)
        }
        return LocatedDiagnostic(
            code: code.rawValue, title: code.title, severity: severity, message: DiagnosticRenderer.clipped(message),
            path: file.path, line: line, column: column, endLine: endLine, endColumn: endColumn,
            sourceLine: String(String.UnicodeScalarView(text)), sourceLineStartColumn: startColumn,
            help: help.map { DiagnosticRenderer.clipped($0, limit: DiagnosticRenderer.maxHelpLength) }, notes: located)
    }
}
