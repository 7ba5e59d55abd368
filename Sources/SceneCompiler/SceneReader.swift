#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneIO
import SceneSource

/// Where component files come from. The compiler asks for a `<use src=…>` path relative to the file
/// that names it; the reader resolves it, enforces the project boundary, and reads the bytes.
/// The file-system reader is what the command line uses; tests and the fuzzer use `MemoryReader`.
public protocol SceneReader: Sendable {
    /// The bytes of a file, by its resolved path: at most `maxBytes + 1`, so that a file over the
    /// size limit is reported by the parser without being read whole.
    func read(_ path: String, maxBytes: Int) throws(ReadProblem) -> [UInt8]
    /// A path that identifies the file (two spellings of one file give the same identity).
    func identity(of path: String) -> String
}

/// Why a component file cannot be used: said at the `src` attribute. `code` is
/// `.invalidComponentPath` when the path itself is refused, `.unreadableComponent` when the file
/// cannot be read.
public struct ReadProblem: Error, Sendable {
    public let code: DiagnosticCode
    public let message: String
    public let help: String?
    public init(_ code: DiagnosticCode, _ message: String, help: String? = nil) {
        self.code = code
        self.message = message
        self.help = help
    }
}

/// Paths as written in `src`: checked and joined without touching the file system.
public enum ComponentPath {
    /// Joins `src` to the folder of `includingPath` and normalizes `.` and `..`. URLs, absolute paths
    /// and paths that climb above `root` (a normalized folder, "" for the current one) are refused.
    public static func resolve(_ src: String, from includingPath: String, root: String) throws(ReadProblem) -> String {
        let trimmed = src.trimming(.spaces)
        guard !trimmed.isEmpty else {
            throw ReadProblem(.invalidComponentPath, "'src' is empty", help: "name a scene file, such as src=\"counter.scene\"")
        }
        if trimmed.contains("://") || trimmed.lowercased().hasPrefix("file:") || trimmed.lowercased().hasPrefix("data:") {
            throw ReadProblem(
                .invalidComponentPath, "components cannot be URLs: '\(trimmed)'",
                help: "copy the scene into the project and name it by a relative path")
        }
        if trimmed.hasPrefix("/") || trimmed.hasPrefix("~") || trimmed.hasPrefix("\\") {
            throw ReadProblem(
                .invalidComponentPath, "component paths must be relative to the file that uses them, not absolute: '\(trimmed)'",
                help: "write the path from this file's folder, such as src=\"widgets/counter.scene\"")
        }
        guard trimmed.hasSuffix(".scene") else {
            throw ReadProblem(.invalidComponentPath, "a component is a .scene file, not '\(trimmed)'", help: "name a file ending in .scene")
        }
        let folder = includingPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let joined = folder.isEmpty ? trimmed : folder + "/" + trimmed
        guard let normalized = normalize(joined), isInside(normalized, root: root) else {
            throw ReadProblem(
                .invalidComponentPath, "'\(trimmed)' leaves the project folder\(root.isEmpty ? "" : " '\(root)'")",
                help: "components must live inside the project; copy the scene in")
        }
        return normalized
    }

    /// `a/./b/../c` → `a/c`; see `FilePath.normalize`.
    static func normalize(_ path: String) -> String? { FilePath.normalize(path) }

    /// Compared as absolute paths, so a relative project folder and an absolute scene path (or the
    /// other way round) still agree.
    static func isInside(_ path: String, root: String) -> Bool {
        FilePath.isInside(FilePath.absolute(path), folder: FilePath.absolute(root.isEmpty ? "." : root))
    }

    /// The folder of a path as written ("Scenes/flo.scene" → "Scenes", "flo.scene" → "").
    public static func folder(of path: String) -> String {
        guard let normalized = FilePath.normalize(path) else { return "" }
        let parent = FilePath.parent(of: normalized)
        return parent == "." ? "" : parent
    }
}

/// Reads component files from disk. Symbolic links are followed and must stay inside the project.
public struct FileSystemReader: SceneReader {
    /// The project folder, as written (relative or absolute).
    public let root: String
    public init(root: String) { self.root = root }

    public func read(_ path: String, maxBytes: Int) throws(ReadProblem) -> [UInt8] {
        // Links are followed, but must end inside the project.
        if let real = FilePath.resolved(path), let realRoot = FilePath.resolved(root.isEmpty ? "." : root),
            !FilePath.isInside(real, folder: realRoot)
        {
            throw ReadProblem(
                .invalidComponentPath, "'\(path)' is a link to a file outside the project folder",
                help: "components must live inside the project; copy the scene in")
        }
        do {
            return try InputFile.read(path, maxBytes: maxBytes).bytes
        } catch {
            switch error.kind {
            case .missing: throw ReadProblem(.unreadableComponent, error.message, help: "the path is relative to the file that uses it")
            default: throw ReadProblem(.unreadableComponent, error.message, help: error.help)
            }
        }
    }

    public func identity(of path: String) -> String {
        FilePath.resolved(path) ?? FilePath.absolute(path)
    }
}

/// Component files held in memory, by normalized path: for tests, the fuzzer and the preview server.
public struct MemoryReader: SceneReader {
    public let files: [String: [UInt8]]
    public init(_ files: [String: String]) { self.files = files.mapValues { Array($0.utf8) } }

    public func read(_ path: String, maxBytes: Int) throws(ReadProblem) -> [UInt8] {
        guard let bytes = files[path] else {
            throw ReadProblem(.unreadableComponent, "cannot read '\(path)': no such file", help: "the path is relative to the file that uses it")
        }
        return Array(bytes.prefix(max(0, maxBytes) + 1))
    }

    public func identity(of path: String) -> String { path }
}
