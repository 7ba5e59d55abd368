#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Synchronization

/// Every file this process read as a source (a scene, a component, a manifest, a report it merges),
/// by device and inode, so that no output ever replaces one: `dump a.scene -o a.scene`, a build
/// output named like a component, a `--junit` that names a scene. The writers (`AtomicFile`,
/// `AtomicFolder`, the review page) ask here before they touch a path, whichever command calls them,
/// so the rule holds for every command that writes rather than for those that remembered to check.
/// Identities are compared, not paths: a link, a hard link or `..` does not hide a source.
public enum SourceFiles {
    private static let known = Mutex<[FileIdentity: String]>([:])

    /// Remembers a file read as a source, under the path it was read by (for messages).
    public static func record(_ identity: FileIdentity, path: String) {
        known.withLock { if $0[identity] == nil { $0[identity] = path } }
    }

    /// The path a source was read by when `path` (links followed) is that source, else nil.
    public static func source(at path: String) -> String? {
        guard let identity = FileIdentity.of(path) else { return nil }
        return known.withLock { $0[identity] }
    }

    /// The path a source was read by when `identity` is that source's, else nil.
    public static func source(identity: FileIdentity) -> String? {
        known.withLock { $0[identity] }
    }

    /// A source that lies inside the folder `path` (at any depth, links resolved), if any: a
    /// writer that replaces a whole folder must not take a source with it.
    public static func source(inside folder: String) -> String? {
        guard let realFolder = FilePath.resolved(folder) else { return nil }
        let paths = known.withLock { Array($0.values) }
        return paths.sorted().first { path in
            FilePath.resolved(path).map { FilePath.isInside($0, folder: realFolder) } ?? false
        }
    }

    /// The error for an output that is a source: nothing was written.
    public static func refusal(_ output: String, source: String) -> OutputError {
        let same = output == source ? "" : " (the same file as '\(output)')"
        return OutputError(
            "refusing to write '\(output)': it is '\(source)'\(same), a file this command reads; "
                + "writing it would destroy it; name another output file", path: output)
    }

    /// For tests: forget every source.
    public static func reset() { known.withLock { $0 = [:] } }
}
