import Foundation
import SceneCompiler
import SceneSource
import Testing

/// Every input of the fuzzer's kept corpus (Fuzz/corpus, minimized by `make fuzz`) runs through the
/// pipeline here too, in the debug build where every Swift check is on: whatever the fuzzer once
/// found interesting must still give an output or located errors, never a trap.
struct FuzzCorpusTests {
    static let folder = Fixtures.packageFolder.appendingPathComponent("Fuzz/corpus")

    @Test func theFuzzCorpusCompilesOrFailsCleanly() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(names.count >= 500)
        var compiled = 0
        for name in names {
            // As in the fuzz target, the scene is what comes before the first 0x01 byte.
            let file = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            let bytes = Array(file.split(separator: 0x01, maxSplits: 1, omittingEmptySubsequences: false)[0])
            let loaded = SceneCompiler().load(path: name, bytes: bytes)
            let compilation = SceneCompiler().compile(loaded)
            let (list, diagnostics) = (compilation.list, compilation.diagnostics)
            let errors = diagnostics.filter { $0.severity == .error }
            _ = DiagnosticRenderer(sources: loaded.sources, style: .rich).render(diagnostics)
            if let list {
                #expect(errors.isEmpty, "\(name): a display list with errors")
                #expect(svgText(list).hasSuffix("</svg>\n"), "\(name)")
                _ = dumpText(list, locations: loaded.sources)
                compiled += 1
            } else {
                #expect(!errors.isEmpty, "\(name): no display list and no error")
            }
            // Every diagnostic points into the file.
            for d in diagnostics {
                #expect(d.span.start >= 0 && d.span.start <= d.span.end && d.span.end <= bytes.count, "\(name): \(d.message)")
            }
        }
        // The corpus is not only broken files: dozens of its scenes compile.
        #expect(compiled >= 40)
    }
}
