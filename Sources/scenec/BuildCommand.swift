import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneBuild
import SceneCompiler
import SceneIO
import SceneProject
import SceneSource

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract:
            "Render every scene under the given folders to SVG and PNG at 1x, 2x and 3x (or an Xcode asset catalog, or Android densities), on all cores.",
        discussion: """
            Scenes are the *.scene files under each PATH (default Scenes). A manifest, scenes.json beside the \
            scenes or the file named by --manifest, lists variants: a scene with named parameter values, a size, \
            the scales to render and whether to write SVG (docs/manifest.md). Scenes it does not name \
            get one variant named after the file. Outputs are NAME.svg, NAME.png, NAME@2x.png, NAME@3x.png \
            (--layout flat), DIR/Assets.xcassets/NAME.imageset/ (--layout xcassets) or \
            DIR/res/drawable-mdpi/NAME.png … drawable-xxxhdpi (--layout android); one whose bytes have not \
            changed is not rewritten. Exit status: 0 when every variant was built, 1 when any failed (the \
            others are still built) or, with --check, when any output would change, 2 when the command line or \
            the manifest is wrong (then nothing is built).
            """)

    @Argument(
        help: ArgumentHelp(
            "Folders to search for .scene files (recursively), or scene files (default: Scenes).",
            valueName: "path"))
    var paths: [String] = []

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The folder to write the outputs into; created when missing.",
            valueName: "dir"))
    var output: String

    enum Progress: String, ExpressibleByArgument, CaseIterable {
        case auto, bar, lines
    }

    @Option(
        help: ArgumentHelp(
            "Progress on standard error: 'bar' updates one line with counts, 'lines' prints a line "
                + "per file, 'auto' a bar when standard error is a terminal and lines otherwise."))
    var progress: Progress = .auto

    @Option(
        help: ArgumentHelp(
            "How the outputs are laid out in DIR: 'flat' (NAME.svg, NAME.png, NAME@2x.png …), 'xcassets' "
                + "(an Xcode asset catalog, DIR/Assets.xcassets), 'android' (DIR/res/drawable-mdpi … "
                + "drawable-xxxhdpi) or 'android-vector' (DIR/res/drawable/NAME.xml, VectorDrawables); "
                + "default: the manifest's \"layout\", else flat.", valueName: "layout"))
    var layout: OutputLayout?

    @Flag(
        help: ArgumentHelp(
            "Write nothing: make every output in memory (a fresh render: the cache is not read) and exit with "
                + "status 1 when any file in DIR would change or is missing (for CI that keeps the generated files in "
                + "the repository)."))
    var check = false

    @Flag(
        help: ArgumentHelp(
            "Remove the files that earlier builds wrote into DIR for variants that no longer exist "
                + "(as recorded in DIR/.scenec-outputs with their SHA-256: only files whose bytes still match; "
                + "nothing else in DIR is ever removed). With --check, "
                + "such files make the check fail."))
    var prune = false

    @Option(
        help: ArgumentHelp(
            "The build cache: each output kept under a SHA-256 of everything it depends on, so a variant "
                + "whose scene, components, parameters, size and scales have not changed is neither evaluated "
                + "nor rendered again (default: DIR/.scenec-cache). CI can keep it between runs and shards can "
                + "share it.", valueName: "dir"))
    var cache: String?

    @Flag(name: .customLong("no-cache"), help: "Evaluate and render every variant; neither read nor write the build cache.")
    var noCache = false

    @Flag(name: .customLong("deny-warnings"), help: "A variant whose scene has warnings makes no file and fails (exit status 1), for CI.")
    var denyWarnings = false

    @Option(
        name: .customLong("cache-max-size"),
        help: ArgumentHelp(
            "The build cache's bound: after a build, when its entries take more, the least recently used "
                + "are removed down to 80% of it (as ccache does). A number of bytes with an optional K, M or G "
                + "(1024-based); 0 for no bound.", valueName: "size"))
    var cacheMaxSize: ByteSize = ByteSize(bytes: OutputCache.defaultMaxBytes)

    @OptionGroup var plan: PlanOptions
    @OptionGroup var pixels: PixelLimitOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        if output.isEmpty { throw ValidationError("-o expects the folder to write into, such as -o out") }
        if noCache, cache != nil { throw ValidationError("--cache and --no-cache exclude each other; give one") }
        if cache?.isEmpty == true { throw ValidationError("--cache expects a folder, such as --cache .scenec/cache") }
    }

    func run() throws {
        let started = Date()
        let workers = plan.workers
        let slice = plan.slice
        let door = FrontDoor(common, pixels: pixels)
        let variants: BuildPlan
        do {
            variants = try BuildInputs.plan(
                paths: paths.isEmpty ? ["Scenes"] : paths, manifest: plan.manifest,
                compiler: door.compiler, workers: workers, layout: layout)
        } catch {
            throw CommandError(error.message)
        }
        let style = common.diagnostics.rendererStyle
        guard variants.problems.isEmpty else {
            Console.error(variants.renderProblems(style: style))
            Console.error("build: nothing built; fix the problems above\n")
            throw ExitCode(2)
        }
        if !check { try makeFolder(output) }

        let selected = slice?.select(variants.jobs) ?? variants.jobs
        let bar = progress == .bar || (progress == .auto && Console.errorIsTerminal)
        let log = BuildLog(style: style, lines: !bar)
        let console = BuildConsole(log: log, bar: bar)
        // --check compares with a fresh render: a cache can come with the repository, and an entry's
        // digest detects damage, not a forged entry beside a forged output.
        let outputCache =
            noCache || check
            ? nil
            : OutputCache(
                location: cache.map { ContainedFolder(root: $0) } ?? ContainedFolder(root: output, below: OutputCache.defaultName),
                limits: door.compiler.limits)
        // Links where the layout's folders, the cache or the record belong: one clear error, before anything is written.
        do {
            let contained = ContainedFolder(root: output)
            for folder in Set((selected.flatMap(\.outputs) + variants.layout.sharedOutputs).map { FilePath.parent(of: $0.fileName) }).sorted() {
                try contained.checkFolder(folder)
            }
            try outputCache?.checkFolders()
        } catch {
            throw CommandError(error.description, help: error.help)
        }
        var runner = JobRunner(folder: output, compiler: door.compiler, checkOnly: check, cache: outputCache)
        runner.denyWarnings = denyWarnings
        // What every variant of the whole build makes (all shards), and what earlier builds wrote.
        let shared = variants.layout.sharedOutputs
        let everything = Set((variants.jobs.flatMap(\.outputs) + shared).map(\.fileName))
        var record: BuildRecord
        do { record = try BuildRecord(folder: output, checkOnly: check) } catch { throw CommandError(error.description, help: error.help) }
        // Recorded before anything is written, so an interrupted build is remembered too.
        try recording { () throws(OutputError) in try record.willWrite((selected.flatMap(\.outputs) + shared).map(\.fileName)) }
        // The catalog's own files first: an image set is only ever written into a whole catalog.
        let sharedResults = runner.runShared(shared)
        Console.error(log.text(for: sharedResults))
        // The SHA-256 of every file written or found unchanged, by its path in DIR, for the record.
        let written = Locked<[String: String]>([:])
        let remember: @Sendable ([BuildOutput], [OutputResult]) -> Void = { outputs, results in
            let hashes = zip(outputs, results).compactMap { output, result in result.sha256.map { (output.fileName, $0) } }
            written.withLock { $0.merge(hashes) { $1 } }
        }
        remember(shared, sharedResults)
        var summary = BatchBuild.run(
            selected, runner: runner, workers: workers, progress: console.progress,
            report: { result in
                remember(result.job.outputs, result.outputs)
                console.report(result)
            })
        console.finish()
        summary.add(sharedResults)
        summary.usesCache = outputCache != nil
        try recording { () throws(OutputError) in try record.wrote(written.withLock { $0 }) }
        if prune {
            let pruned = try recording { () throws(OutputError) in try record.prune(current: everything) }
            if log.lines { pruned.removed.forEach(say) }
            pruned.notes.forEach(say)
            summary.stale = pruned.stale
            summary.failed += pruned.failed
        }
        record.forget(ifNothingBuilt: summary.rendered + summary.unchanged == 0)
        if let outputCache, !check, let line = outputCache.trimAfterBuild(maxBytes: cacheMaxSize.bytes, limit: cacheMaxSize.text) {
            Console.error(line + "\n")
        }
        let seconds = Date().timeIntervalSince(started)
        if check {
            Console.error(summary.checkText(seconds: seconds, shard: slice) + "\n")
            if !summary.upToDate || summary.failedVariants > 0 { throw ExitCode(1) }
            return
        }
        Console.error(summary.text(seconds: seconds, shard: slice) + "\n")
        if summary.failedVariants > 0 || summary.failed > 0 { throw ExitCode(1) }
    }

    /// A step of the output record; a record that cannot be written stops the build (exit status 1).
    private func recording<T>(_ step: () throws(OutputError) -> T) throws -> T {
        do {
            return try step()
        } catch {
            say("scenec: error: \(error.description)")
            if let help = error.help { Console.error("help: \(help)\n") }
            throw CommandFailure()
        }
    }

    /// One line on standard error, names from files (an outputs record) escaped as `check` prints them.
    private func say(_ line: String) {
        Console.error(DiagnosticRenderer.visible(line) + "\n")
    }

    private func makeFolder(_ path: String) throws {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isFolder: &isDirectory) {
            guard isDirectory else { throw CommandError("'\(path)' is a file; -o names the folder to write into") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            Console.error(DiagnosticRenderer.visible("scenec: error: cannot create the folder '\(path)': \(FileErrorText.describe(error))") + "\n")
            throw CommandFailure()
        }
    }
}

/// Prints a build's progress on standard error. The work queue calls it one job at a time (its
/// callbacks are serialized), which is what makes the unchecked Sendable sound.
private final class BuildConsole: @unchecked Sendable {
    private var log: BuildLog
    private let bar: Bool
    private var barShown = false

    init(log: BuildLog, bar: Bool) {
        self.log = log
        self.bar = bar
    }

    /// Each job's lines, in plan order; under a bar, the bar is cleared first and redrawn after.
    func report(_ result: JobResult) {
        let text = log.text(for: result)
        guard !text.isEmpty else { return }
        Console.error((barShown ? "\r\u{1B}[K" : "") + text)
        barShown = false
    }

    func progress(_ finished: Int, _ total: Int) {
        guard bar else { return }
        Console.error("\r\u{1B}[K" + ProgressBar.line(finished: finished, total: total))
        barShown = true
    }

    func finish() {
        if barShown { Console.error("\n") }
        barShown = false
    }
}

extension OutputLayout: ExpressibleByArgument {}

/// `--cache-max-size`: bytes, or a number with K, M or G (1024-based), as ccache and du write sizes.
struct ByteSize: ExpressibleByArgument {
    let bytes: Int
    let text: String

    init(bytes: Int) {
        self.bytes = bytes
        text = Self.describe(bytes)
    }

    init?(argument: String) {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(argument)
        var unit = 1
        if let last = digits.last?.uppercased().first, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0,
            number <= Int.max / unit
        else { return nil }
        bytes = number * unit
        text = argument
    }

    /// As `--help` shows the default: `1G`.
    var defaultValueDescription: String { text }

    static func describe(_ bytes: Int) -> String { ByteCount.text(bytes) }
}
