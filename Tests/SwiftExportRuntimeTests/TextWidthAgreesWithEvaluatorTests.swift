import Foundation
import SwiftExportRuntime
import Testing
import TextMeasurement

/// `textWidth` in generated Swift: with no Core Text here, the runtime asks the measure set in
/// `SceneTextMeasurement.measure` (Pango's, as scenec's tests set it) and then gives what the
/// evaluator gives, width for width and failure for failure; unset, it fails with E0530.
@Suite(.serialized)
struct TextWidthAgreesWithEvaluatorTests {
    typealias V = SceneRuntime.Value
    typealias Outcome = RuntimeAgreesWithEvaluatorTests.Outcome

    static let cases: [(String, [V])] = [
        ("textWidth('Glasses today', 14, 'DejaVu Sans', 'bold')", [.string("Glasses today"), .int(14), .string("DejaVu Sans"), .string("bold")]),
        ("textWidth(42, 10)", [.int(42), .int(10)]),
        ("textWidth('Thin', 10.5, 'DejaVu Sans', 200)", [.string("Thin"), .number(10.5), .string("DejaVu Sans"), .int(200)]),
        ("textWidth('M', 10, 'DejaVu Sans Mono')", [.string("M"), .int(10), .string("DejaVu Sans Mono")]),
        ("textWidth('x', 12, 'DejaVu Sanz')", [.string("x"), .int(12), .string("DejaVu Sanz")]),
        ("textWidth('x', 12, 'DejaVu Sans', 450)", [.string("x"), .int(12), .string("DejaVu Sans"), .int(450)]),
        ("textWidth('x', 0)", [.string("x"), .int(0)]),
    ]

    static func measured(_ arguments: [V]) -> Outcome {
        RuntimeAgreesWithEvaluatorTests.run(.number) { try SceneRuntime.call(.textWidth, arguments, at: "t.scene:1:1") }
    }

    @Test func measuresWhatTheEvaluatorMeasuresThroughTheHook() {
        SceneTextMeasurement.measure = { PangoMeasurer.shared.width(of: $0, family: $1, size: $2, weight: $3) }
        defer { SceneTextMeasurement.measure = nil }
        for (expression, arguments) in Self.cases {
            let expected = RuntimeAgreesWithEvaluatorTests.evaluate(expression, as: .number)
            let actual = Self.measured(arguments)
            #expect(actual == expected, "\(expression): the evaluator gives \(expected), the runtime \(actual)")
        }
    }

    @Test func withoutAMeasureTextWidthIsAnErrorNotAGuess() {
        SceneTextMeasurement.measure = nil
        #expect(Self.measured([.string("x"), .int(12)]) == .error("E0530"))
    }
}
