import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SceneBuild
import SceneCompiler
import SceneDiff
import SceneIO

/// `scenec cache`: what the caches of `build`, `test` and `diff --rev` hold, and pruning them by
/// hand (the commands trim their own cache after each run; this is for CI's persisted folders, a
/// full disk, or starting over), as `ccache --show-stats`, `--max-size` and `--clear` do.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show how much the render caches hold, prune them to a size or clear them.",
        discussion: """
            A cache folder holds outputs under a SHA-256 of everything they depend on (README, "Incremental \
            builds"). Without DIR: the caches of 'scenec test' (.scenec/cache) and 'scenec diff --rev' (scenec-cache \
            in the repository's .git folder) that exist. A build's cache is DIR/.scenec-cache beside its outputs, or \
            the folder given to its --cache: name it. Only cache entries are ever removed (files named by a key in \
            folders named by its first two characters); anything else in DIR is left alone.
            """)

    @Argument(help: ArgumentHelp("Cache folders (default: .scenec/cache and the repository's .git/scenec-cache, when they "
                                 + "exist).", valueName: "dir"))
    var folders: [String] = []

    @Option(name: .customLong("max-size"),
            help: ArgumentHelp("Remove the least recently used entries until the folder takes at most SIZE: a number of bytes "
                               + "with an optional K, M or G (1024-based).", valueName: "size"))
    var maxSize: ByteSize?

    @Flag(help: "Remove every entry.")
    var clear = false

    func validate() throws {
        if clear, maxSize != nil { throw ValidationError("--clear and --max-size exclude each other; give one") }
    }

    func run() throws {
        let named = !folders.isEmpty
        let candidates = named ? folders : Self.defaultFolders()
        var found: [String] = []
        for folder in candidates {
            var isFolder = false
            if FileManager.default.fileExists(atPath: folder, isFolder: &isFolder), isFolder {
                found.append(folder)
            } else if named {
                throw CommandError(isFolder || !FileManager.default.fileExists(atPath: folder)
                                       ? "no cache folder at '\(folder)'" : "'\(folder)' is a file, not a cache folder",
                                   help: "a build's cache is OUTPUT/.scenec-cache (or its --cache folder); 'scenec test' "
                                       + "keeps .scenec/cache")
            }
        }
        guard !found.isEmpty else {
            throw CommandError("no cache here: neither .scenec/cache nor the repository's .git/scenec-cache exists",
                               help: "name a build's cache folder, such as 'scenec cache build/.scenec-cache'")
        }
        var lines = ""
        for folder in found {
            let cache = OutputCache(folder: folder, limits: CompilerLimits())
            let after: OutputCache.Trim
            if clear || maxSize != nil {
                let target = maxSize?.bytes ?? 0
                let done = cache.prune(above: target, downTo: target)
                after = OutputCache.Trim(entries: done.entries - done.removed, bytes: done.bytes - done.removedBytes)
                lines += "\(folder): removed \(Self.count(done.removed)) (\(ByteSize.describe(done.removedBytes))); "
                if done.removed < done.entries && after.bytes > target {
                    Console.error("scenec: warning: \(folder): \(Self.count(after.entries)) could not be removed (permissions?)\n")
                }
            } else {
                after = cache.usage()
                lines += "\(folder): "
            }
            lines += "\(Self.count(after.entries)), \(ByteSize.describe(after.bytes))\n"
        }
        try Console.output(lines)
    }

    static func count(_ entries: Int) -> String { entries == 1 ? "1 entry" : "\(entries) entries" }

    /// The folders `scenec test` and `scenec diff --rev` use when given none.
    static func defaultFolders() -> [String] {
        var folders = [".scenec/cache"]
        if let repository = try? GitRepository(at: "."), let git = repository.gitFolder() {
            folders.append(FilePath.join(git, "scenec-cache"))
        }
        return folders
    }
}
