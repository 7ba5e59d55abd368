import DisplayList
import Foundation
import SceneCompiler
import SceneEvaluator
import SceneSource

/// Compiles scene text and returns the dump, or the diagnostics in short form.
func compile(
    _ body: String, width: Int = 100, height: Int = 100, set: [String] = [],
    limits: EvaluationLimits = EvaluationLimits()
) -> String {
    let text = "<scene width=\"\(width)\" height=\"\(height)\">\n\(body)\n</scene>\n"
    var compilerLimits = CompilerLimits()
    compilerLimits.evaluation = limits
    let compiler = SceneCompiler(limits: compilerLimits)
    let loaded = compiler.load(path: "t.scene", bytes: Array(text.utf8))
    guard let arguments = try? compiler.arguments(set, for: loaded) else { return "usage error" }
    let compilation = compiler.compile(loaded, arguments: arguments)
    let (list, diagnostics) = (compilation.list, compilation.diagnostics)
    let errors = DiagnosticRenderer(sources: loaded.sources, style: .short).render(diagnostics)
    guard let list else { return errors }
    return errors + DisplayListDump().render(list)
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
    // Errors: keep only the message, after "error[E0501]: ".
    return out.split(separator: "\n").first.map { line in
        guard let header = line.range(of: ": error["), let end = line[header.upperBound...].range(of: "]: ") else {
            return String(line)
        }
        return String(line[end.upperBound...])
    } ?? out
}
