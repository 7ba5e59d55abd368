import Foundation

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

/// Why a component file cannot be used: said at the `src` attribute.
public struct ReadProblem: Error, Sendable {
    public let message: String
    public let help: String?
    public init(_ message: String, help: String? = nil) { self.message = message; self.help = help }
}

/// Paths as written in `src`: checked and joined without touching the file system.
public enum ComponentPath {
    /// Joins `src` to the folder of `includingPath` and normalizes `.` and `..`. URLs, absolute paths
    /// and paths that climb above `root` (a normalized folder, "" for the current one) are refused.
    public static func resolve(_ src: String, from includingPath: String, root: String) throws(ReadProblem) -> String {
        let trimmed = src.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ReadProblem("'src' is empty", help: "name a scene file, such as src=\"counter.scene\"") }
        if trimmed.contains("://") || trimmed.lowercased().hasPrefix("file:") || trimmed.lowercased().hasPrefix("data:") {
            throw ReadProblem("components cannot be URLs: '\(trimmed)'",
                              help: "copy the scene into the project and name it by a relative path")
        }
        if trimmed.hasPrefix("/") || trimmed.hasPrefix("~") || trimmed.hasPrefix("\\") {
            throw ReadProblem("component paths must be relative to the file that uses them, not absolute: '\(trimmed)'",
                              help: "write the path from this file's folder, such as src=\"widgets/counter.scene\"")
        }
        guard trimmed.hasSuffix(".scene") else {
            throw ReadProblem("a component is a .scene file, not '\(trimmed)'", help: "name a file ending in .scene")
        }
        let folder = includingPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let joined = folder.isEmpty ? trimmed : folder + "/" + trimmed
        guard let normalized = normalize(joined), isInside(normalized, root: root) else {
            throw ReadProblem("'\(trimmed)' leaves the project folder\(root.isEmpty ? "" : " '\(root)'")",
                              help: "components must live inside the project; copy the scene in")
        }
        return normalized
    }

    /// `a/./b/../c` → `a/c`; nil when `..` climbs above the start of a relative path.
    static func normalize(_ path: String) -> String? {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." { parts.removeLast(); continue }
                if absolute { return nil }
                parts.append(part)
                continue
            }
            parts.append(part)
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    static func isInside(_ path: String, root: String) -> Bool {
        let climbs = { (p: String) in p.split(separator: "/").prefix(while: { $0 == ".." }).count }
        if root.isEmpty { return climbs(path) == 0 }
        guard let normalizedRoot = normalize(root) else { return false }
        if normalizedRoot == "" || normalizedRoot == "." { return climbs(path) == 0 }
        return path == normalizedRoot || path.hasPrefix(normalizedRoot.hasSuffix("/") ? normalizedRoot : normalizedRoot + "/")
    }

    /// The folder of a path as written ("Scenes/flo.scene" → "Scenes", "flo.scene" → "").
    public static func folder(of path: String) -> String {
        guard let normalized = normalize(path) else { return "" }
        return normalized.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    }
}

/// Reads component files from disk. Symbolic links are followed and must stay inside the project.
public struct FileSystemReader: SceneReader {
    /// The project folder, as written (relative or absolute).
    public let root: String
    public init(root: String) { self.root = root }

    public func read(_ path: String, maxBytes: Int) throws(ReadProblem) -> [UInt8] {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let realRoot = URL(fileURLWithPath: root.isEmpty ? "." : root).resolvingSymlinksInPath().path
        guard real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
            throw ReadProblem("'\(path)' is a link to a file outside the project folder",
                              help: "components must live inside the project; copy the scene in")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadProblem("cannot read '\(path)': no such file", help: "the path is relative to the file that uses it")
        }
        guard !isDirectory.boolValue else { throw ReadProblem("'\(path)' is a folder, not a scene file") }
        guard let handle = FileHandle(forReadingAtPath: path),
              let data = try? handle.read(upToCount: max(0, maxBytes) + 1) else {
            throw ReadProblem("cannot read '\(path)': permission denied or unreadable")
        }
        try? handle.close()
        return [UInt8](data)
    }

    public func identity(of path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}

/// Component files held in memory, by normalized path: for tests, the fuzzer and the preview server.
public struct MemoryReader: SceneReader {
    public let files: [String: [UInt8]]
    public init(_ files: [String: String]) { self.files = files.mapValues { Array($0.utf8) } }

    public func read(_ path: String, maxBytes: Int) throws(ReadProblem) -> [UInt8] {
        guard let bytes = files[path] else {
            throw ReadProblem("cannot read '\(path)': no such file", help: "the path is relative to the file that uses it")
        }
        return Array(bytes.prefix(max(0, maxBytes) + 1))
    }

    public func identity(of path: String) -> String { path }
}
