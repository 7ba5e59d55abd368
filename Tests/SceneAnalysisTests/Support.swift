import SceneCompiler
import SceneSource

/// The static checker's diagnostics for a scene body, in short form, one per line (empty when it
/// finds nothing). Only the static pass: nothing is evaluated.
func staticCheck(_ body: String, width: Int = 100, height: Int = 100) -> String {
    let text = "<scene width=\"\(width)\" height=\"\(height)\">\n\(body)\n</scene>\n"
    let loaded = SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8))
    precondition(!loaded.hasErrors, DiagnosticRenderer(sources: loaded.sources, style: .short).render(loaded.diagnostics))
    return DiagnosticRenderer(sources: loaded.sources, style: .short).render(loaded.staticDiagnostics)
}

/// Compiles a scene body with `set` parameter values; the diagnostics in short form, then
/// "compiled" or "failed".
func compiled(_ body: String, set: [String] = []) throws -> String {
    let text = "<scene width=\"100\" height=\"100\">\n\(body)\n</scene>\n"
    let compiler = SceneCompiler()
    let loaded = compiler.load(path: "t.scene", bytes: Array(text.utf8))
    let compilation = compiler.compile(loaded, arguments: try compiler.arguments(set, for: loaded))
    return DiagnosticRenderer(sources: loaded.sources, style: .short).render(compilation.diagnostics)
        + (compilation.hasErrors ? "failed" : "compiled")
}
