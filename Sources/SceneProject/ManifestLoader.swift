#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneSource

/// A manifest read from disk: the decoded model, its text (for locating later errors) and where it
/// lives (scene names in it are relative to its folder).
public struct LoadedManifest: Sendable {
    public let path: String
    /// The folder scene names are resolved against, as an absolute, standardized path.
    public let folder: String
    public let file: FileID
    public let document: LocatedJSON
    public let manifest: BuildManifest

    /// The span of the value at a path, or of the nearest enclosing value that exists.
    public func span(of path: JSONPath, key: Bool = false) -> SourceSpan {
        if let found = document.locate(path) {
            let range = key ? (found.keySpan ?? found.value.span) : found.value.span
            return SourceSpan(file: file, start: range.lowerBound, end: range.upperBound)
        }
        let range = document.nearest(path).span
        return SourceSpan(file: file, start: range.lowerBound, end: range.upperBound)
    }
}

/// Reads and decodes a manifest, turning every problem into a located diagnostic that names the
/// JSON path and says what to write instead.
public enum ManifestLoader {
    /// Manifests are small; a larger file is a mistake (the wrong file named).
    public static let maxBytes = 8 * 1024 * 1024

    /// Decodes manifest bytes; `sources` receives the file so diagnostics can show its lines.
    /// Returns the manifest with every variant that could be read (nil when the JSON itself is
    /// broken) and every problem found, all at once.
    public static func load(
        path: String, bytes: [UInt8], folder: String,
        sources: inout SourceMap
    ) -> (manifest: LoadedManifest?, problems: [Diagnostic]) {
        let file = sources.add(SourceFile(path: path, bytes: bytes))
        func at(_ range: Range<Int>) -> SourceSpan { SourceSpan(file: file, start: range.lowerBound, end: range.upperBound) }
        guard bytes.count <= maxBytes else {
            return (
                nil,
                [
                    .error(
                        .manifestTooLarge, "the manifest is more than \(maxBytes) bytes, over the limit",
                        at: at(0..<0), help: "name the manifest file (scenes.json), not another file")
                ]
            )
        }
        let document: LocatedJSON
        do {
            document = try LocatedJSON.parse(bytes)
        } catch {
            return (
                nil,
                [
                    .error(
                        .invalidJSON, "invalid JSON: \(error.message)", at: at(error.offset..<error.offset + 1),
                        help: "the manifest format is described in Grammar.md, \"Build manifest\"")
                ]
            )
        }
        var decoder = ManifestDecoder(document: document, bytes: bytes, file: file)
        let manifest = decoder.decode()
        return (LoadedManifest(path: path, folder: folder, file: file, document: document, manifest: manifest), decoder.diagnostics)
    }
}
