#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneDiff
import SceneIO

/// git hands textconv and difftool programs a temporary copy of an old version, away from the
/// components beside it (`/tmp/git-blob-XXXXXX/flo.scene`). Such a copy is compiled as if it lay
/// where its namesake lies in the project, so its `<use src>` paths find the project's components.
enum TemporaryCopy {
    /// The project a copy belongs to: `--project`, else the git repository of the current folder,
    /// else the current folder.
    static func project(_ given: String?) -> String {
        if let given { return given }
        if let repository = try? GitRepository(at: ".") { return repository.root }
        return "."
    }

    /// Where to compile `path` from: nil (itself) unless it is a temporary copy git made, outside
    /// the project; then the one scene file inside the project with the same name (git keeps the
    /// name), or nil when there is no such file or several. git names its copies
    /// `…/git-blob-XXXXXX/NAME` (older versions `…/XXXXXX_NAME`); any other file is taken as it is.
    static func home(of path: String, project: String) -> String? {
        let root = FilePath.resolved(project) ?? FilePath.absolute(project)
        let real = FilePath.resolved(path) ?? FilePath.absolute(path)
        if FilePath.isInside(real, folder: root) { return nil }
        var name = FilePath.fileName(of: path)
        let folder = FilePath.fileName(of: FilePath.parent(of: real))
        if folder.hasPrefix("git-blob-") {
            // git ≥ 2.x: the copy keeps its name in a folder of its own.
        } else if let underscore = name.firstIndex(of: "_"), name.distance(from: name.startIndex, to: underscore) == 6,
            name[..<underscore].allSatisfy({ $0.isLetter || $0.isNumber }), name.index(after: underscore) < name.endIndex
        {
            name = String(name[name.index(after: underscore)...])
        } else {
            return nil
        }
        var matches: [String] = []
        search(root, name: name, depth: 0, into: &matches)
        guard matches.count == 1 else { return nil }
        // Written relative to the current folder when inside it, as a user would name it.
        let current = FilePath.absolute(".")
        return FilePath.relative(matches[0], to: current) ?? matches[0]
    }

    private static func search(_ folder: String, name: String, depth: Int, into matches: inout [String]) {
        guard depth <= 16, matches.count < 2, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = FilePath.join(folder, entry)
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isFolder: &isDirectory) else { continue }
            if isDirectory {
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil {
                    search(path, name: name, depth: depth + 1, into: &matches)
                }
            } else if entry == name {
                matches.append(path)
            }
        }
    }
}
