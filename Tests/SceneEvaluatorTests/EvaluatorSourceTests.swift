import Foundation
import SceneVocabulary
import Testing

/// The evaluator runs the resolved program only (issue 24): it reads no syntax tree and asks for
/// no attribute by its name, so a renamed attribute or a new spelling cannot reach it unnoticed.
struct EvaluatorSourceTests {
    /// Each Swift file of Sources/SceneEvaluator, as lines outside comments.
    static func sources() throws -> [(name: String, lines: [Substring])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SceneEvaluator")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0.hasSuffix(".swift") }.map { name in
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return (name, source.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") })
        }
    }

    @Test func theEvaluatorDoesNotImportTheSyntaxTree() throws {
        for (name, lines) in try Self.sources() {
            #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces) == "import SceneSyntax" }, "\(name)")
        }
    }

    @Test func noStringLiteralIsAnAttributeName() throws {
        // A value's type name (`color`, in messages and list kinds) may be spelled like an attribute.
        let typeNames: Set = ["int", "number", "bool", "color", "string", "list", "gradient", "none"]
        // A keyword value may be spelled like an attribute too: a row's `align="baseline"`.
        let keywordValues: Set = ["baseline"]
        let attributes = Set(AttributeID.allCases.map(\.rawValue)).subtracting(typeNames).subtracting(keywordValues)
        let literal = try Regex(#""((?:[^"\\]|\\.)*)""#)
        for (name, lines) in try Self.sources() {
            for line in lines {
                for match in line.matches(of: literal) {
                    let text = String(line[match.range].dropFirst().dropLast())
                    #expect(!attributes.contains(text), "\(name): \(line)")
                }
            }
        }
    }
}
