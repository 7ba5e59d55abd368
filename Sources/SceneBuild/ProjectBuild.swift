#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneIO
import SceneProject
import SceneSource

/// `scenec build` as a whole, from its options to its result: the plan, the output folder and its
/// folders checked, the output record (`BuildRecord`) written before any output and with every
/// output's SHA-256 after, the jobs run (`BatchBuild`), `--prune`, the cache trimmed, the summary.
/// The command line only maps its options to `ProjectBuildOptions`, prints what `Events` and the
/// `Result` hand it, and turns a `ProjectError` or the result into an exit status.
public struct ProjectBuild: Sendable {
    public let options: ProjectBuildOptions
    /// The front door every scene is loaded and compiled through (limits, `--project`).
    public let compiler: SceneCompiler
    /// How diagnostics are rendered in the log and in the plan's problems.
    public let style: DiagnosticRenderer.Style

    public init(_ options: ProjectBuildOptions, compiler: SceneCompiler = SceneCompiler(), style: DiagnosticRenderer.Style = .rich) {
        self.options = options
        self.compiler = compiler
        self.style = style
    }

    /// What a build says while it runs, one call at a time and in plan order.
    public struct Events: Sendable {
        /// Text for standard error: the log of the files the whole build shares, then each job's.
        public var log: @Sendable (String) -> Void
        /// The count of finished jobs, after each one.
        public var progress: @Sendable (_ finished: Int, _ total: Int) -> Void
        /// Every job has finished; what comes after is in the result (or the error).
        public var jobsFinished: @Sendable () -> Void

        public init(
            log: @escaping @Sendable (String) -> Void = { _ in },
            progress: @escaping @Sendable (_ finished: Int, _ total: Int) -> Void = { _, _ in },
            jobsFinished: @escaping @Sendable () -> Void = {}
        ) {
            self.log = log
            self.progress = progress
            self.jobsFinished = jobsFinished
        }
    }

    /// What a build that ran to its end made.
    public struct Result: Sendable {
        public var summary: BuildSummary
        /// The lines said after the jobs' log, before the summary, escaped for a terminal already:
        /// `--prune`'s removals (with `fileLines`) and notes, the cache's trimming.
        public var lines: [String]
        /// `build: 12 variants, 48 files: …` (or `check: …`).
        public var summaryLine: String
        /// Every variant built (with `--check`: every output up to date).
        public var succeeded: Bool
    }

    public func run(_ events: Events = Events()) throws(ProjectError) -> Result {
        let started = Date()
        let output = options.output
        let plan = try makePlan()
        if !options.checkOnly { try Self.makeFolder(output) }
        let selected = options.shard?.select(plan.jobs) ?? plan.jobs
        let shared = plan.layout.sharedOutputs
        let cache = outputCache()
        try checkFolders(selected.flatMap(\.outputs) + shared, cache: cache)

        var runner = JobRunner(folder: output, compiler: compiler, checkOnly: options.checkOnly, cache: cache)
        runner.denyWarnings = options.denyWarnings
        var record: BuildRecord
        do { record = try BuildRecord(folder: output, checkOnly: options.checkOnly) } catch {
            throw ProjectError(.usage, error.description, help: error.help)
        }
        // Recorded before anything is written, so an interrupted build is remembered too.
        try Self.recording { () throws(OutputError) in try record.willWrite((selected.flatMap(\.outputs) + shared).map(\.fileName)) }

        let log = Locked(BuildLog(style: style, lines: options.fileLines))
        // The catalog's own files first: an image set is only ever written into a whole catalog.
        let sharedResults = runner.runShared(shared)
        events.log(log.withLock { $0.text(for: sharedResults) })
        // The SHA-256 of every file written or found unchanged, by its path in DIR, for the record.
        let written = Locked<[String: String]>([:])
        let remember: @Sendable ([BuildOutput], [OutputResult]) -> Void = { outputs, results in
            let hashes = zip(outputs, results).compactMap { output, result in result.sha256.map { (output.fileName, $0) } }
            written.withLock { $0.merge(hashes) { $1 } }
        }
        remember(shared, sharedResults)
        var summary = BatchBuild.run(
            selected, runner: runner, workers: options.workers, progress: events.progress,
            report: { result in
                remember(result.job.outputs, result.outputs)
                events.log(log.withLock { $0.text(for: result) })
            })
        events.jobsFinished()
        summary.add(sharedResults)
        summary.usesCache = cache != nil
        try Self.recording { () throws(OutputError) in try record.wrote(written.withLock { $0 }) }

        var lines: [String] = []
        if options.prune {
            // What every variant of the whole build makes (all shards), not only this shard's.
            let everything = Set((plan.jobs.flatMap(\.outputs) + shared).map(\.fileName))
            let pruned = try Self.recording { () throws(OutputError) in try record.prune(current: everything) }
            if options.fileLines { lines += pruned.removed.map(DiagnosticRenderer.visible) }
            lines += pruned.notes.map(DiagnosticRenderer.visible)
            summary.stale = pruned.stale
            summary.failed += pruned.failed
        }
        record.forget(ifNothingBuilt: summary.rendered + summary.unchanged == 0)
        if let cache, !options.checkOnly, let line = cache.trimAfterBuild(maxBytes: options.cacheMaxBytes, limit: options.cacheMaxSizeText) {
            lines.append(line)
        }
        let seconds = Date().timeIntervalSince(started)
        if options.checkOnly {
            return Result(
                summary: summary, lines: lines, summaryLine: summary.checkText(seconds: seconds, shard: options.shard),
                succeeded: summary.upToDate && summary.failedVariants == 0)
        }
        return Result(
            summary: summary, lines: lines, summaryLine: summary.text(seconds: seconds, shard: options.shard),
            succeeded: summary.failedVariants == 0 && summary.failed == 0)
    }

    /// The variants of every scene under the paths; a plan with problems builds nothing.
    private func makePlan() throws(ProjectError) -> BuildPlan {
        let plan: BuildPlan
        do {
            plan = try BuildInputs.plan(
                paths: options.paths.isEmpty ? ["Scenes"] : options.paths, manifest: options.manifest,
                compiler: compiler, workers: options.workers, layout: options.layout)
        } catch {
            throw ProjectError(.usage, error.message)
        }
        guard plan.problems.isEmpty else {
            throw ProjectError(.plan, "build: nothing built; fix the problems above", problems: plan.renderProblems(style: style))
        }
        return plan
    }

    /// `--check` compares with a fresh render: a cache can come with the repository, and an
    /// entry's digest detects damage, not a forged entry beside a forged output.
    private func outputCache() -> OutputCache? {
        if options.checkOnly { return nil }
        switch options.cache {
        case .none: return nil
        case .folder(let folder): return OutputCache(location: ContainedFolder(root: folder), limits: compiler.limits)
        case .insideOutput:
            return OutputCache(location: ContainedFolder(root: options.output, below: OutputCache.defaultName), limits: compiler.limits)
        }
    }

    /// Links where the layout's folders, the cache or the record belong: one clear error, before
    /// anything is written.
    private func checkFolders(_ outputs: [BuildOutput], cache: OutputCache?) throws(ProjectError) {
        do {
            let contained = ContainedFolder(root: options.output)
            for folder in Set(outputs.map { FilePath.parent(of: $0.fileName) }).sorted() {
                try contained.checkFolder(folder)
            }
            try cache?.checkFolders()
        } catch {
            throw ProjectError(.usage, error.description, help: error.help)
        }
    }

    /// A step of the output record; a record that cannot be written stops the build.
    private static func recording<T>(_ step: () throws(OutputError) -> T) throws(ProjectError) -> T {
        do {
            return try step()
        } catch {
            throw ProjectError(.failure, error.description, help: error.help)
        }
    }

    /// The output folder, made with its parents when missing.
    private static func makeFolder(_ path: String) throws(ProjectError) {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isFolder: &isDirectory) {
            guard isDirectory else { throw ProjectError(.usage, "'\(path)' is a file; -o names the folder to write into") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ProjectError(.failure, "cannot create the folder '\(path)': \(FileErrorText.describe(error))")
        }
    }
}
