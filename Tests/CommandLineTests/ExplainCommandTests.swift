import Foundation
import Testing

/// `scenec explain CODE`: the entry of docs/diagnostics.md, built into the program.
struct ExplainCommandTests {
    static func documentedHeadings() throws -> [String] {
        let text = try String(contentsOf: Package.folder.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.range(of: #"^## [EW][0-9]{4}: "#, options: .regularExpression) != nil }
            .map(String.init)
    }

    @Test func printsTheEntryOfACodeInEitherCase() throws {
        let upper = try CommandLineTests.run(["explain", "E0203"])
        #expect(upper.status == 0)
        #expect(upper.stderr.isEmpty)
        #expect(upper.stdout.hasPrefix("## E0203: undefined name\n"))
        #expect(upper.stdout.contains("```xml example\n") && upper.stdout.contains("```xml fixed\n"))
        #expect(!upper.stdout.contains("## E0204"))
        let lower = try CommandLineTests.run(["explain", "e0203"])
        #expect(lower.status == 0 && lower.stdout == upper.stdout)
    }

    @Test func withoutACodeListsEveryCodeWithItsTitle() throws {
        let r = try CommandLineTests.run(["explain"])
        #expect(r.status == 0)
        let expected = try Self.documentedHeadings().map { heading in
            let code = heading.dropFirst(3).prefix(5)
            return "\(code)  \(heading.dropFirst(10))"
        }
        #expect(r.stdout.split(separator: "\n").map(String.init) == expected)
        #expect(r.stdout.contains("E0203  undefined name\n"))
    }

    @Test func anUnknownCodeIsAUsageErrorSuggestingCloseCodes() throws {
        let r = try CommandLineTests.run(["explain", "E0230"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("scenec: error: no diagnostic code 'E0230'\nhelp: did you mean "))
        #expect(r.stderr.contains("E0203"))
        #expect(r.stderr.contains("run 'scenec explain' for the list of codes"))
    }

    @Test func wordsFindTheCodesWithThatTitle() throws {
        let r = try CommandLineTests.run(["explain", "undefined"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("scenec: error: 'undefined' is not a diagnostic code such as E0203\nhelp: codes about 'undefined': E0203"))
        let nothing = try CommandLineTests.run(["explain", "zzzz"])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("codes are E or W and four digits, such as E0203"))
        #expect(nothing.stderr.contains("help: run 'scenec explain' for the list of codes\n"))
    }
}
