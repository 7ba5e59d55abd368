import CodeGeneration
import CoreGraphicsRecorder
import DisplayList
import ExportProofSupport
import Foundation
import SceneCompiler
import SceneEvaluator
import SceneSource
import SwiftExport
import Testing

/// The proof of issue 26's Swift part: for every scene in Scenes/ and every fixture scene the
/// generator exports, the generated Swift, compiled with swiftc against the Core Graphics recorder
/// (Tests/CoreGraphicsRecorder), records at the defaults, at 50 seeded random parameter sets
/// inside the declared ranges and at each declared bound the same operations as the evaluator (numbers within 1e-9 relative,
/// colors exact), and fails exactly where the evaluator fails. One program per folder of scenes,
/// so that swiftc runs twice, not once per case.
@Suite(.serialized)
struct GeneratedSwiftDrawsWhatTheEvaluatorDrawsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    static let randomSets = 50

    struct Case {
        let scene: Int
        let assignments: [String]
        let arguments: [String: Value]
    }

    @Test(arguments: ["Scenes", "Tests/SceneCompilerTests/Fixtures", "Tests/SwiftExportTests/Scenes"])
    func generatedCodeRecordsTheEvaluatorsOperations(folder: String) throws {
        let compiler = SceneCompiler()
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + folder).filter { $0.hasSuffix(".scene") }.sorted()
        var inputs: [SwiftExporter.Input] = []
        var skipped: [String] = []
        for name in names {
            let path = folder + "/" + name
            let loaded = try compiler.load(file: Self.root + "/" + path)
            guard !loaded.hasErrors, loaded.declaredSize != nil else { continue }
            let input = SwiftExporter.Input(loaded: loaded, path: path)
            do {
                _ = try SwiftExporter.export([input])
                inputs.append(input)
            } catch {
                skipped.append("\(error)")
            }
        }
        #expect(!inputs.isEmpty)
        if folder != "Tests/SceneCompilerTests/Fixtures" {
            #expect(skipped.isEmpty, "every scene of \(folder) is exported: \(skipped)")
        } else {
            // textWidth() is exported: the fixture that measures labels is proven with the rest.
            #expect(inputs.contains { $0.path.hasSuffix("/text-width.scene") }, "text-width.scene is exported: \(skipped)")
            // So is <concatenate>: the fixture that skews and composes matrices is proven with the rest.
            #expect(inputs.contains { $0.path.hasSuffix("/concatenate.scene") }, "concatenate.scene is exported: \(skipped)")
            // Wrapped text is broken into lines at run time by the runtime's R.wrappedLines: proven with the rest.
            #expect(inputs.filter { $0.path.contains("/text-wrap-") }.count == 6, "the text-wrap-*.scene fixtures are exported: \(skipped)")
            // Rows and columns: each child's box measured, then the children drawn translated into their slots (R.Layout).
            #expect(
                inputs.filter { $0.path.contains("/layout-") }.count >= 3 && !skipped.contains { $0.contains("/layout-") },
                "the layout-*.scene fixtures that draw are exported: \(skipped)")
        }
        print("Swift export proof, \(folder): \(inputs.count) scenes exported, \(skipped.count) not yet:\n  " + skipped.joined(separator: "\n  "))

        var generator = SeededGenerator(seed: 26)
        var cases: [Case] = []
        for (index, input) in inputs.enumerated() {
            cases.append(Case(scene: index, assignments: [], arguments: [:]))
            for _ in 0..<Self.randomSets {
                let assignments = input.loaded.parameters.compactMap { RandomParameter.assignment($0, using: &generator) }
                let arguments = try compiler.arguments(assignments, for: input.loaded)
                cases.append(Case(scene: index, assignments: assignments, arguments: arguments))
            }
            // Each declared bound alone, the rest at the defaults: values the random sets never hit
            // exactly, such as a lineWidth of 0 (nothing in scenec, a hairline in Core Graphics).
            for assignment in input.loaded.parameters.flatMap(RandomParameter.bounds) {
                cases.append(Case(scene: index, assignments: [assignment], arguments: try compiler.arguments([assignment], for: input.loaded)))
            }
        }
        let generated = try SwiftExporter.export(inputs)
        let harness = try Self.harness(inputs, cases)
        let output = try SwiftHarness.run(generated: generated, main: harness, root: Self.root)
        var results: [Int: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, parts[0] == "CASE", let n = Int(parts[1]) else { continue }
            results[n] = String(parts[2])
        }
        var failures: [String] = []
        for (n, c) in cases.enumerated() {
            let input = inputs[c.scene]
            let compilation = compiler.compile(input.loaded, arguments: c.arguments)
            let what = "\(input.path) \(c.assignments.joined(separator: " "))"
            guard let result = results[n] else { failures.append("\(what): no result from the generated code"); continue }
            if compilation.hasErrors {
                let codes = Set(compilation.diagnostics.filter { $0.severity == .error }.map(\.code.rawValue))
                guard result.hasPrefix("ERROR ") else {
                    failures.append("\(what): the evaluator fails (\(codes.sorted())), the generated code draws"); continue
                }
                let code = String(result.dropFirst(6).prefix(5))
                if !codes.contains(code) { failures.append("\(what): the evaluator fails with \(codes.sorted()), the generated code with \(code)") }
                continue
            }
            guard result.hasPrefix("OK ") else { failures.append("\(what): the evaluator draws, the generated code fails: \(result)"); continue }
            let recorded = try JSONDecoder().decode(DisplayList.self, from: Data(result.dropFirst(3).utf8))
            let expected = try #require(compilation.list)
            if let difference = DisplayListMatch.difference(expected: expected, actual: recorded) {
                failures.append("\(what): \(difference)")
            }
        }
        let summary = "\(failures.count) of \(cases.count) cases differ:\n" + failures.prefix(20).joined(separator: "\n")
        #expect(failures.count == 0, "\(summary)")
    }

    /// main.swift: every case drawn into a fresh recorder, one line of output each.
    static func harness(_ inputs: [SwiftExporter.Input], _ cases: [Case]) throws -> String {
        var text = """
            import CoreGraphicsRecorder
            import DisplayList
            import Foundation
            import TextMeasurement

            // No Core Text here: textWidth measures with Pango under the pinned fonts, as scenec does.
            SceneTextMeasurement.measure = { PangoMeasurer.shared.width(of: $0, family: $1, size: $2, weight: $3) }
            let encoder = JSONEncoder()
            func report(_ n: Int, _ error: SceneDrawError?, _ context: CGContext, _ size: CGSize) {
                if let error { print("CASE \\(n) ERROR \\(error.code) \\(error.location)"); return }
                if !context.problems.isEmpty { print("CASE \\(n) PROBLEM \\(context.problems)"); return }
                let list = context.displayList(width: Double(size.width), height: Double(size.height))
                print("CASE \\(n) OK " + String(decoding: try! encoder.encode(list), as: UTF8.self))
            }

            """
        for (n, c) in cases.enumerated() {
            let input = inputs[c.scene]
            let type = CodeNames.upperCamel(fileName: input.path) + "Scene"
            text += "do {\n    \(c.arguments.isEmpty ? "let" : "var") p = \(type).Parameters()\n"
            for (name, value) in c.arguments.sorted(by: { $0.key < $1.key }) {
                guard let declaration = input.loaded.parameters.first(where: { $0.name == name }) else { continue }
                text += "    p.\(SwiftNames.identifier(name)) = \(SwiftLiterals.parameter(value, declaration.type) ?? "unsupported")\n"
            }
            text += "    let context = CGContext()\n    report(\(n), \(type).draw(in: context, p), context, \(type).size)\n}\n"
        }
        return text
    }
}
