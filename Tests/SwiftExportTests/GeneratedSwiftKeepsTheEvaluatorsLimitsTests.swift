import Foundation
import SceneCompiler
import SwiftExport
import Testing

/// The evaluator's limits (EvaluationLimits) hold in generated Swift: a scene past one of them
/// (loop iterations, steps, operations, the display list's size, the nesting of blocks and of
/// components) fails in
/// the evaluator with that limit's code, and the generated code, compiled against the recorder,
/// returns an error of the same code and draws nothing, never trapping or running on.
@Suite(.serialized)
struct GeneratedSwiftKeepsTheEvaluatorsLimitsTests {
    /// Components placing each other, each `depth` groups deep: blocks nested past 256.
    static func nestedComponents(levels: Int, depth: Int) -> String {
        var lines = ["<scene width=\"10\" height=\"10\">"]
        for k in stride(from: levels, through: 1, by: -1) {
            let inner = k < levels ? "<use component=\"C\(k + 1)\"/>" : "<rect width=\"5\" height=\"5\" fill=\"red\"/>"
            lines.append(
                "  <component name=\"C\(k)\" width=\"10\" height=\"10\">" + String(repeating: "<group>", count: depth) + inner
                    + String(repeating: "</group>", count: depth) + "</component>")
        }
        return (lines + ["  <use component=\"C1\"/>", "</scene>", ""]).joined(separator: "\n")
    }

    static func loop(_ count: Int, _ body: String) -> String {
        "<scene width=\"10\" height=\"10\">\n  <for var=\"i\" from=\"0\" to=\"\(count)\">\n    \(body)\n  </for>\n</scene>\n"
    }

    /// Each past one limit and no other: the file name, the code, the scene; nil for a scene exactly
    /// at a limit, which both draw.
    static let scenes: [(String, String?, String)] = [
        ("limit-iterations.scene", "E0604", loop(3_000_000, "<rect width=\"1\" height=\"1\" fill=\"red\"/>")),
        ("limit-steps.scene", "E0606", loop(1_000_000, "<let name=\"a\" value=\"i\"/>")),
        ("limit-operations.scene", "E0605", loop(600_000, "<paint fill=\"red\"/>")),
        ("limit-output.scene", "E0607", loop(200_000, "<rect width=\"1\" height=\"1\" fill=\"red\"/>")),
        ("limit-nesting.scene", "E0610", nestedComponents(levels: 6, depth: 50)),
        ("limit-components.scene", "E0614", nestedComponents(levels: 34, depth: 0)),
        ("at-components.scene", nil, nestedComponents(levels: 32, depth: 0)),
    ]

    @Test func pastEachLimitTheGeneratedCodeFailsWithTheEvaluatorsCode() throws {
        let compiler = SceneCompiler()
        var inputs: [SwiftExporter.Input] = []
        var cases: [GeneratedSwiftDrawsWhatTheEvaluatorDrawsTests.Case] = []
        for (name, code, text) in Self.scenes {
            let loaded = compiler.load(path: name, bytes: Array(text.utf8))
            #expect(!loaded.hasErrors, "\(name) loads: \(loaded.diagnostics)")
            let codes = compiler.compile(loaded).diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)
            if let code {
                #expect(codes.contains(code), "\(name): the evaluator fails with \(code), not \(codes)")
            } else {
                #expect(codes.isEmpty, "\(name): the evaluator draws it, but fails with \(codes)")
            }
            cases.append(.init(scene: inputs.count, assignments: [], arguments: [:]))
            inputs.append(SwiftExporter.Input(loaded: loaded, path: name))
        }
        let generated = try SwiftExporter.export(inputs)
        let harness = try GeneratedSwiftDrawsWhatTheEvaluatorDrawsTests.harness(inputs, cases)
        let output = try SwiftHarness.run(generated: generated, main: harness, root: GeneratedSwiftDrawsWhatTheEvaluatorDrawsTests.root)
        for (n, (name, code, _)) in Self.scenes.enumerated() {
            let line = output.split(separator: "\n").first { $0.hasPrefix("CASE \(n) ") } ?? "no result"
            let expected = code.map { "CASE \(n) ERROR \($0) \(name):" } ?? "CASE \(n) OK "
            #expect(line.hasPrefix(expected), "\(name): expected \(expected), the generated code gives \(line.prefix(300))")
        }
    }
}
