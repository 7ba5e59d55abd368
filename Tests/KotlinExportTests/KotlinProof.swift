import Foundation
import ExportProofSupport
import KotlinExport
import SceneCompiler

/// Every case of the Kotlin proofs, compiled by one kotlinc invocation and run in one JVM, once for
/// all the tests that read it: kotlinc's start-up (about half a minute of CPU even for a small file)
/// is most of what the proofs cost in `make test`. The cases are those of
/// `GeneratedKotlinDrawsWhatTheEvaluatorDrawsTests` (numbered first) and then the scenes of
/// `GeneratedKotlinKeepsTheEvaluatorsLimitsTests`; each prints one line, `CASE <n> …`.
struct KotlinProof: Sendable {
    typealias Case = GeneratedKotlinDrawsWhatTheEvaluatorDrawsTests.Case

    /// The drawing cases (0 ..< cases.count) and the limit scenes (after them, in their order).
    let cases: [Case]
    let limits: [Case]
    /// Per folder of scenes: how many were exported, and why the others were not.
    let exported: [String: Int]
    let skipped: [String: [String]]
    /// Each case's line after `CASE <n> `.
    let results: [Int: String]

    struct Failure: Error, CustomStringConvertible { let description: String }

    static let shared: Result<KotlinProof, Failure> = {
        do { return .success(try KotlinProof.run()) } catch { return .failure(Failure(description: "\(error)")) }
    }()

    static func run() throws -> KotlinProof {
        let root = GeneratedKotlinDrawsWhatTheEvaluatorDrawsTests.root
        let compiler = SceneCompiler()
        var generated: [(file: String, text: String)] = []
        var cases: [Case] = []
        var exported: [String: Int] = [:]
        var skippedByFolder: [String: [String]] = [:]
        var generator = SeededGenerator(seed: 26)
        for (folder, package) in GeneratedKotlinDrawsWhatTheEvaluatorDrawsTests.folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).filter { $0.hasSuffix(".scene") }.sorted()
            var inputs: [KotlinExporter.Input] = []
            var skipped: [String] = []
            for name in names {
                let path = folder + "/" + name
                let loaded = try compiler.load(file: root + "/" + path)
                guard !loaded.hasErrors, loaded.declaredSize != nil else { continue }
                let input = KotlinExporter.Input(loaded: loaded, path: path)
                do {
                    _ = try KotlinExporter.export([input])
                    inputs.append(input)
                } catch {
                    skipped.append("\(error)")
                }
            }
            exported[folder] = inputs.count
            skippedByFolder[folder] = skipped
            print("Kotlin export proof, \(folder): \(inputs.count) scenes exported, \(skipped.count) not:\n  " + skipped.joined(separator: "\n  "))
            for input in inputs {
                cases.append(Case(package: package, input: input, assignments: [], arguments: [:]))
                if folder == "Scenes" {
                    for resizing in ["ASPECT_FIT", "ASPECT_FILL", "STRETCH", "CENTER"] {
                        cases.append(Case(package: package, input: input, assignments: [], arguments: [:], resizing: resizing))
                    }
                }
                for _ in 0..<GeneratedKotlinDrawsWhatTheEvaluatorDrawsTests.randomSets {
                    let assignments = input.loaded.parameters.compactMap { RandomParameter.assignment($0, using: &generator) }
                    cases.append(
                        Case(
                            package: package, input: input, assignments: assignments,
                            arguments: try compiler.arguments(assignments, for: input.loaded)))
                }
            }
            generated.append(("\(package).kt", try KotlinExporter.export(inputs, package: package)))
        }
        var limits: [Case] = []
        for (name, _, text) in GeneratedKotlinKeepsTheEvaluatorsLimitsTests.scenes {
            let input = KotlinExporter.Input(loaded: compiler.load(path: name, bytes: Array(text.utf8)), path: name)
            limits.append(Case(package: "limits", input: input, assignments: [], arguments: [:]))
        }
        generated.append(("limits.kt", try KotlinExporter.export(limits.map(\.input), package: "limits")))
        let output = try KotlinHarness.run(generated: generated, main: harness(cases, limits), root: root)
        var results: [Int: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, parts[0] == "CASE", let n = Int(parts[1]) else { continue }
            results[n] = String(parts[2])
        }
        return KotlinProof(cases: cases, limits: limits, exported: exported, skipped: skippedByFolder, results: results)
    }

    /// Main.kt: every case drawn on a fresh recording canvas, one line of output each; a function per
    /// case (the JVM limits the size of one method). A drawing case prints its display list; a limit
    /// scene only whether it drew (at a limit it draws half a million operations).
    static func harness(_ cases: [Case], _ limits: [Case]) throws -> String {
        var text = """
            fun failure(n: Int, error: Any?): Boolean {
                if (error == null) return false
                val e = error.toString()
                val code = Regex("error\\\\[(E[0-9]{4})\\\\]").find(e)?.groupValues?.get(1) ?: "E????"
                println("CASE $n ERROR $code " + e.replace("\\n", " "))
                return true
            }

            fun report(n: Int, error: Any?, canvas: android.graphics.Canvas, width: Double, height: Double) {
                if (failure(n, error)) return
                val json = canvas.displayListJSON(width, height)
                if (canvas.problems.isNotEmpty()) { println("CASE $n PROBLEM " + canvas.problems); return }
                println("CASE $n OK " + json)
            }

            fun reportDrawn(n: Int, error: Any?, canvas: android.graphics.Canvas) {
                if (failure(n, error)) return
                if (canvas.problems.isNotEmpty()) { println("CASE $n PROBLEM " + canvas.problems); return }
                println("CASE $n OK drawn")
            }

            """
        for (n, c) in (cases + limits).enumerated() {
            let type = c.package + "." + KotlinNames.typeName(fileName: c.input.path)
            var arguments: [String] = []
            for (name, value) in c.arguments.sorted(by: { $0.key < $1.key }) {
                guard let declaration = c.input.loaded.parameters.first(where: { $0.name == name }),
                    let literal = KotlinLiterals.parameter(value, declaration.type)
                else { continue }
                arguments.append(
                    "\(KotlinNames.identifier(name)) = \(literal.replacingOccurrences(of: "SceneColor", with: "\(c.package).SceneColor"))")
            }
            let frame = c.resizing == nil ? "null" : "android.graphics.RectF(0f, 0f, (2 * \(type).WIDTH).toFloat(), (3 * \(type).HEIGHT).toFloat())"
            let parameters = arguments.isEmpty ? "\(type).Parameters()" : "\(type).Parameters(\(arguments.joined(separator: ", ")))"
            let report = n < cases.count ? "report(\(n), error, canvas, \(type).WIDTH, \(type).HEIGHT)" : "reportDrawn(\(n), error, canvas)"
            text += """
                fun case\(n)() {
                    val canvas = android.graphics.Canvas()
                    val error = \(type).draw(canvas, \(frame), \(c.package).SceneResizing.\(c.resizing ?? "ASPECT_FIT"), \(parameters))
                    \(report)
                }

                """
        }
        text += "fun main() {\n" + (cases + limits).indices.map { "    case\($0)()\n" }.joined() + "}\n"
        return text
    }
}
