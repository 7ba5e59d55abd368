import CoreGraphicsRecorder
import DisplayList
import Foundation
import KotlinExport
import SceneCompiler
import SceneEvaluator
import SceneSource
import Testing

/// The proof of issue 26's Kotlin part: for every scene in Scenes/ and every fixture scene the
/// generator exports, the generated Kotlin, compiled with Debian's kotlinc against a recording stub
/// of android.graphics (AndroidStub/), records at the defaults and at 50 seeded random parameter
/// sets inside the declared ranges the same operations as the evaluator, as Android can say them
/// (`AndroidPrecision`: 8-bit colors with the opacity folded into the alpha, float coordinates), and
/// fails exactly where the evaluator fails; the scenes of Scenes/ are also drawn into a frame with each
/// resizing behaviour. kotlinc is slow to start: everything is compiled in one
/// invocation (one generated file per folder, each in a package of its own) and run in one JVM
/// (`KotlinProof`, shared with the limits' proof).
struct GeneratedKotlinDrawsWhatTheEvaluatorDrawsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    static let randomSets = 50
    static let folders = [("Scenes", "scenes"), ("Tests/SceneCompilerTests/Fixtures", "fixtures")]

    struct Case {
        let package: String
        let input: KotlinExporter.Input
        let assignments: [String]
        let arguments: [String: Value]
        /// Drawn into the frame (0, 0, 2·width, 3·height) with this resizing; nil: no frame.
        var resizing: String? = nil
    }

    /// Where each resizing puts a scene of size w × h in the frame (0, 0, 2w, 3h): scale x, scale y, x, y.
    static func placement(_ resizing: String, _ w: Double, _ h: Double) -> [Double] {
        switch resizing {
        case "ASPECT_FIT": [2, 2, 0, h / 2]
        case "ASPECT_FILL": [3, 3, -w / 2, 0]
        case "STRETCH": [2, 3, 0, 0]
        default: [1, 1, w / 2, h]
        }
    }

    @Test func generatedCodeRecordsTheEvaluatorsOperations() throws {
        let proof = try KotlinProof.shared.get()
        let (cases, results) = (proof.cases, proof.results)
        for (folder, _) in Self.folders { #expect(proof.exported[folder, default: 0] > 0, "\(folder): no scene exported") }
        #expect(proof.skipped["Scenes", default: []].isEmpty, "every scene of Scenes/ is exported: \(proof.skipped["Scenes", default: []])")
        // textWidth() (measured by Paint.measureText), <concatenate>, wrapped text (broken at run time with
        // Paint.measureText), <row> and <column> (placed at run time, wrapped text and a common baseline
        // included) and masks are exported: their fixtures are proven with the rest.
        let fixtures = [
            "text-width.scene", "widget-battery.scene", "concatenate.scene",
            "text-wrap-align.scene", "text-wrap-empty.scene", "text-wrap-labels.scene", "text-wrap-long-word.scene",
            "text-wrap-maxlines.scene", "text-wrap-middle.scene",
            "layout-bar-chart.scene", "layout-columns.scene", "layout-pill.scene", "layout-baseline.scene", "component-size.scene",
            "mask-fade.scene", "mask-luminance.scene", "mask-nested.scene",
        ]
        for fixture in fixtures {
            #expect(cases.contains { $0.input.path.hasSuffix("/" + fixture) }, "\(fixture) is exported: \(proof.skipped)")
        }
        let compiler = SceneCompiler()
        var failures: [String] = []
        for (n, c) in cases.enumerated() {
            let compilation = compiler.compile(c.input.loaded, arguments: c.arguments)
            let what = "\(c.input.path) \(c.assignments.joined(separator: " "))\(c.resizing.map { " in a frame, \($0)" } ?? "")"
            guard let result = results[n] else { failures.append("\(what): no result from the generated code"); continue }
            if compilation.hasErrors {
                let codes = Set(compilation.diagnostics.filter { $0.severity == .error }.map(\.code.rawValue))
                guard result.hasPrefix("ERROR ") else {
                    failures.append("\(what): the evaluator fails (\(codes.sorted())), the generated code: \(result.prefix(200))"); continue
                }
                let code = String(result.dropFirst(6).prefix(5))
                if !codes.contains(code) { failures.append("\(what): the evaluator fails with \(codes.sorted()), the generated code with \(code)") }
                continue
            }
            guard result.hasPrefix("OK ") else {
                failures.append("\(what): the evaluator draws, the generated code: \(result.prefix(300))"); continue
            }
            let recorded = try JSONDecoder().decode(DisplayList.self, from: Data(result.dropFirst(3).utf8))
            var expected = try #require(compilation.list)
            if let resizing = c.resizing {
                // The scene at its natural size, placed in the frame by one transform.
                let p = Self.placement(resizing, expected.width, expected.height)
                let placed = Group(
                    transform: AffineTransform(a: p[0], b: 0, c: 0, d: p[1], tx: p[2], ty: p[3]), items: expected.items,
                    source: SourceSpan(file: FileID(0), start: 0, end: 0))
                expected = DisplayList(width: expected.width, height: expected.height, items: [.group(placed)])
            }
            let difference = DisplayListMatch.$tolerance.withValue(AndroidPrecision.tolerance) {
                DisplayListMatch.difference(expected: AndroidPrecision.list(expected), actual: AndroidPrecision.list(recorded))
            }
            if let difference { failures.append("\(what): \(difference)") }
        }
        let summary = "\(failures.count) of \(cases.count) cases differ:\n" + failures.prefix(20).joined(separator: "\n")
        #expect(failures.count == 0, "\(summary)")
    }
}
