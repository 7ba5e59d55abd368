import Foundation
import SceneSource
import Testing

/// Codes are a published contract: each is unique, listed in `DiagnosticCode.all`, and documented
/// in Grammar.md section 15 with its title.
struct DiagnosticCodeTests {
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The raw values declared as constants in DiagnosticCode.swift, read from the source (the
    /// compiler cannot enumerate static properties), in order.
    static func declaredRawValues() throws -> [String] {
        let url = packageFolder.appendingPathComponent("Sources/SceneSource/DiagnosticCode.swift")
        let source = try String(contentsOf: url, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"static let \w+ = DiagnosticCode\("([EW][0-9]{4})""#)
        let range = NSRange(source.startIndex..., in: source)
        return pattern.matches(in: source, range: range).map { String(source[Range($0.range(at: 1), in: source)!]) }
    }

    /// The rows `| `E0203` | undefined name | … |` of Grammar.md section 15, as (code, title).
    static func documentedCodes() throws -> [(code: String, title: String)] {
        let text = try String(contentsOf: packageFolder.appendingPathComponent("Grammar.md"), encoding: .utf8)
        let section = try #require(
            text.components(separatedBy: "\n## 15 Diagnostics").dropFirst().first?
                .components(separatedBy: "\n## 16").first)
        return section.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].count == 7, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            return (String(cells[1].dropFirst().dropLast()), cells[2])
        }
    }

    @Test func everyCodeIsUniqueAndWellFormed() {
        var seen: [String: String] = [:]
        for code in DiagnosticCode.all {
            #expect(seen[code.rawValue] == nil, "\(code.rawValue) is used by '\(seen[code.rawValue] ?? "")' and '\(code.title)'")
            seen[code.rawValue] = code.title
            #expect(code.rawValue.range(of: #"^[EW][0-9]{4}$"#, options: .regularExpression) != nil, "\(code.rawValue)")
            #expect(!code.title.isEmpty && code.title.count <= 40, "\(code.rawValue): '\(code.title)'")
        }
        #expect(Set(DiagnosticCode.all.map(\.title)).count == DiagnosticCode.all.count, "two codes share a title")
    }

    @Test func everyDeclaredConstantIsInTheList() throws {
        let declared = try Self.declaredRawValues()
        #expect(declared.count > 50)
        #expect(
            declared == (DiagnosticCode.all + DiagnosticCode.retired).map(\.rawValue),
            "DiagnosticCode.all, then DiagnosticCode.retired, must list every constant, in declaration order")
        #expect(Set(declared).count == declared.count, "two constants share a raw value")
    }

    @Test func everyCodeIsDocumentedInTheGrammar() throws {
        let documented = try Self.documentedCodes()
        let titles = Dictionary(documented.map { ($0.code, $0.title) }, uniquingKeysWith: { first, _ in first })
        for code in DiagnosticCode.all + DiagnosticCode.retired {
            #expect(
                titles[code.rawValue] == code.title,
                "Grammar.md section 15 must list \(code.rawValue) with the title '\(code.title)'")
        }
        let known = Set((DiagnosticCode.all + DiagnosticCode.retired).map(\.rawValue))
        for row in documented {
            #expect(known.contains(row.code), "Grammar.md section 15 lists \(row.code), which DiagnosticCode does not declare")
        }
        #expect(documented.count == known.count, "Grammar.md section 15 lists a code twice")
    }

    /// A retired code is no longer reported, but still decodes with its title, and no code in use
    /// has its number.
    @Test func retiredCodesStayReservedAndDecodable() throws {
        let inUse = Set(DiagnosticCode.all.map(\.rawValue))
        for code in DiagnosticCode.retired {
            #expect(!inUse.contains(code.rawValue), "\(code.rawValue) is retired and in use")
            #expect(DiagnosticCode.named(code.rawValue)?.title == code.title)
        }
        let decoded = try JSONDecoder().decode([DiagnosticCode].self, from: Data(#"["E0906"]"#.utf8))
        #expect(decoded.first?.title == "invalid manifest")
    }

    @Test func warningsAreWCodes() {
        #expect(DiagnosticCode.drawsNothing.isWarning && DiagnosticCode.xmlWarning.isWarning)
        #expect(!DiagnosticCode.undefinedName.isWarning)
        #expect(DiagnosticCode.undefinedName.rawValue == "E0203")
    }
}
