import Foundation
import SceneSyntax
import Testing

/// The schema table's documentation (what `scenec schema` puts in the XSD for editors) is complete
/// and says what Grammar.md section 9 says: one text, kept in two places that cannot drift apart.
struct SchemaDocumentationTests {
    /// Grammar.md section 9: each `### <name>` section's first paragraph and its table rows
    /// (attribute, type, default, meaning), `\|` unescaped.
    static func grammarSections() throws -> [String: (paragraph: String, rows: [[String]])] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammar.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let section = try #require(
            text.components(separatedBy: "\n## 9 Elements").dropFirst().first?
                .components(separatedBy: "\n## 10 ").first)
        var result: [String: (String, [[String]])] = [:]
        for part in section.components(separatedBy: "\n### ").dropFirst() {
            let lines = part.components(separatedBy: "\n")
            let title = lines[0].trimmingCharacters(in: .whitespaces)
            var paragraph: [String] = []
            for line in lines.dropFirst().drop(while: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("|") { break }
                paragraph.append(line.trimmingCharacters(in: .whitespaces))
            }
            let rows = lines.filter { $0.hasPrefix("| `") }.map { line -> [String] in
                let marked = line.replacingOccurrences(of: "\\|", with: "\u{1}")
                return marked.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{1}", with: "|") }
            }
            let name = title.hasPrefix("<") ? String(title.dropFirst().prefix { $0 != ">" }) : title
            result[name] = (paragraph.joined(separator: " "), rows)
        }
        return result
    }

    /// An attribute row: exactly one name in backticks in the first cell.
    static func attributeRows(_ rows: [[String]]) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for row in rows where row.count == 4 && row[0].filter({ $0 == "`" }).count == 2 {
            found[row[0].replacingOccurrences(of: "`", with: "")] = row
        }
        return found
    }

    @Test func everyElementAndAttributeIsDocumented() {
        for kind in ElementKind.allCases {
            let spec = Schema.spec(kind)
            #expect(!(Schema.elementDocumentation[kind] ?? "").isEmpty, "<\(kind.rawValue)> has no documentation")
            let documented = Set((Schema.attributeDocumentation[kind] ?? [:]).keys)
            #expect(documented == Set(spec.attributes.map(\.name)), "<\(kind.rawValue)>: documented \(documented.sorted())")
            for attribute in spec.drawingAttributes {
                #expect(Schema.paintAttributeDocumentation[attribute.name] != nil, "paint attribute '\(attribute.name)'")
            }
        }
        #expect(Set(Schema.paintAttributeDocumentation.keys) == Set(Schema.paintAttributes.map(\.name)))
    }

    @Test func grammarSaysTheSame() throws {
        let sections = try Self.grammarSections()
        for kind in ElementKind.allCases {
            let section = try #require(sections[kind.rawValue], "Grammar.md has no section <\(kind.rawValue)>")
            #expect(
                section.paragraph == Schema.elementDocumentation[kind],
                "Grammar.md's paragraph of <\(kind.rawValue)> differs from Schema.elementDocumentation")
            let rows = Self.attributeRows(section.rows)
            let spec = Schema.spec(kind)
            #expect(Set(rows.keys) == Set(spec.attributes.map(\.name)), "<\(kind.rawValue)>: Grammar.md's table lists \(rows.keys.sorted())")
            for attribute in spec.attributes {
                guard let row = rows[attribute.name] else { continue }
                #expect(
                    row[3] == Schema.attributeDocumentation[kind]?[attribute.name],
                    "<\(kind.rawValue)> \(attribute.name): Grammar.md says '\(row[3])'")
                #expect((row[2] == "required") == attribute.required, "<\(kind.rawValue)> \(attribute.name): required?")
                if let value = attribute.defaultDescription {
                    #expect(
                        row[2].replacingOccurrences(of: "`", with: "") == value,
                        "<\(kind.rawValue)> \(attribute.name): Grammar.md's default '\(row[2])', the table's '\(value)'")
                }
                if case .keyword(let words) = attribute.type, !row[1].contains("…") {
                    #expect(row[1] == words.map { "`\($0)`" }.joined(separator: " | "), "<\(kind.rawValue)> \(attribute.name): keywords")
                }
            }
        }
        let paint = Self.attributeRows(try #require(sections["Paint attributes"]).rows)
        for attribute in Schema.paintAttributes {
            #expect(paint[attribute.name]?[3] == Schema.paintAttributeDocumentation[attribute.name], "paint \(attribute.name)")
        }
    }

    /// The XSD's keyword enumerations are the checker's keywords, and every element is declared.
    @Test func theSchemaComesFromTheTable() {
        let xsd = XMLSchemaWriter.xsd()
        for kind in ElementKind.allCases { #expect(xsd.contains("<xs:element name=\"\(kind.rawValue)\""), "<\(kind.rawValue)>") }
        #expect(
            xsd.contains("<xs:simpleType name=\"lineCap.words\">\n    <xs:restriction base=\"xs:token\">\n      <xs:enumeration value=\"butt\"/>"))
        for family in Schema.fontFamilies { #expect(xsd.contains("<xs:enumeration value=\"\(family)\"/>")) }
        #expect(xsd == XMLSchemaWriter.xsd(), "the same bytes every time")
    }
}
