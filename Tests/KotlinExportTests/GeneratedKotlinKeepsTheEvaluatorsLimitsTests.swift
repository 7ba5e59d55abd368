import Foundation
import SceneCompiler
import Testing

/// The evaluator's limits (EvaluationLimits) hold in generated Kotlin as in generated Swift: a scene
/// past one of them (loop iterations, steps, operations, the display list's size, the nesting of
/// blocks and of components) fails in the evaluator with that limit's code, and the generated code,
/// compiled against the Android stub (in the one kotlinc run of `KotlinProof`), returns an error of
/// the same code and draws nothing, never throwing or running on; a scene exactly at a limit draws
/// in both.
struct GeneratedKotlinKeepsTheEvaluatorsLimitsTests {
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

    /// `count` runs of `body`, then the statements of `after`.
    static func loop(_ count: Int, _ body: String, after: String = "") -> String {
        "<scene width=\"10\" height=\"10\">\n  <for var=\"i\" from=\"0\" to=\"\(count)\">\n    \(body)\n  </for>\n\(after)</scene>\n"
    }

    static let rect = "<rect width=\"1\" height=\"1\" fill=\"red\"/>"
    static func paints(_ n: Int) -> String { String(repeating: "  <paint fill=\"red\"/>\n", count: n) }

    /// Each past one limit and no other: the file name, the code, the scene; nil for a scene exactly
    /// at a limit, which both draw. A rectangle is an operation of size 6 (itself and 5 segments), a
    /// `<paint>` of size 1: 166 666 rectangles and 4 paints fill the display list's 1 000 000 entries.
    static let scenes: [(String, String?, String)] = [
        ("limit-iterations.scene", "E0604", loop(3_000_000, rect)),
        ("limit-steps.scene", "E0606", loop(1_000_000, "<let name=\"a\" value=\"i\"/>")),
        ("limit-operations.scene", "E0605", loop(500_001, "<paint fill=\"red\"/>")),
        ("at-operations.scene", nil, loop(500_000, "<paint fill=\"red\"/>")),
        ("limit-output.scene", "E0607", loop(166_666, rect, after: paints(5))),
        ("at-output.scene", nil, loop(166_666, rect, after: paints(4))),
        ("limit-nesting.scene", "E0610", nestedComponents(levels: 6, depth: 50)),
        ("limit-components.scene", "E0614", nestedComponents(levels: 33, depth: 0)),
        ("at-components.scene", nil, nestedComponents(levels: 32, depth: 0)),
    ]

    @Test func pastEachLimitTheGeneratedCodeFailsWithTheEvaluatorsCode() throws {
        let proof = try KotlinProof.shared.get()
        let compiler = SceneCompiler()
        #expect(proof.limits.count == Self.scenes.count)
        for (index, (name, code, _)) in Self.scenes.enumerated() where index < proof.limits.count {
            let loaded = proof.limits[index].input.loaded
            #expect(!loaded.hasErrors, "\(name) loads: \(loaded.diagnostics)")
            let codes = compiler.compile(loaded).diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)
            if let code {
                #expect(codes.contains(code), "\(name): the evaluator fails with \(code), not \(codes)")
            } else {
                #expect(codes.isEmpty, "\(name): the evaluator draws it, but fails with \(codes)")
            }
            let result = proof.results[proof.cases.count + index] ?? "no result"
            let expected = code.map { "ERROR \($0) \(name):" } ?? "OK "
            #expect(result.hasPrefix(expected), "\(name): expected \(expected), the generated code gives \(result.prefix(300))")
        }
    }
}
