import Foundation
import SceneEvaluator
import Testing

/// Grammar.md is the contract: every function the evaluator knows must be documented there.
struct GrammarCoverageTests {
    @Test func everyFunctionIsDocumented() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammar.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## 6 Functions").dropFirst().first)
        for function in SceneEvaluator.functions {
            #expect(section.contains("`\(function.name)("), "Grammar.md section 6 does not document \(function.name)()")
        }
    }
}
