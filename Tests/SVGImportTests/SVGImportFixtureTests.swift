import Foundation
import SceneCompiler
import SceneSource
import SVGImport
import Testing

/// One case per SVG in Fixtures/ (one feature each) and Hostile/: the scene it imports to
/// (`NAME.scene`), and its warnings or refusal as `scenec import` prints them (`NAME.report`).
/// `SCENEC_RECORD=1 swift test --filter SVGImport` rewrites them; review the diff.
struct SVGImportFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static var recording: Bool { ProcessInfo.processInfo.environment["SCENEC_RECORD"] == "1" }

    static func names(_ sub: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path)) ?? []
        return names.filter { $0.hasSuffix(".svg") }.sorted().map { sub + "/" + $0 }
    }

    static let features = names("Fixtures")
    static let hostile = names("Hostile")

    static func expect(_ actual: String?, _ url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        if recording {
            if let actual { try? actual.write(to: url, atomically: true, encoding: .utf8) } else { try? FileManager.default.removeItem(at: url) }
            return
        }
        let expected = try? String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(url.lastPathComponent) differs (SCENEC_RECORD=1 rewrites it)", sourceLocation: sourceLocation)
    }

    static func run(_ name: String) throws -> ImportResult {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        return SVGImporter.importSVG(bytes, source: String(name.split(separator: "/").last!))
    }

    static func report(_ result: ImportResult, _ name: String) -> String? {
        let file = String(name.split(separator: "/").last!)
        var text = result.refusal.map { $0.text(file: file, severity: "error") } ?? ""
        for w in result.warnings { text += w.text(file: file) }
        return text.isEmpty ? nil : text
    }

    @Test("every feature has a fixture")
    func fixturesExist() {
        #expect(Self.features.count >= 15)
        #expect(Self.hostile.count >= 6)
    }

    /// The expected scene, and the scene compiles without a single diagnostic.
    @Test("feature fixture", arguments: features)
    func feature(_ name: String) throws {
        let result = try Self.run(name)
        let base = Self.folder.appendingPathComponent(String(name.dropLast(4)))
        Self.expect(result.scene, base.appendingPathExtension("scene"))
        Self.expect(Self.report(result, name), base.appendingPathExtension("report"))
        let scene = try #require(result.scene, "\(name) was refused: \(result.refusal?.message ?? "")")
        let loaded = SceneCompiler().load(path: String(name.dropLast(4)) + ".scene", bytes: Array(scene.utf8))
        let compilation = SceneCompiler().compile(loaded)
        #expect(compilation.list != nil)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
    }

    /// Hostile files: refused or imported within the limits, never expanded, never fetched.
    @Test("hostile fixture", arguments: hostile)
    func hostileFile(_ name: String) throws {
        let result = try Self.run(name)
        let base = Self.folder.appendingPathComponent(String(name.dropLast(4)))
        Self.expect(result.scene, base.appendingPathExtension("scene"))
        Self.expect(Self.report(result, name), base.appendingPathExtension("report"))
        if let scene = result.scene {
            #expect(scene.utf8.count < 1 << 20)
            #expect(!scene.contains("root:"), "no file content may come in through an entity")
            // What the importer writes, the compiler reads: a limit is a refusal or a warning at import.
            let loaded = SceneCompiler().load(path: String(name.dropLast(4)) + ".scene", bytes: Array(scene.utf8))
            let errors = SceneCompiler().compile(loaded).diagnostics.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(errors.map(\.message))")
        }
    }
}
