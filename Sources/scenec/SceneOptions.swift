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

    @OptionGroup(title: "Limits") var limits: LimitOptions

    /// Loads, checks and evaluates the scene; prints diagnostics; throws the right exit status.
    func compile() throws -> (loaded: LoadedScene, list: DisplayList) {
        let loaded = try SceneFiles.load(scene, limits: limits)
        diagnostics.print(loaded.diagnostics, sources: loaded.sources)
        guard !loaded.hasErrors else { throw ExitCode(1) }
        let arguments: [String: Value]
        let dimensions: (width: Double, height: Double)?
        do {
            arguments = try SceneCompiler.arguments(assignments, for: loaded, limits: limits.evaluation)
            dimensions = try size.map(SceneCompiler.parseSize)
        } catch let usage as UsageError {
            throw CommandError(usage.message)
        }
        let (list, evaluationDiagnostics) = SceneCompiler.evaluate(loaded, arguments: arguments, size: dimensions,
                                                                   limits: limits.evaluation)
        // Parse-time diagnostics were printed above; print only what evaluation added.
        diagnostics.print(Array(evaluationDiagnostics.dropFirst(loaded.diagnostics.count)), sources: loaded.sources)
        guard let list else { throw ExitCode(1) }
        return (loaded, list)
    }
}

/// The limits that keep a hostile scene cheap (Grammar.md, "Limits"); the defaults are far above
/// what real scenes need, so these are for raising a limit for one big scene or lowering it in CI.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-file-size"),
            help: ArgumentHelp("The largest scene file read, in bytes (default 8388608).", valueName: "bytes"))
    var maxFileSize: Int?

    @Option(name: .customLong("max-iterations"),
            help: ArgumentHelp("Loop iterations in one evaluation, all loops together (default 2000000).", valueName: "n"))
    var maxIterations: Int?

    @Option(name: .customLong("max-operations"),
            help: ArgumentHelp("Display-list operations in one evaluation (default 500000).", valueName: "n"))
    var maxOperations: Int?

    @Option(name: .customLong("max-steps"),
            help: ArgumentHelp("Evaluation steps: elements and expression nodes evaluated, list elements visited (default 50000000).",
                               valueName: "n"))
    var maxSteps: Int?

    @Option(name: .customLong("max-output-size"),
            help: ArgumentHelp("Display-list size: operations plus their path segments, gradient stops and dash lengths (default 1000000).",
                               valueName: "n"))
    var maxOutputSize: Int?

    func validate() throws {
        for (name, value) in [("--max-file-size", maxFileSize), ("--max-iterations", maxIterations),
                              ("--max-operations", maxOperations), ("--max-steps", maxSteps),
                              ("--max-output-size", maxOutputSize)] {
            if let value, value < 1 {
                throw ValidationError("\(name) expects a positive whole number, got \(value)")
            }
        }
        if let maxFileSize, maxFileSize > Int(Int32.max) {
            throw ValidationError("--max-file-size can be at most \(Int32.max) (libxml2 reads at most that many bytes)")
        }
    }

    var parser: ParserLimits {
        var limits = ParserLimits()
        if let maxFileSize { limits.maxBytes = maxFileSize }
        return limits
    }

    var evaluation: EvaluationLimits {
        var limits = EvaluationLimits()
        if let maxIterations { limits.maxLoopIterations = maxIterations }
        if let maxOperations { limits.maxOperations = maxOperations }
        if let maxSteps { limits.maxSteps = maxSteps }
        if let maxOutputSize { limits.maxOutputSize = maxOutputSize }
        return limits
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
