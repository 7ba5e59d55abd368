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
/// fails exactly where the evaluator fails. kotlinc is slow to start: everything is compiled in one
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
            let what = "\(c.input.path) \(c.assignments.joined(separator: " "))"
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
            let expected = try #require(compilation.list)
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
            let parameters = arguments.isEmpty ? "\(type).Parameters()" : "\(type).Parameters(\(arguments.joined(separator: ", ")))"
            text += """
                fun case\(n)() {
                    val canvas = android.graphics.Canvas()
                    val error = \(type).draw(canvas, null, \(c.package).SceneResizing.ASPECT_FIT, \(parameters))
                    report(\(n), error, canvas, \(type).WIDTH, \(type).HEIGHT)
                }

                """
        }
        text += "fun main() {\n" + cases.indices.map { "    case\($0)()\n" }.joined() + "}\n"
        return text
    }
}
