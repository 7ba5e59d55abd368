#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneIO

/// A scene file found for a build.
public struct SceneFileRef: Sendable, Hashable {
    /// As the user would name it: the PATH argument joined with the path below it.
    public let path: String
    /// Absolute and standardized, to match manifest entries against.
    public let absolutePath: String
    /// The project folder its components must stay inside: the folder PATH it was found under
    /// (for a scene file named directly, its own folder), unless `--project` names another.
    public let projectRoot: String

    public init(path: String, projectRoot: String? = nil) {
        self.path = path
        self.absolutePath = FilePath.absolute(path)
        self.projectRoot = projectRoot ?? FilePath.parent(of: path)
    }

    /// The file's name without `.scene`: the default variant's name.
    public var baseName: String { FilePath.baseName(of: path, dropping: ".scene") }
}

/// Finds the scenes and the manifests of a build on disk. Everything after this is pure.
public enum SceneDiscovery {
    /// The manifest looked for beside the scenes when `--manifest` is not given.
    public static let manifestName = "scenes.json"
    /// Folders deeper than this below a PATH are not searched (a guard against link loops).
    static let maxDepth = 32

    /// What was found: the scenes, sorted by path, each once; and the files that were passed over
    /// because they lead out of the folder they were found in (links), which the build reports.
    public struct Found: Sendable {
        public var scenes: [SceneFileRef] = []
        public var refused: [String] = []
        /// Scene files and folders whose name is not UTF-8 (each invalid byte written `\xFF`): they
        /// cannot be named in a message, a manifest or an output, so they are reported, not skipped.
        public var notUTF8: [String] = []
        public init(scenes: [SceneFileRef] = [], refused: [String] = [], notUTF8: [String] = []) {
            self.scenes = scenes
            self.refused = refused
            self.notUTF8 = notUTF8
        }

        /// The message for a name in `notUTF8`.
        public static func notUTF8Message(_ path: String) -> String {
            "'\(path)': the name is not UTF-8, so scenec cannot name it in messages, manifests and outputs; it is not read"
        }
        public static let notUTF8Help = "rename it with a UTF-8 name"
    }

    /// Every `*.scene` under the folders and every named file, sorted by path, each once.
    /// A missing path, a file that is not a scene, or a folder without scenes is a usage error.
    /// A scene that is a link to a file outside the folder PATH is refused (never read): a change
    /// under review must not make the build read, and print, files from elsewhere on the machine.
    /// The scenes a command line names with `path` (check, export): a file is taken whatever its
    /// extension; a folder is searched as `scenes(in:)` searches it.
    public static func named(_ path: String, projectRoot: String? = nil) throws(UsageError) -> Found {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: path, isFolder: &isFolder), !isFolder else {
            return try scenes(in: [path], projectRoot: projectRoot)
        }
        var found = Found()
        found.scenes = [SceneFileRef(path: path, projectRoot: projectRoot)]
        return found
    }

    public static func scenes(in paths: [String], projectRoot: String? = nil) throws(UsageError) -> Found {
        let fm = FileManager.default
        var found = Found()
        for path in paths {
            var isDirectory = false
            guard fm.fileExists(atPath: path, isFolder: &isDirectory) else {
                throw UsageError("cannot read '\(path)': no such file or folder")
            }
            if isDirectory {
                var inFolder = Found()
                let root = FilePath.resolved(path) ?? FilePath.absolute(path)
                walk(path, depth: 0, root: root, projectRoot: projectRoot ?? path, into: &inFolder)
                guard !inFolder.scenes.isEmpty || !inFolder.refused.isEmpty || !inFolder.notUTF8.isEmpty else {
                    throw UsageError("no .scene files under '\(path)'; name a folder of scenes or the scene files")
                }
                found.scenes += inFolder.scenes
                found.refused += inFolder.refused
                found.notUTF8 += inFolder.notUTF8
            } else {
                guard path.hasSuffix(".scene") else {
                    let hint = path.hasSuffix(".json") ? "; pass a manifest with --manifest \(path)" : ""
                    throw UsageError("'\(path)' is not a .scene file\(hint)")
                }
                found.scenes.append(SceneFileRef(path: path, projectRoot: projectRoot))
            }
        }
        var seen = Set<String>()
        found.scenes = found.scenes.filter { seen.insert($0.absolutePath).inserted }.sorted { $0.path < $1.path }
        return found
    }

    /// Hidden files and folders are skipped; links to folders are not followed; links to files
    /// are taken only when they end inside `root` (the folder PATH, links resolved).
    /// A scene file or folder whose name is not UTF-8 is reported in `notUTF8`, never skipped silently.
    private static func walk(_ folder: String, depth: Int, root: String, projectRoot: String, into found: inout Found) {
        let fm = FileManager.default
        guard depth <= maxDepth, let entries = (try? ContainedFolder(root: folder).entries()) ?? nil else { return }
        for item in entries where !item.name.hasPrefix(".") {
            let entry = item.name
            let path = FilePath.join(folder, entry)
            guard item.isUTF8 else {
                if item.kind == .folder || entry.hasSuffix(".scene") { found.notUTF8.append(path) }
                continue
            }
            var isDirectory = false
            guard fm.fileExists(atPath: path, isFolder: &isDirectory) else { continue }
            let isLink = item.kind == .link
            if isDirectory {
                if !isLink { walk(path, depth: depth + 1, root: root, projectRoot: projectRoot, into: &found) }
            } else if entry.hasSuffix(".scene") {
                if isLink, let real = FilePath.resolved(path), !FilePath.isInside(real, folder: root) {
                    found.refused.append(path)
                    continue
                }
                found.scenes.append(SceneFileRef(path: path, projectRoot: projectRoot))
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
            var isDirectory = false
            guard fm.fileExists(atPath: path, isFolder: &isDirectory) else { continue }
            let folder = isDirectory ? path : FilePath.parent(of: path)
            let candidate = FilePath.join(folder, manifestName)
            if fm.fileExists(atPath: candidate), seen.insert(FilePath.absolute(candidate)).inserted {
                found.append(candidate)
            }
        }
        return found
    }
}
