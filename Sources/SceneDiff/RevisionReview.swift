import SceneCompiler
import SceneIO
import SceneProject

/// `scenec diff --rev` over a repository, from its options to its result: the repository that
/// holds the folder found, the render cache chosen and checked, the revisions resolved, every
/// variant a change can reach compared (`Review.revisions`), the cache trimmed. The command line
/// maps its options to `Options`, then prints and writes what the result holds; every failure is a
/// `ProjectError` of kind `.usage` (exit status 2), saying what to do.
public struct RevisionReview: Sendable {
    /// Where renders are kept by the hash of their inputs, so that a variant unchanged since an
    /// earlier review is not rendered again.
    public enum Cache: Sendable, Equatable {
        /// `scenec-cache` in the repository's `.git` folder (`defaultCache(of:)`).
        case inGitFolder
        /// `--cache FOLDER`.
        case folder(String)
        /// `--no-cache`: every variant rendered, the cache neither read nor written.
        case none
    }

    public struct Options: Sendable {
        /// `--rev`: the two sides compared.
        public var range: RevisionRange
        /// Folders or scene files to review (empty: `Scenes`).
        public var paths: [String] = []
        /// `--manifest`, instead of the `scenes.json` files beside the scenes.
        public var manifest: String?
        public var cache: Cache = .inGitFolder
        /// Variants compared at once.
        public var workers = WorkQueue.defaultWorkers
        /// How each variant is compared: scale, tolerance, threshold, which halves.
        public var review = ReviewOptions()

        public init(range: RevisionRange) {
            self.range = range
        }
    }

    public let options: Options
    public let compiler: SceneCompiler

    public init(_ options: Options, compiler: SceneCompiler = SceneCompiler()) {
        self.options = options
        self.compiler = compiler
    }

    /// Runs the review from `folder`, the folder the paths are relative to: the command line's
    /// current folder. (The working tree's side is read from the current folder too, so a caller
    /// that gives another folder gives absolute paths.)
    public func run(in folder: String = ".") throws(ProjectError) -> (ReviewResult, ReviewImages) {
        let repository: GitRepository
        do { repository = try GitRepository(at: folder) } catch { throw ProjectError(.usage, error.description, help: error.help) }
        let renderCache = try cache(of: repository)
        defer { renderCache?.trim(maxBytes: OutputCache.defaultMaxBytes) }
        let commits = try options.range.commits(in: repository)
        let comparer = VariantComparer(compiler: compiler, options: options.review, renderCache: renderCache)
        return try Review.revisions(
            repository: repository, range: options.range, commits: commits,
            paths: options.paths.isEmpty ? ["Scenes"] : options.paths, manifest: options.manifest,
            comparer: comparer, workers: options.workers)
    }

    /// The render cache asked for, checked before any render: a link where a folder of it
    /// belongs is one clear error rather than a cache that silently misses. nil with `.none`, and
    /// for `.inGitFolder` when git does not name the repository's folder.
    func cache(of repository: GitRepository) throws(ProjectError) -> OutputCache? {
        let location: ContainedFolder?
        switch options.cache {
        case .none: location = nil
        case .folder(let folder): location = ContainedFolder(root: folder)
        case .inGitFolder: location = Self.defaultCache(of: repository)
        }
        guard let location else { return nil }
        let cache = OutputCache(location: location, limits: compiler.limits)
        do { try cache.checkFolders() } catch { throw ProjectError(.usage, error.description, help: error.help) }
        return cache
    }

    /// `scenec-cache` in the repository's own folder (`.git`, shared by its worktrees), which git
    /// never lists as untracked; reached without following a link below `.git` (a `--cache` folder
    /// the user names may be one). nil when git does not say where that folder is. `scenec cache`
    /// looks there too.
    public static func defaultCache(of repository: GitRepository) -> ContainedFolder? {
        repository.gitFolder().map { ContainedFolder(root: $0, below: "scenec-cache") }
    }
}
