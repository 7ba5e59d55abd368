import Foundation
import ResolvedProgram
import SceneCompiler
import Testing

/// The program of every fixture scene (Tests/SceneCompilerTests/Fixtures) as text, against its
/// golden file in Golden/ (`<case>.program`). `SCENEC_RECORD=1 swift test --filter ProgramGoldenTests`
/// rewrites them; review the diff before committing.
struct ProgramGoldenTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = "Tests/SceneCompilerTests/Fixtures"
    static let cases: [String] =
        ((try? FileManager.default.contentsOfDirectory(
            atPath: packageFolder.appendingPathComponent(fixtures).path)) ?? []).filter { $0.hasSuffix(".scene") }.sorted()

    @Test("fixture cases exist")
    func casesExist() {
        #expect(Self.cases.count >= 20)
    }

    @Test("program of a fixture", arguments: cases)
    func program(_ name: String) throws {
        let relative = Self.fixtures + "/" + name
        let data = try Data(contentsOf: Self.packageFolder.appendingPathComponent(relative))
        let loaded = SceneCompiler().load(path: relative, bytes: [UInt8](data))
        let golden = Self.testsFolder.appendingPathComponent("Golden").appendingPathComponent(String(name.dropLast(6)) + ".program")
        guard let program = loaded.resolvedProgram else {
            // A scene that does not load has no program, and no stale golden file.
            #expect(loaded.hasErrors)
            #expect(!FileManager.default.fileExists(atPath: golden.path))
            return
        }
        let text = ProgramDump(sources: loaded.sources).render(program)
        if ProcessInfo.processInfo.environment["SCENEC_RECORD"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try? String(contentsOf: golden, encoding: .utf8)
        #expect(expected != nil, "missing \(golden.lastPathComponent); run with SCENEC_RECORD=1 to create it")
        if let expected, expected != text {
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let a = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
            Issue.record(
                "\(golden.lastPathComponent) differs at line \(line + 1):\n  expected: \(line < e.count ? e[line] : "<end>")\n  actual:   \(line < a.count ? a[line] : "<end>")"
            )
        }
    }
}
