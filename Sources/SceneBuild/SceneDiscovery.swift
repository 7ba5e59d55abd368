import Foundation
import SceneCompiler

/// A scene file found for a build.
public struct SceneFileRef: Sendable, Hashable {
    /// As the user would name it: the PATH argument joined with the path below it.
    public let path: String
    /// Absolute and standardized, to match manifest entries against.
    public let absolutePath: String

    public init(path: String) {
        self.path = path
        self.absolutePath = SceneDiscovery.absolute(path)
    }

    /// The file's name without `.scene`: the default variant's name.
    public var baseName: String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".scene") { name.removeLast(6) }
        return name
    }
}

/// Finds the scenes and the manifests of a build on disk. Everything after this is pure.
public enum SceneDiscovery {
    /// The manifest looked for beside the scenes when `--manifest` is not given.
    public static let manifestName = "scenes.json"
    /// Folders deeper than this below a PATH are not searched (a guard against link loops).
    static let maxDepth = 32

    /// Every `*.scene` under the folders and every named file, sorted by path, each once.
    /// A missing path, a file that is not a scene, or a folder without scenes is a usage error.
    public static func scenes(in paths: [String]) throws(UsageError) -> [SceneFileRef] {
        let fm = FileManager.default
        var found: [SceneFileRef] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError("cannot read '\(path)': no such file or folder")
            }
            if isDirectory.boolValue {
                var inFolder: [SceneFileRef] = []
                walk(path, depth: 0, into: &inFolder)
                guard !inFolder.isEmpty else {
                    throw UsageError("no .scene files under '\(path)'; name a folder of scenes or the scene files")
                }
                found += inFolder
            } else {
                guard path.hasSuffix(".scene") else {
                    let hint = path.hasSuffix(".json") ? "; pass a manifest with --manifest \(path)" : ""
                    throw UsageError("'\(path)' is not a .scene file\(hint)")
                }
                found.append(SceneFileRef(path: path))
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.absolutePath).inserted }.sorted { $0.path < $1.path }
    }

    /// Hidden files and folders are skipped; links to folders are not followed.
    private static func walk(_ folder: String, depth: Int, into found: inout [SceneFileRef]) {
        let fm = FileManager.default
        guard depth <= maxDepth, let entries = try? fm.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = join(folder, entry)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if (try? fm.destinationOfSymbolicLink(atPath: path)) == nil {
                    walk(path, depth: depth + 1, into: &found)
                }
            } else if entry.hasSuffix(".scene") {
                found.append(SceneFileRef(path: path))
            }
        }
    }

    /// The manifests that apply without `--manifest`: `scenes.json` in each folder named, and
    /// beside each scene file named. Sorted, each once.
    public static func manifests(for paths: [String]) -> [String] {
        let fm = FileManager.default
        var found: [String] = []
        var seen = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let folder = isDirectory.boolValue ? path : parent(of: path)
            let candidate = join(folder, manifestName)
            if fm.fileExists(atPath: candidate), seen.insert(absolute(candidate)).inserted {
                found.append(candidate)
            }
        }
        return found
    }

    /// `folder/name`, and just `name` in `.` (so messages say `scenes.json`, not `./scenes.json`).
    static func join(_ folder: String, _ name: String) -> String {
        if folder == "." || folder == "./" { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Absolute and standardized (no `.` or `..`), without resolving links.
    public static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
