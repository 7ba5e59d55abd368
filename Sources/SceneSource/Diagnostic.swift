/// A problem found in a scene, as plain data: what kind of problem (a stable code), what went
/// wrong, where, and what to do about it. Line and column are computed only when it is rendered or
/// located (`located(in:)`), so a web page (the future preview server) can show the same value its
/// own way. Layers that need to tell problems apart compare `code`, never `message`.
public struct Diagnostic: Hashable, Sendable, Error, Codable {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    /// A secondary location with a short message ("first defined here", "in component used here").
    public struct Note: Hashable, Sendable, Codable {
        public let message: String
        public let span: SourceSpan?
        public init(_ message: String, at span: SourceSpan? = nil) {
            self.message = message
            self.span = span
        }
    }

    /// The kind of problem; stable across rewordings of `message` (DiagnosticCode.swift).
    public let code: DiagnosticCode
    public let severity: Severity
    public let message: String
    public let span: SourceSpan
    public var notes: [Note]
    /// One actionable sentence: "did you mean 'stroke'?", "write `<` as `lt` inside attributes".
    public var help: String?

    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, at span: SourceSpan,
        notes: [Note] = [], help: String? = nil
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.span = span
        self.notes = notes
        self.help = help
    }

    public static func error(
        _ code: DiagnosticCode, _ message: String, at span: SourceSpan, help: String? = nil,
        notes: [Note] = []
    ) -> Diagnostic {
        assert(!code.isWarning, "\(code) is a warning code")
        return Diagnostic(.error, code, message, at: span, notes: notes, help: help)
    }

    public static func warning(
        _ code: DiagnosticCode, _ message: String, at span: SourceSpan, help: String? = nil,
        notes: [Note] = []
    ) -> Diagnostic {
        assert(code.isWarning, "\(code) is an error code")
        return Diagnostic(.warning, code, message, at: span, notes: notes, help: help)
    }

    /// The same problem with another message (a caller adding context, "'color': …"); code, span,
    /// notes and help are kept.
    public func withMessage(_ message: String) -> Diagnostic {
        Diagnostic(severity, code, message, at: span, notes: notes, help: help)
    }
}

/// Errors found by a stage. Stages collect several and go on where they can.
public struct DiagnosticError: Error, Sendable {
    public let diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
