/// A problem found in a scene, as plain data: what went wrong, where, and what to do about it.
/// Line and column are computed only when it is rendered, so a web page (the future preview
/// server) can show the same value its own way.
public struct Diagnostic: Hashable, Sendable, Error {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    /// A secondary location with a short message ("first defined here", "in component used here").
    public struct Note: Hashable, Sendable {
        public let message: String
        public let span: SourceSpan?
        public init(_ message: String, at span: SourceSpan? = nil) {
            self.message = message
            self.span = span
        }
    }

    public let severity: Severity
    public let message: String
    public let span: SourceSpan
    public var notes: [Note]
    /// One actionable sentence: "did you mean 'stroke'?", "write `<` as `lt` inside attributes".
    public var help: String?

    public init(_ severity: Severity = .error, _ message: String, at span: SourceSpan,
                notes: [Note] = [], help: String? = nil) {
        self.severity = severity
        self.message = message
        self.span = span
        self.notes = notes
        self.help = help
    }

    public static func error(_ message: String, at span: SourceSpan, help: String? = nil,
                             notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message, at: span, notes: notes, help: help)
    }
}

/// Errors found by a stage. Stages collect several and go on where they can.
public struct DiagnosticError: Error, Sendable {
    public let diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
