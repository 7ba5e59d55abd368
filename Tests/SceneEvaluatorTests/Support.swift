import DisplayList
import Foundation
import SceneCompiler
import SceneEvaluator
import SceneSource

/// Compiles scene text and returns the dump, or the diagnostics in short form.
func compile(_ body: String, width: Int = 100, height: Int = 100, set: [String] = [],
             limits: EvaluationLimits = EvaluationLimits()) -> String {
    let text = "<scene width=\"\(width)\" height=\"\(height)\">\n\(body)\n</scene>\n"
    let loaded = SceneCompiler.load(path: "t.scene", bytes: Array(text.utf8))
    guard let arguments = try? SceneCompiler.arguments(set, for: loaded) else { return "usage error" }
    let (list, diagnostics) = SceneCompiler.evaluate(loaded, arguments: arguments, limits: limits)
    let errors = DiagnosticRenderer(sources: loaded.sources, style: .short).render(diagnostics)
    guard let list else { return errors }
    return errors + SceneCompiler.dump(list)
}

/// The value of one expression, through a rect's x (numbers) or a let shown in an error message.
func value(_ expression: String) -> String {
    let escaped = expression.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
    let out = compile("<rect x=\"\(escaped)\" width=\"1\" height=\"1\" fill=\"red\"/>")
    if let line = out.split(separator: "\n").first(where: { $0.contains("fill #") }) {
        // "fill #ff0000ff path M X 0 L ..." → X
        let parts = line.split(separator: " ")
        return String(parts[4])
    }
    // Errors: keep only the message.
    return out.split(separator: "\n").first.map { line in
        line.components(separatedBy: "error: ").dropFirst().joined()
    } ?? out
}
