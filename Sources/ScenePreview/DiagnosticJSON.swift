import SceneSource

/// Diagnostics as the page receives them: the text the terminal prints (`DiagnosticRenderer`, rich
/// style: `file:line:col: error[E0203]: …`, the source line and a caret) and each diagnostic as
/// data (`LocatedDiagnostic`: code, positions resolved, the source line).
public struct DiagnosticsJSON: Codable, Sendable, Equatable {
    /// Exactly what `scenec check` prints for these diagnostics.
    public let text: String
    /// What `scenec check --diagnostics short` prints: one line each.
    public let shortText: String
    public let items: [LocatedDiagnostic]
    public let errors: Int

    public static let empty = DiagnosticsJSON(text: "", shortText: "", items: [], errors: 0)

    public init(text: String, shortText: String, items: [LocatedDiagnostic], errors: Int) {
        self.text = text
        self.shortText = shortText
        self.items = items
        self.errors = errors
    }

    public init(_ diagnostics: [Diagnostic], sources: SourceMap) {
        text = diagnostics.isEmpty ? "" : DiagnosticRenderer(sources: sources, style: .rich).render(diagnostics)
        shortText = diagnostics.isEmpty ? "" : DiagnosticRenderer(sources: sources, style: .short).render(diagnostics)
        errors = diagnostics.filter { $0.severity == .error }.count
        items = diagnostics.filter { sources.files.indices.contains($0.span.file.index) }.map { $0.located(in: sources) }
    }

    /// A problem that is not located in a scene (a file that vanished, an unknown id).
    public init(message: String) {
        text = "scenec: error: \(message)\n"
        shortText = text
        errors = 1
        items = []
    }
}
