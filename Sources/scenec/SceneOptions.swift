import ArgumentParser
import SceneCompiler
import DisplayList
import SceneEvaluator
import SceneSource

/// The options every command that evaluates a scene shares.
struct SceneOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The scene file to compile.", valueName: "scene"))
    var scene: String

    @Option(name: .customLong("set"),
            help: ArgumentHelp("Set a parameter: NAME=VALUE, parsed as the parameter's type (a list as 4,2,6). Repeatable.",
                               valueName: "name=value"))
    var assignments: [String] = []

    @Option(help: ArgumentHelp("Override the scene's size in points, as WIDTHxHEIGHT (e.g. 300x200).", valueName: "wxh"))
    var size: String?

    @OptionGroup var diagnostics: DiagnosticOptions

    /// Loads, checks and evaluates the scene; prints diagnostics; throws the right exit status.
    func compile() throws -> (loaded: LoadedScene, list: DisplayList) {
        let loaded = try SceneFiles.load(scene)
        diagnostics.print(loaded.diagnostics, sources: loaded.sources)
        guard !loaded.hasErrors else { throw ExitCode(1) }
        let arguments: [String: Value]
        let dimensions: (width: Double, height: Double)?
        do {
            arguments = try SceneCompiler.arguments(assignments, for: loaded)
            dimensions = try size.map(SceneCompiler.parseSize)
        } catch let usage as UsageError {
            throw CommandError(usage.message)
        }
        let (list, evaluationDiagnostics) = SceneCompiler.evaluate(loaded, arguments: arguments, size: dimensions)
        // Parse-time diagnostics were printed above; print only what evaluation added.
        diagnostics.print(Array(evaluationDiagnostics.dropFirst(loaded.diagnostics.count)), sources: loaded.sources)
        guard let list else { throw ExitCode(1) }
        return (loaded, list)
    }
}


/// How diagnostics are printed.
struct DiagnosticOptions: ParsableArguments {
    enum Style: String, ExpressibleByArgument, CaseIterable {
        case rich, short
    }

    @Option(name: .customLong("diagnostics"),
            help: "Diagnostic style: 'rich' adds the source line and a caret; 'short' is one line per problem.")
    var style: Style = .rich

    func print(_ diagnostics: [Diagnostic], sources: SourceMap) {
        guard !diagnostics.isEmpty else { return }
        Terminal.writeError(DiagnosticRenderer(sources: sources, style: style == .short ? .short : .rich).render(diagnostics))
    }
}
