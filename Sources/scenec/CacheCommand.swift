import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneDiff
import SceneIO
import SceneProject

/// `scenec cache`: what the caches of `build`, `test` and `diff --rev` hold, and pruning them by
/// hand (the commands trim their own cache after each run; this is for CI's persisted folders, a
/// full disk, or starting over), as `ccache --show-stats`, `--max-size` and `--clear` do.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show how much the render caches hold, prune them to a size or clear them.",
        discussion: """
            A cache folder holds outputs under a SHA-256 of everything they depend on (docs/build.md, "Incremental \
            builds"). Without DIR: the caches of 'scenec test' (.scenec/cache) and 'scenec diff --rev' (scenec-cache \
            in the repository's .git folder) that exist. A build's cache is DIR/.scenec-cache beside its outputs, or \
            the folder given to its --cache: name it. Only cache entries are ever removed (files named by a key in \
            folders named by its first two characters); anything else in DIR is left alone.
            """)

    @Argument(
        help: ArgumentHelp(
            "Cache folders (default: .scenec/cache and the repository's .git/scenec-cache, when they "
                + "exist).", valueName: "dir"))
    var folders: [String] = []

    @Option(
        name: .customLong("max-size"),
        help: ArgumentHelp(
            "Remove the least recently used entries until the folder takes at most SIZE: a number of bytes "
                + "with an optional K, M or G (1024-based).", valueName: "size"))
    var maxSize: ByteSize?

    @Flag(help: "Remove every entry.")
    var clear = false

    func validate() throws {
        if clear, maxSize != nil { throw ValidationError("--clear and --max-size exclude each other; give one") }
    }

    func run() throws {
        let named = !folders.isEmpty
        // A folder named here is the user's (followed if a link); the default ones are walked
        // without following a link below the current folder or .git.
        let candidates = named ? folders.map { ContainedFolder(root: $0) } : Self.defaultFolders()
        var found: [ContainedFolder] = []
        for location in candidates {
            let kind: ContainedFolder.Kind?
            do {
                kind = location.below.isEmpty ? Self.kind(of: location.root) : try location.kind(of: "")
            } catch {
                throw CommandError(error.description, help: error.help)
            }
            if kind == .folder {
                found.append(location)
            } else if named {
                throw CommandError(
                    kind == nil ? "no cache folder at '\(location.path)'" : "'\(location.path)' is a file, not a cache folder",
                    help: "a build's cache is OUTPUT/.scenec-cache (or its --cache folder); 'scenec test' "
                        + "keeps .scenec/cache")
            }
        }
        guard !found.isEmpty else {
            throw CommandError(
                "no cache here: neither .scenec/cache nor the repository's .git/scenec-cache exists",
                help: "name a build's cache folder, such as 'scenec cache build/.scenec-cache'")
        }
        var lines = ""
        var linked: [String] = []
        for location in found {
            let folder = location.path
            let cache = OutputCache(location: location, limits: CompilerLimits())
            let after: OutputCache.Trim
            if clear || maxSize != nil {
                let target = maxSize?.bytes ?? 0
                let done = cache.prune(above: target, downTo: target)
                after = OutputCache.Trim(entries: done.entries - done.removed, bytes: done.bytes - done.removedBytes, links: done.links)
                lines += "\(folder): removed \(Self.count(done.removed)) (\(ByteSize.describe(done.removedBytes))); "
                if done.removed < done.entries && after.bytes > target {
                    Console.error("scenec: warning: \(folder): \(Self.count(after.entries)) could not be removed (permissions?)\n")
                }
            } else {
                after = cache.usage()
                lines += "\(folder): "
            }
            lines += "\(Self.count(after.entries)), \(ByteSize.describe(after.bytes))\n"
            linked += after.links
        }
        try Console.output(lines)
        // A link where a shard folder or an entry belongs was left alone: say so, and fail.
        if let first = linked.first {
            throw CommandError(
                "'\(first)' is a symbolic link; scenec removes and counts only cache entries it reaches without "
                    + "following links" + (linked.count > 1 ? " (and \(linked.count - 1) more)" : ""),
                help: "remove the link: scenec never puts one in a cache")
        }
    }

    /// What is at the folder the user named (a link followed: it is theirs).
    static func kind(of path: String) -> ContainedFolder.Kind? {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: path, isFolder: &isFolder) else { return nil }
        return isFolder ? .folder : .file
    }

    static func count(_ entries: Int) -> String { entries == 1 ? "1 entry" : "\(entries) entries" }

    /// The folders `scenec test` and `scenec diff --rev` use when given none.
    static func defaultFolders() -> [ContainedFolder] {
        var folders = [ContainedFolder(root: ".", below: ".scenec/cache")]
        if let repository = try? GitRepository(at: "."), let folder = RevisionReview.defaultCache(of: repository) {
            folders.append(folder)
        }
        return folders
    }
}
