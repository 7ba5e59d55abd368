#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneIO

/// Where a build's inputs come from: the scenes under its paths, the manifests beside them, and
/// the bytes of each. `WorkingTreeFiles` reads the file system; a review reads a git revision
/// through the same interface, so `scenec build`, `scenec diff --rev` and `scenec test` plan their
/// variants with one planner.
public protocol BuildFiles: Sendable {
    /// The scene files under the paths (folders searched recursively, or files), sorted.
    func scenes(in paths: [String], projectRoot: String?) throws(UsageError) -> SceneDiscovery.Found
    /// The `scenes.json` files that apply without `--manifest`.
    func manifests(for paths: [String]) -> [String]
    /// A manifest's bytes, at most `maxBytes + 1`; nil when there is no such file.
    func manifest(_ path: String, maxBytes: Int) throws(InputError) -> [UInt8]
    /// A scene loaded through the front door, its components read from the same place.
    func load(_ scene: SceneFileRef, with compiler: SceneCompiler) throws(InputError) -> LoadedScene
    /// Whether a scene file exists at an absolute path.
    func sceneExists(_ absolutePath: String) -> Bool
}

/// The file system, as `scenec build` reads it.
public struct WorkingTreeFiles: BuildFiles {
    public init() {}

    public func scenes(in paths: [String], projectRoot: String?) throws(UsageError) -> SceneDiscovery.Found {
        try SceneDiscovery.scenes(in: paths, projectRoot: projectRoot)
    }

    public func manifests(for paths: [String]) -> [String] { SceneDiscovery.manifests(for: paths) }

    /// A manifest that is a link to a file outside its own folder is not read, as a scene found
    /// through such a link is not: a pull request could add `scenes.json → /some/secret` and have
    /// the build print the secret's first line in its JSON error.
    public func manifest(_ path: String, maxBytes: Int) throws(InputError) -> [UInt8] {
        if let real = FilePath.resolved(path), let folder = FilePath.resolved(FilePath.parent(of: path)),
            !FilePath.isInside(real, folder: folder)
        {
            throw InputError(
                .notRegular,
                "'\(path)' is a link to a file outside its folder; it is not read "
                    + "(a build reads only files inside the folders it is given)", path: path)
        }
        return try InputFile.read(path, maxBytes: maxBytes).bytes
    }

    public func load(_ scene: SceneFileRef, with compiler: SceneCompiler) throws(InputError) -> LoadedScene {
        try compiler.load(file: scene.path)
    }

    public func sceneExists(_ absolutePath: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: absolutePath, isFolder: &isDirectory) && !isDirectory
    }
}
