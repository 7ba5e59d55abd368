import SceneProject

/// What `scenec build` was asked to do, as `ProjectBuild` takes it: the command line's options
/// without their spelling.
public struct ProjectBuildOptions: Sendable {
    /// Where the build cache is kept.
    public enum Cache: Sendable, Equatable {
        /// `DIR/.scenec-cache` (the default).
        case insideOutput
        /// `--cache FOLDER`.
        case folder(String)
        /// `--no-cache`: every variant evaluated and rendered, the cache neither read nor written.
        case none
    }

    /// Folders to search for scenes, or scene files (empty: `Scenes`).
    public var paths: [String] = []
    /// `--manifest`, instead of the `scenes.json` files beside the scenes.
    public var manifest: String?
    /// `--layout`, over the manifests' own.
    public var layout: OutputLayout?
    /// `-o`: the folder the outputs go into, made when missing.
    public var output: String
    /// Variants worked on at once.
    public var workers = WorkQueue.defaultWorkers
    /// `--shard K/N`: only that slice of the variants.
    public var shard: Shard?
    /// `--check`: write nothing, compare every output with the file on disk.
    public var checkOnly = false
    /// `--prune`: remove the recorded outputs no variant makes any more.
    public var prune = false
    public var cache: Cache = .insideOutput
    /// `--cache-max-size`: the cache's bound in bytes (0: none), and as the user wrote it.
    public var cacheMaxBytes = OutputCache.defaultMaxBytes
    public var cacheMaxSizeText = ByteCount.text(OutputCache.defaultMaxBytes)
    /// `--deny-warnings`: a variant with warnings makes no file and fails.
    public var denyWarnings = false
    /// A line per file written (`rendered out/x.png`), or only the problems (under a progress bar).
    public var fileLines = true

    public init(output: String) {
        self.output = output
    }
}
