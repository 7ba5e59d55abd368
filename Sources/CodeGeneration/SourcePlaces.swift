import SceneCompiler
import SceneSource

/// How generated code names the places in the scene it comes from, in its errors (`FILE:LINE:COL`)
/// and comments (`FILE:LINE`): the main file as it was given, a component's file relative to it,
/// so that the output does not depend on where the checkout is.
public struct SourcePlaces {
    public let loaded: LoadedScene
    /// The scene's path as the generated comments and errors name it.
    public let path: String

    public init(loaded: LoadedScene, path: String) {
        self.loaded = loaded
        self.path = path
    }

    public func site(_ span: SourceSpan) -> String {
        let (line, column) = loaded.sources[span.file].location(of: span.start)
        return "\(displayPath(span.file)):\(line):\(column)"
    }

    public func lineComment(_ span: SourceSpan) -> String {
        let (line, _) = loaded.sources[span.file].location(of: span.start)
        return "\(displayPath(span.file)):\(line)"
    }

    public func displayPath(_ file: FileID) -> String {
        if file == loaded.file { return path }
        let other = loaded.sources[file].path
        let mainFolder = String(
            loaded.sources[loaded.file].path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
        let shownFolder = String(path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
        guard !mainFolder.isEmpty, other.hasPrefix(mainFolder + "/") else { return other }
        let rest = String(other.dropFirst(mainFolder.count + 1))
        return shownFolder.isEmpty ? rest : shownFolder + "/" + rest
    }
}
