import Foundation
import SceneCompiler
import Testing

/// One case per file in Fixtures/: a scene that compiles has its dump (`.dump`) and SVG (`.svg`)
/// beside it; a scene with errors has the exact diagnostics text (`.diagnostics`).
struct FixtureTests {
    static let cases = Fixtures.files(in: "Fixtures", withExtension: "scene").map(\.lastPathComponent)

    @Test("fixture cases exist")
    func casesExist() {
        #expect(Self.cases.count >= 20)
    }

    @Test("fixture", arguments: cases)
    func fixture(_ name: String) throws {
        let relative = "Tests/SceneCompilerTests/Fixtures/" + name
        let base = Fixtures.testsFolder.appendingPathComponent("Fixtures").appendingPathComponent(String(name.dropLast(6)))
        let loaded = try Fixtures.load(relative)
        let compilation = SceneCompiler().compile(loaded)
        let (list, diagnostics) = (compilation.list, compilation.diagnostics)
        if let list, !diagnostics.contains(where: { $0.severity == .error }) {
            Fixtures.expectMatches(dumpText(list), base.appendingPathExtension("dump"))
            Fixtures.expectMatches(svgText(list), base.appendingPathExtension("svg"))
            if !diagnostics.isEmpty {
                Fixtures.expectMatches(Fixtures.rich(diagnostics, loaded.sources), base.appendingPathExtension("diagnostics"))
            }
        } else {
            #expect(!diagnostics.isEmpty)
            Fixtures.expectMatches(Fixtures.rich(diagnostics, loaded.sources), base.appendingPathExtension("diagnostics"))
            // An error case must not also carry stale success outputs.
            #expect(!FileManager.default.fileExists(atPath: base.appendingPathExtension("dump").path))
        }
    }
}
