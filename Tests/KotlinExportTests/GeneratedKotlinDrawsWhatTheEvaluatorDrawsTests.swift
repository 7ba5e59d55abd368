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
/// invocation (one generated file per folder, each in a package of its own) and run in one JVM.
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
        let compiler = SceneCompiler()
        var generated: [(file: String, text: String)] = []
        var cases: [Case] = []
        var generator = SeededGenerator(seed: 26)
        for (folder, package) in Self.folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + folder).filter { $0.hasSuffix(".scene") }.sorted()
            var inputs: [KotlinExporter.Input] = []
            var skipped: [String] = []
            for name in names {
                let path = folder + "/" + name
                let loaded = try compiler.load(file: Self.root + "/" + path)
                guard !loaded.hasErrors, loaded.declaredSize != nil else { continue }
                let input = KotlinExporter.Input(loaded: loaded, path: path)
                do {
                    _ = try KotlinExporter.export([input])
                    inputs.append(input)
                } catch {
                    skipped.append("\(error)")
                }
            }
            #expect(!inputs.isEmpty)
            if folder == "Scenes" {
                #expect(skipped.isEmpty, "every scene of Scenes/ is exported: \(skipped)")
            }
            print("Kotlin export proof, \(folder): \(inputs.count) scenes exported, \(skipped.count) not:\n  " + skipped.joined(separator: "\n  "))
            for input in inputs {
                cases.append(Case(package: package, input: input, assignments: [], arguments: [:]))
                if folder == "Scenes" {
                    for resizing in ["ASPECT_FIT", "ASPECT_FILL", "STRETCH", "CENTER"] {
                        cases.append(Case(package: package, input: input, assignments: [], arguments: [:], resizing: resizing))
                    }
                }
                for _ in 0..<Self.randomSets {
                    let assignments = input.loaded.parameters.compactMap { RandomParameter.assignment($0, using: &generator) }
                    cases.append(Case(package: package, input: input, assignments: assignments,
                                      arguments: try compiler.arguments(assignments, for: input.loaded)))
                }
            }
            generated.append(("\(package).kt", try KotlinExporter.export(inputs, package: package)))
        }
        let output = try KotlinHarness.run(generated: generated, main: try Self.harness(cases), root: Self.root)
        var results: [Int: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, parts[0] == "CASE", let n = Int(parts[1]) else { continue }
            results[n] = String(parts[2])
        }
        var failures: [String] = []
        for (n, c) in cases.enumerated() {
            let compilation = compiler.compile(c.input.loaded, arguments: c.arguments)
            let what = "\(c.input.path) \(c.assignments.joined(separator: " "))\(c.resizing.map { " in a frame, \($0)" } ?? "")"
            guard let result = results[n] else { failures.append("\(what): no result from the generated code"); continue }
            if compilation.hasErrors {
                let codes = Set(compilation.diagnostics.filter { $0.severity == .error }.map(\.code.rawValue))
                guard result.hasPrefix("ERROR ") else { failures.append("\(what): the evaluator fails (\(codes.sorted())), the generated code: \(result.prefix(200))"); continue }
                let code = String(result.dropFirst(6).prefix(5))
                if !codes.contains(code) { failures.append("\(what): the evaluator fails with \(codes.sorted()), the generated code with \(code)") }
                continue
            }
            guard result.hasPrefix("OK ") else { failures.append("\(what): the evaluator draws, the generated code: \(result.prefix(300))"); continue }
            let recorded = try JSONDecoder().decode(DisplayList.self, from: Data(result.dropFirst(3).utf8))
            var expected = try #require(compilation.list)
            if let resizing = c.resizing {
                // The scene at its natural size, placed in the frame by one transform.
                let p = Self.placement(resizing, expected.width, expected.height)
                let placed = Group(transform: AffineTransform(a: p[0], b: 0, c: 0, d: p[1], tx: p[2], ty: p[3]), items: expected.items,
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

    /// Main.kt: every case drawn on a fresh recording canvas, one line of output each; a function per
    /// case (the JVM limits the size of one method).
    static func harness(_ cases: [Case]) throws -> String {
        var text = """
            fun report(n: Int, error: Any?, canvas: android.graphics.Canvas, width: Double, height: Double) {
                if (error != null) {
                    val e = error.toString()
                    val code = Regex("error\\\\[(E[0-9]{4})\\\\]").find(e)?.groupValues?.get(1) ?: "E????"
                    println("CASE $n ERROR $code " + e.replace("\\n", " "))
                    return
                }
                val json = canvas.displayListJSON(width, height)
                if (canvas.problems.isNotEmpty()) { println("CASE $n PROBLEM " + canvas.problems); return }
                println("CASE $n OK " + json)
            }

            """
        for (n, c) in cases.enumerated() {
            let type = c.package + "." + KotlinNames.typeName(fileName: c.input.path)
            var arguments: [String] = []
            for (name, value) in c.arguments.sorted(by: { $0.key < $1.key }) {
                guard let declaration = c.input.loaded.parameters.first(where: { $0.name == name }),
                      let literal = KotlinLiterals.parameter(value, declaration.type) else { continue }
                arguments.append("\(KotlinNames.identifier(name)) = \(literal.replacingOccurrences(of: "SceneColor", with: "\(c.package).SceneColor"))")
            }
            let frame = c.resizing == nil ? "null" : "android.graphics.RectF(0f, 0f, (2 * \(type).WIDTH).toFloat(), (3 * \(type).HEIGHT).toFloat())"
            let parameters = arguments.isEmpty ? "\(type).Parameters()" : "\(type).Parameters(\(arguments.joined(separator: ", ")))"
            text += """
                fun case\(n)() {
                    val canvas = android.graphics.Canvas()
                    val error = \(type).draw(canvas, \(frame), \(c.package).SceneResizing.\(c.resizing ?? "ASPECT_FIT"), \(parameters))
                    report(\(n), error, canvas, \(type).WIDTH, \(type).HEIGHT)
                }

                """
        }
        text += "fun main() {\n" + cases.indices.map { "    case\($0)()\n" }.joined() + "}\n"
        return text
    }
}
