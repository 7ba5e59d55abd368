import DiagnosticIndex
import Foundation
import SceneSource
import Testing

/// The error index is complete and well formed: an entry for every code, in the order of
/// `DiagnosticCode.all`, titled as the code is, each with an example and its fix or a reason for
/// having none; and the index built into scenec is docs/diagnostics.md.
struct IndexTests {
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func documented() throws -> DiagnosticIndex {
        let url = packageFolder.appendingPathComponent("docs/diagnostics.md")
        return try DiagnosticIndex(markdown: String(contentsOf: url, encoding: .utf8))
    }

    @Test func everyCodeHasAnEntry() throws {
        let index = try Self.documented()
        let codes = Set(index.entries.map(\.code))
        for code in DiagnosticCode.all + DiagnosticCode.retired where !codes.contains(code.rawValue) {
            Issue.record(
                """
                \(code.rawValue) (\(code.title)) has no entry in docs/diagnostics.md: add '## \(code.rawValue): \(code.title)' \
                with an example and its fix (the file's header says how)
                """)
        }
        let known = Set((DiagnosticCode.all + DiagnosticCode.retired).map(\.rawValue))
        for entry in index.entries where !known.contains(entry.code) {
            Issue.record("docs/diagnostics.md has an entry for \(entry.code), which DiagnosticCode does not declare")
        }
        #expect(index.entries.count == Set(index.entries.map(\.code)).count, "docs/diagnostics.md has a code twice")
    }

    @Test func entriesFollowTheOrderOfTheCodesAndTheirTitles() throws {
        let index = try Self.documented()
        let order = Dictionary(uniqueKeysWithValues: DiagnosticCode.all.enumerated().map { ($1.rawValue, $0) })
        let known = index.entries.filter { order[$0.code] != nil }
        for (before, after) in zip(known, known.dropFirst()) where order[before.code]! > order[after.code]! {
            Issue.record("docs/diagnostics.md: \(after.code) must come before \(before.code), as in DiagnosticCode.all")
        }
        for entry in index.entries {
            guard let code = DiagnosticCode.named(entry.code) else { continue }
            #expect(entry.title == code.title, "docs/diagnostics.md: the heading of \(entry.code) must be '## \(code.rawValue): \(code.title)'")
        }
    }

    @Test func everyEntryHasAnExampleAndItsFixOrSaysWhyNot() throws {
        for entry in try Self.documented().entries {
            if let reason = entry.noExampleReason {
                #expect(
                    entry.example.files.isEmpty && entry.fixed.files.isEmpty,
                    "\(entry.code) has examples and says 'No example:'")
                #expect(!reason.isEmpty, "\(entry.code): 'No example:' needs its reason")
            } else {
                #expect(!entry.example.files.isEmpty, "\(entry.code) has no ```xml example block and no 'No example:' paragraph")
                #expect(!entry.fixed.files.isEmpty, "\(entry.code) has no fixed block (```xml fixed)")
            }
        }
    }

    /// The program embeds docs/diagnostics.md itself (through the link in Sources/DiagnosticIndex).
    @Test func theBuiltInIndexIsTheDocument() throws {
        let documented = try Self.documented()
        // Compared entry by entry, naming the first that differs: printing both indexes whole
        // would print the megabytes of the size-limit examples.
        let builtIn = DiagnosticIndex.builtIn.entries
        #expect(builtIn.map(\.code) == documented.entries.map(\.code))
        if let differing = zip(builtIn, documented.entries).first(where: { $0 != $1 }) {
            Issue.record("the built-in entry \(differing.0.code) is not docs/diagnostics.md's: rebuild scenec")
        }
        #expect(DiagnosticIndex.builtIn.preface == documented.preface)
        let link = Self.packageFolder.appendingPathComponent("Sources/DiagnosticIndex/diagnostics.md").path
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../../docs/diagnostics.md")
    }

    @Test func codesAreFoundInEitherCaseAndCloseCodesAreSuggested() {
        let index = DiagnosticIndex.builtIn
        #expect(index.entry(for: "e0203")?.title == "undefined name")
        #expect(index.entry(for: "E0203")?.text.hasPrefix("## E0203: undefined name\n") == true)
        #expect(index.entry(for: "E0299") == nil)
        #expect(index.codes(closeTo: "E0230").contains("E0203"))
        #expect(index.codes(closeTo: "E0230").count <= 5)
        #expect(index.codes(closeTo: "nonsense").isEmpty)
        #expect(index.codes(titled: "undefined").contains("E0203"))
    }
}
