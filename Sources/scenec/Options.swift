import ArgumentParser
import SceneCompiler
import SceneEvaluator
import SceneProject
import SceneSource

/// `--set` and `--size`: the parameter values and the size a scene is compiled with.
struct ParameterOptions: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Set a parameter: NAME=VALUE, parsed as the parameter's type (a list as 4,2,6). Repeatable.",
            valueName: "name=value"))
    var assignments: [String] = []

    // Unconditional: `--size -0x10` is a size to refuse with a reason, not a missing value.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Override the scene's size in points, as WIDTHxHEIGHT (e.g. 300x200).", valueName: "wxh"))
    var size: String?

    func validate() throws {
        if let size {
            do { _ = try SceneSize(parsing: size) } catch {
                throw ValidationError("--size expects \(SizeError.expected); \(error.detail)")
            }
        }
    }

    var sceneSize: SceneSize? { size.flatMap { try? SceneSize(parsing: $0) } }
}

/// The limits that keep a hostile scene cheap (Grammar.md, "Limits"); the defaults are far above
/// what real scenes need, so these are for raising a limit for one big scene or lowering it in CI.
struct LimitOptions: ParsableArguments {
    @Option(
        name: .customLong("max-file-size"),
        help: ArgumentHelp("The largest scene file read, in bytes (default 1048576).", valueName: "bytes"))
    var maxFileSize: Int?

    @Option(
        name: .customLong("max-iterations"),
        help: ArgumentHelp("Loop iterations in one evaluation, all loops together (default 2000000).", valueName: "n"))
    var maxIterations: Int?

    @Option(
        name: .customLong("max-operations"),
        help: ArgumentHelp("Display-list operations in one evaluation (default 500000).", valueName: "n"))
    var maxOperations: Int?

    @Option(
        name: .customLong("max-steps"),
        help: ArgumentHelp(
            "Evaluation steps, weighted by cost: elements 100, loop iterations 40, expression nodes 10, calls 50 or more, list elements visited 1 (default 100000000).",
            valueName: "n"))
    var maxSteps: Int?

    @Option(
        name: .customLong("max-output-size"),
        help: ArgumentHelp(
            "Display-list size: operations plus their path segments, gradient stops and dash lengths (default 1000000).",
            valueName: "n"))
    var maxOutputSize: Int?

    @Option(
        name: .customLong("max-text-length"),
        help: ArgumentHelp("Characters in one text (default 1000).", valueName: "n"))
    var maxTextLength: Int?

    @Option(
        name: .customLong("max-text"),
        help: ArgumentHelp("Characters of text in a scene, each text counting at least 20 (default 20000).", valueName: "n"))
    var maxText: Int?

    @Option(
        name: .customLong("max-dash-segments"),
        help: ArgumentHelp(
            "Dashes and gaps of all dashed strokes together: length ÷ pattern length × pattern entries (default 1000000).",
            valueName: "n"))
    var maxDashSegments: Int?

    func validate() throws {
        for (name, value) in [
            ("--max-file-size", maxFileSize), ("--max-iterations", maxIterations),
            ("--max-operations", maxOperations), ("--max-steps", maxSteps),
            ("--max-output-size", maxOutputSize), ("--max-text-length", maxTextLength),
            ("--max-text", maxText), ("--max-dash-segments", maxDashSegments),
        ] {
            if let value, value < 1 {
                throw ValidationError("\(name) expects a positive whole number, got \(value)")
            }
        }
        if let maxFileSize, maxFileSize > Int(Int32.max) {
            throw ValidationError("--max-file-size can be at most \(Int32.max) (libxml2 reads at most that many bytes)")
        }
    }

    /// These limits over the defaults.
    func apply(to limits: inout CompilerLimits) {
        if let maxFileSize { limits.parser.maxBytes = maxFileSize }
        if let maxIterations { limits.evaluation.maxLoopIterations = maxIterations }
        if let maxOperations { limits.evaluation.maxOperations = maxOperations }
        if let maxSteps { limits.evaluation.maxSteps = maxSteps }
        if let maxOutputSize { limits.evaluation.maxOutputSize = maxOutputSize }
        if let maxTextLength { limits.render.maxTextLength = maxTextLength }
        if let maxText { limits.render.maxText = maxText }
        if let maxDashSegments { limits.render.maxDashSegments = maxDashSegments }
    }
}

/// `--max-pixels`: the PNG budget, for every command that writes PNG.
struct PixelLimitOptions: ParsableArguments {
    @Option(
        name: .customLong("max-pixels"),
        help: ArgumentHelp(
            "PNG output: the largest image allowed, as width × height in pixels after scaling (default 25000000).",
            valueName: "n"))
    var maxPixels: Int?

    @Option(
        name: .customLong("max-painted-pixels"),
        help: ArgumentHelp(
            "PNG output: the pixels all drawing operations cover together, each counted by its box on the image (default 250000000).",
            valueName: "n"))
    var maxPaintedPixels: Int?

    func validate() throws {
        if let maxPaintedPixels, maxPaintedPixels < 1 {
            throw ValidationError("--max-painted-pixels expects a positive whole number, got \(maxPaintedPixels)")
        }
        if let maxPixels, maxPixels < 1 {
            throw ValidationError("--max-pixels expects a positive whole number such as 25000000, got \(maxPixels)")
        }
    }

    func apply(to limits: inout CompilerLimits) {
        if let maxPixels { limits.maxPixels = maxPixels }
        if let maxPaintedPixels { limits.maxPaintedPixels = maxPaintedPixels }
    }
}

/// What every command that compiles scenes takes, in this order in its help: `--project`,
/// `--diagnostics` and the limits (under their own heading). One group, so that each command
/// offers all three alike and makes its front door from them (`FrontDoor(common)`).
struct CommonOptions: ParsableArguments {
    @OptionGroup var project: ProjectOptions
    @OptionGroup var diagnostics: DiagnosticOptions
    @OptionGroup(title: "Limits") var limits: LimitOptions

    /// `--project`, when given.
    var projectRoot: String? { project.project }
}

/// `--project`: the folder components must stay inside.
struct ProjectOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The project folder: components (<use src=…>) may come from anywhere inside it "
                + "(default: the folder of each scene; for build, each folder given).", valueName: "dir"))
    var project: String?
}

/// How diagnostics are printed.
struct DiagnosticOptions: ParsableArguments {
    enum Style: String, ExpressibleByArgument, CaseIterable {
        case rich, short
    }

    @Option(
        name: .customLong("diagnostics"),
        help: "Diagnostic style: 'rich' adds the source line and a caret; 'short' is one line per problem.")
    var style: Style = .rich

    var rendererStyle: DiagnosticRenderer.Style { style == .short ? .short : .rich }

    func print<C: Collection<Diagnostic>>(_ diagnostics: C, sources: SourceMap) {
        guard !diagnostics.isEmpty else { return }
        Console.error(DiagnosticRenderer(sources: sources, style: rendererStyle).render(Array(diagnostics)))
    }
}

/// `--manifest`, `--jobs` and `--shard`: how the commands that plan a library's variants (build,
/// test) read the manifest and share out the work.
struct PlanOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The manifest to use instead of the scenes.json files beside the scenes.", valueName: "file"))
    var manifest: String?

    @Option(
        help: ArgumentHelp(
            "Only the K-th of N slices of the variants (1 ≤ K ≤ N), for spreading the work over N machines; "
                + "the N slices together cover everything once.", valueName: "k/n"))
    var shard: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Variants worked on at once (default: one per core).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs expects a positive whole number such as 2, got \(jobs)") }
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.message) }
        }
    }

    var workers: Int { jobs ?? WorkQueue.defaultWorkers }

    /// The slice asked for (validated already).
    var slice: Shard? { shard.flatMap { try? Shard(parsing: $0) } }
}

/// `--cache DIR` and `--no-cache`, with one help text for build, test and diff --rev: each keeps
/// its own kind of result in a folder of its own by default, said here.
struct CacheOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where results are kept under a SHA-256 of everything they depend on (the scene's and its components' "
                + "bytes, parameters, size, scales), so that a variant unchanged since an earlier run is neither "
                + "evaluated nor rendered again. By default build keeps its outputs in DIR/.scenec-cache (bounded by "
                + "--cache-max-size); test its clean passes, keyed with both references' bytes too, in .scenec/cache; "
                + "diff --rev its renders in scenec-cache in the repository's .git folder, which git never lists (those "
                + "two trimmed to 1G). CI can keep the folder between runs, and shards can share it.",
            valueName: "dir"))
    var cache: String?

    @Flag(
        name: .customLong("no-cache"),
        help: "Neither read nor write the cache: every variant is evaluated, rendered and (test, diff --rev) compared again.")
    var noCache = false

    func validate() throws {
        if noCache, cache != nil { throw ValidationError("--cache and --no-cache exclude each other; give one") }
        if cache?.isEmpty == true { throw ValidationError("--cache expects a folder, such as --cache .scenec/cache") }
    }
}

/// `--deny-warnings`, with one help text for check, render and build.
struct WarningOptions: ParsableArguments {
    @Flag(
        name: .customLong("deny-warnings"),
        help: "A scene or variant with warnings fails (exit status 1), for CI: render then writes nothing, build no file for that variant.")
    var denyWarnings = false
}
