import ArgumentParser
import Foundation
import PNGBackend
import SceneBuild
import SceneCompiler
import SceneSource
#if canImport(Glibc)
import Glibc
#endif

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render every scene under the given folders to SVG and PNG at 1x, 2x and 3x, on all cores.",
        discussion: """
            Scenes are the *.scene files under each PATH (default Scenes). A manifest, scenes.json beside the \
            scenes or the file named by --manifest, lists variants: a scene with named parameter values, a size, \
            the scales to render and whether to write SVG (Grammar.md, "Build manifest"). Scenes it does not name \
            get one variant named after the file. Outputs are NAME.svg, NAME.png, NAME@2x.png, NAME@3x.png; one \
            whose bytes have not changed is not rewritten. Exit status: 0 when every variant was built, 1 when \
            any failed (the others are still built), 2 when the command line or the manifest is wrong (then \
            nothing is built).
            """)

    @Argument(help: ArgumentHelp("Folders to search for .scene files (recursively), or scene files (default: Scenes).",
                                 valueName: "path"))
    var paths: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the outputs into; created when missing.",
                                                    valueName: "dir"))
    var output: String

    @Option(help: ArgumentHelp("The manifest to use instead of the scenes.json files beside the scenes.", valueName: "file"))
    var manifest: String?

    @Option(help: ArgumentHelp("Build only the K-th of N slices of the variants (1 ≤ K ≤ N), for spreading a build over N machines; "
                               + "the N slices together build everything once.", valueName: "k/n"))
    var shard: String?

    @Option(name: .shortAndLong,
            help: ArgumentHelp("Variants rendered at once (default: one per core).", valueName: "n"))
    var jobs: Int?

    @Option(name: .customLong("max-pixels"),
            help: ArgumentHelp("The largest PNG allowed, as width × height in pixels after scaling (default 64000000).",
                               valueName: "n"))
    var maxPixels: Int?

    enum Progress: String, ExpressibleByArgument, CaseIterable {
        case auto, bar, lines
    }

    @Option(help: ArgumentHelp("Progress on standard error: 'bar' updates one line with counts, 'lines' prints a line "
                               + "per file, 'auto' (the default) a bar when standard error is a terminal and lines otherwise."))
    var progress: Progress = .auto

    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs expects a positive whole number such as 2, got \(jobs)") }
        if let maxPixels, maxPixels < 1 {
            throw ValidationError("--max-pixels expects a positive whole number such as 64000000, got \(maxPixels)")
        }
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.message) }
        }
        if output.isEmpty { throw ValidationError("-o expects the folder to write into, such as -o out") }
    }

    func run() throws {
        let started = Date()
        let workers = jobs ?? WorkQueue.defaultWorkers
        var slice: Shard? = nil
        if let shard {
            do { slice = try Shard(parsing: shard) } catch { throw CommandError(error.message) }
        }
        let plan: BuildPlan
        do {
            plan = try BuildInputs.plan(paths: paths.isEmpty ? ["Scenes"] : paths, manifest: manifest, workers: workers)
        } catch {
            throw CommandError(error.message)
        }
        let style: DiagnosticRenderer.Style = diagnostics.style == .short ? .short : .rich
        guard plan.problems.isEmpty else {
            Terminal.writeError(plan.renderProblems(style: style))
            Terminal.writeError("build: nothing built; fix the problems above\n")
            throw ExitCode(2)
        }
        try makeFolder(output)

        let selected = slice?.select(plan.jobs) ?? plan.jobs
        var raster = RasterOptions()
        if let maxPixels { raster.maxPixels = maxPixels }
        let bar = progress == .bar || (progress == .auto && isatty(2) != 0)
        let console = BuildConsole(log: BuildLog(style: style, lines: !bar), bar: bar)
        let summary = BatchBuild.run(selected, runner: JobRunner(folder: output, raster: raster), workers: workers,
                                     progress: console.progress, report: console.report)
        console.finish()
        Terminal.writeError(summary.text(seconds: Date().timeIntervalSince(started), shard: slice) + "\n")
        if summary.failedVariants > 0 { throw ExitCode(1) }
    }

    private func makeFolder(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandError("'\(path)' is a file; -o names the folder to write into") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            Terminal.writeError("scenec: error: cannot create the folder '\(path)': \(error.localizedDescription)\n")
            throw ExitCode(1)
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
        Terminal.writeError((barShown ? "\r\u{1B}[K" : "") + text)
        barShown = false
    }

    func progress(_ finished: Int, _ total: Int) {
        guard bar else { return }
        Terminal.writeError("\r\u{1B}[K" + ProgressBar.line(finished: finished, total: total))
        barShown = true
    }

    func finish() {
        if barShown { Terminal.writeError("\n") }
        barShown = false
    }
}
