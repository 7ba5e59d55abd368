import Foundation
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
    public static func load(path: String, bytes: [UInt8], folder: String,
                            sources: inout SourceMap) -> Result<LoadedManifest, DiagnosticError> {
        let file = sources.add(SourceFile(path: path, bytes: bytes))
        func at(_ range: Range<Int>) -> SourceSpan { SourceSpan(file: file, start: range.lowerBound, end: range.upperBound) }
        guard bytes.count <= maxBytes else {
            return .failure(DiagnosticError([.error("the manifest is \(bytes.count) bytes, over the limit of \(maxBytes)",
                                                    at: at(0..<0), help: "name the manifest file (scenes.json), not another file")]))
        }
        let document: LocatedJSON
        do {
            document = try LocatedJSON.parse(bytes)
        } catch {
            return .failure(DiagnosticError([.error("invalid JSON: \(error.message)", at: at(error.offset..<error.offset + 1),
                                                    help: "the manifest format is described in Grammar.md, \"Build manifest\"")]))
        }
        do {
            let manifest = try JSONDecoder().decode(BuildManifest.self, from: Data(bytes))
            return .success(LoadedManifest(path: path, folder: folder, file: file, document: document, manifest: manifest))
        } catch let unknown as StrictKeys.UnknownKeys {
            let objectPath = JSONPath(codingPath: unknown.codingPath, in: document)
            let members: [LocatedJSON.Member]
            if case .object(let all)? = document.locate(objectPath)?.value.kind { members = all } else { members = [] }
            // One diagnostic per unknown key, in the order they are written.
            let diagnostics = members.filter { unknown.keys.contains($0.key) }.map { member -> Diagnostic in
                let keys = "the keys here are " + unknown.allowed.map { "\"\($0)\"" }.joined(separator: ", ")
                let help = Suggestion.didYouMean(member.key, among: unknown.allowed).map { "\($0) (\(keys))" } ?? keys
                return .error("\(objectPath.appending(member.key)): unknown key \"\(member.key)\"", at: at(member.keySpan),
                              help: help)
            }
            return .failure(DiagnosticError(diagnostics))
        } catch let error as DecodingError {
            return .failure(DiagnosticError([diagnostic(for: error, in: document, file: file, bytes: bytes)]))
        } catch {
            return .failure(DiagnosticError([.error("cannot decode the manifest: \(error)", at: at(0..<0))]))
        }
    }

    private static func diagnostic(for error: DecodingError, in document: LocatedJSON, file: FileID,
                                   bytes: [UInt8]) -> Diagnostic {
        func at(_ range: Range<Int>) -> SourceSpan { SourceSpan(file: file, start: range.lowerBound, end: range.upperBound) }
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let path = JSONPath(codingPath: context.codingPath, in: document)
            let node = document.nearest(path)
            return .error("\(path): expected \(describe(type)), found \(node.description)", at: at(node.span),
                          help: help(for: path, found: node, bytes: bytes))
        case .keyNotFound(let key, let context):
            let path = JSONPath(codingPath: context.codingPath, in: document)
            let node = document.nearest(path)
            let help = key.stringValue == "scene"
                ? "add \"scene\": the scene file's name relative to the manifest's folder, such as \"scene\": \"push-button\""
                : nil
            return .error("\(path): missing key \"\(key.stringValue)\"", at: at(node.span.lowerBound..<node.span.lowerBound + 1),
                          help: help)
        case .dataCorrupted(let context):
            let path = JSONPath(codingPath: context.codingPath, in: document)
            let node = document.nearest(path)
            return .error("\(path): \(context.debugDescription)", at: at(node.span))
        @unknown default:
            return .error("cannot decode the manifest: \(error)", at: at(0..<0))
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Bool.self { return "true or false" }
        if type == Double.self { return "a number" }
        if type == [Double].self { return "a list of numbers such as [1, 2, 3]" }
        if type == [String: String].self { return "an object of parameter names and values" }
        if type == [BuildManifest.Variant].self { return "a list of variants" }
        if type == BuildManifest.Variant.self || type == BuildManifest.self { return "an object" }
        // JSONDecoder names containers Array<Any> and Dictionary<String, Any>.
        let name = "\(type)"
        if name.hasPrefix("Array") { return "a list" }
        if name.hasPrefix("Dictionary") { return "an object" }
        return name
    }

    /// Parameter values are strings; a number or a bool written bare gets the fix spelled out.
    private static func help(for path: JSONPath, found: LocatedJSON, bytes: [UInt8]) -> String? {
        guard path.components.count >= 2, path.components[path.components.count - 2] == .key("parameters"),
              case .key(let name) = path.components.last! else { return nil }
        switch found.kind {
        case .number, .bool:
            let text = String(decoding: bytes[found.span], as: UTF8.self)
            return "parameter values are strings, parsed like --set NAME=VALUE: write \"\(name)\": \"\(text)\""
        case .array(let items):
            let text = items.map { String(decoding: bytes[$0.span], as: UTF8.self) }.joined(separator: ",")
            return "parameter values are strings, parsed like --set NAME=VALUE; a list is written \"\(name)\": \"\(text)\""
        default:
            return "parameter values are strings, parsed like --set NAME=VALUE"
        }
    }
}
