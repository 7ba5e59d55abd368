import Foundation
import DisplayList
import SceneCompiler
import SceneSource
import SVGBackend
import Testing

/// Expected outputs live beside their inputs. `SCENEC_RECORD=1 swift test` rewrites them; review the
/// diff before committing, and never re-record to silence a failure you do not understand.
enum Fixtures {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static var recording: Bool { ProcessInfo.processInfo.environment["SCENEC_RECORD"] == "1" }

    static func files(in folder: String, withExtension ext: String) -> [URL] {
        let url = testsFolder.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { url.appendingPathComponent($0) }
    }

    /// Compares `actual` with the file at `url`, or writes it when recording.
    static func expectMatches(_ actual: String, _ url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        if recording {
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing expected file \(url.lastPathComponent); run with SCENEC_RECORD=1 to create it",
                sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            Issue.record("\(url.lastPathComponent) differs:\n\(firstDifference(expected, actual))", sourceLocation: sourceLocation)
        }
    }

    /// The first differing line, to keep failures readable.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? String(e[i]) : "<end>"
            let al = i < a.count ? String(a[i]) : "<end>"
            if el != al { return "line \(i + 1):\n  expected: \(el)\n  actual:   \(al)" }
        }
        return "(same lines, different bytes)"
    }

    /// Loads a scene file by path relative to the package, as the user would name it.
    static func load(_ relativePath: String) throws -> LoadedScene {
        let data = try Data(contentsOf: packageFolder.appendingPathComponent(relativePath))
        return SceneCompiler().load(path: relativePath, bytes: [UInt8](data))
    }

    static func rich(_ diagnostics: [Diagnostic], _ sources: SourceMap) -> String {
        DiagnosticRenderer(sources: sources, style: .rich).render(diagnostics)
    }
}

/// The canonical dump of a display list (the DisplayList stage itself, for goldens).
func dumpText(_ list: DisplayList, locations: SourceMap? = nil) -> String {
    DisplayListDump(sources: locations).render(list)
}

/// The SVG text of a display list (the SVG backend itself, for goldens).
func svgText(_ list: DisplayList) -> String { SVGBackend.render(list) }
