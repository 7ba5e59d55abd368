import Foundation
import SceneSyntax
import Testing

struct SchemaTests {
    @Test func everyElementHasASpec() {
        for kind in ElementKind.allCases {
            #expect(Schema.elements[kind] != nil, "no spec for <\(kind.rawValue)>")
        }
    }

    /// Grammar.md is the language's contract: every element and every attribute must be in it.
    @Test func grammarDocumentsEveryElementAndAttribute() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammar.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let sections = text.components(separatedBy: "\n### ")
        for kind in ElementKind.allCases {
            let section = sections.first { $0.hasPrefix("<\(kind.rawValue)>") }
            guard let section else {
                Issue.record("Grammar.md has no '### <\(kind.rawValue)>' section")
                continue
            }
            let spec = Schema.spec(kind)
            for attribute in spec.attributes + spec.drawingAttributes {
                let documented =
                    section.contains("`\(attribute.name)`")
                    || (!spec.drawingAttributes.isEmpty && spec.drawingAttributes.contains { $0.name == attribute.name }
                        && text.contains("| `\(attribute.name)` |"))
                #expect(documented, "Grammar.md does not document '\(attribute.name)' of <\(kind.rawValue)>")
            }
        }
    }
}
