#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneIO
import SceneProject
import SceneSource

/// `scenec test` over a project, from its options to its run: the plan, the reference folder and
/// the pass cache chosen and checked, every variant (each appearance apart) compared with its
/// references on all cores, `--prune`'s removal of orphaned references, the cache trimmed. The
/// command line maps its options to `Options`, then prints and writes what the `Result` holds.
public struct ProjectTest: Sendable {
    public struct Options: Sendable {
        /// Where clean passes are remembered.
        public enum Cache: Sendable, Equatable {
            /// `.scenec/cache` in the current folder, reached without following a link.
            case inRepository
            /// `--cache FOLDER`.
            case folder(String)
            /// `--no-cache`.
            case none
        }

        /// Folders to search for scenes, or scene files (empty: `Scenes`).
        public var paths: [String] = []
        public var manifest: String?
        public var workers = WorkQueue.defaultWorkers
        /// `--shard K/N` as written (the reports name it), and the slice it selects.
        public var shardText: String?
        public var shard: Shard?
        /// `--snapshots`: the reference folder (default: `__snapshots__` in the first path).
        public var snapshots: String?
        public var mode: RecordMode = .missing
        /// `--prune`: remove the references no variant claims.
        public var prune = false
        public var cache: Cache = .inRepository

        public init() {}
    }

    public struct Result: Sendable {
        public let run: SnapshotRun
        public let store: SnapshotStore
        /// What `--prune` did, a line per orphan, escaped for a terminal already.
        public let pruneLines: [String]
        /// Variants that passed with the same inputs and references before and were not looked at again.
        public let fromCache: Int
        /// The pass cache's folder, when there is one.
        public let cacheFolder: String?
    }

    public let options: Options
    public let compiler: SceneCompiler
    /// How the plan's problems are rendered.
    public let style: DiagnosticRenderer.Style

    public init(_ options: Options, compiler: SceneCompiler = SceneCompiler(), style: DiagnosticRenderer.Style = .rich) {
        self.options = options
        self.compiler = compiler
        self.style = style
    }

    public func run() throws(ProjectError) -> Result {
        let scenePaths = options.paths.isEmpty ? ["Scenes"] : options.paths
        let variants: BuildPlan
        do {
            variants = try BuildInputs.plan(paths: scenePaths, manifest: options.manifest, compiler: compiler, workers: options.workers)
        } catch {
            throw ProjectError(.usage, error.message)
        }
        guard variants.problems.isEmpty else {
            throw ProjectError(.plan, "test: nothing tested; fix the problems above", problems: variants.renderProblems(style: style))
        }
        var isFolder = false
        _ = FileManager.default.fileExists(atPath: scenePaths[0], isFolder: &isFolder)
        // --snapshots DIR is the user's (followed if a link); the default PATH/__snapshots__ is the
        // repository's, and is never reached through a link.
        let store =
            options.snapshots.map { SnapshotStore(folder: $0) }
            ?? SnapshotStore(location: SnapshotStore.defaultLocation(for: scenePaths[0], isFolder: isFolder))
        let passCache: OutputCache?
        switch options.cache {
        case .none: passCache = nil
        case .folder(let folder): passCache = OutputCache(location: ContainedFolder(root: folder), limits: compiler.limits)
        case .inRepository: passCache = OutputCache(location: ContainedFolder(root: ".", below: ".scenec/cache"), limits: compiler.limits)
        }
        var orphans: [String]
        do {
            // A link where the snapshot folder or the cache belongs: one clear error, before any test.
            try store.location.checkFolder()
            try passCache?.checkFolders()
            orphans = try store.orphans(keeping: variants.jobs.flatMap(\.perAppearance))
        } catch {
            throw ProjectError(.usage, error.description, help: error.help)
        }
        let tester = SnapshotTester(compiler: compiler, store: store, mode: options.mode, cache: passCache)
        // Each appearance has references of its own (`NAME~dark.dump`, …); a shard keeps a variant's two together.
        let selected = (options.shard?.select(variants.jobs) ?? variants.jobs).flatMap(\.perAppearance)
        let collected = Locked([SnapshotResult?](repeating: nil, count: selected.count))
        WorkQueue.run(
            count: selected.count, workers: options.workers, work: { tester.test(selected[$0]) },
            deliver: { index, result in collected.withLock { $0[index] = result } })
        let results = collected.withLock { $0 }.compactMap { $0 }

        // References of variants that are gone (listed before the tests wrote any); a shard knows
        // every variant of the plan too.
        var pruneLines: [String] = []
        if options.prune {
            (orphans, pruneLines) = Self.prune(orphans, in: store)
        }
        passCache?.trim(maxBytes: OutputCache.defaultMaxBytes)
        return Result(
            run: SnapshotRun(results: results, orphans: orphans, shard: options.shardText), store: store,
            pruneLines: pruneLines.map(DiagnosticRenderer.visible), fromCache: results.filter(\.fromCache).count,
            cacheFolder: passCache?.folder)
    }

    /// Removes the orphans that hold what scenec writes; returns those kept, and a line for each.
    static func prune(_ orphans: [String], in store: SnapshotStore) -> (kept: [String], lines: [String]) {
        var kept: [String] = []
        var lines: [String] = []
        for path in orphans {
            do {
                if try store.removeOrphan(path) {
                    lines.append("removed \(path)")
                } else {
                    lines.append(
                        "kept \(path): not a reference scenec writes (a .png that is a PNG, "
                            + "a .dump that starts with 'scene'); remove it by hand if you do not need it")
                    kept.append(path)
                }
            } catch {
                lines.append("scenec: error: cannot remove '\(path)': \(error.description)")
                kept.append(path)
            }
        }
        return (kept, lines)
    }
}
