@testable import SceneEvaluator
import SceneSource
import SceneSyntax
import Testing

/// `rgb(r, g, b)`'s fast path (`Builtins+RGB.swift`, no argument array) against the general path
/// every other call takes: the same value or the same error (code, message, place, help), and the
/// same steps charged, for channels in range, out of range, of the wrong type, failing, and nested.
struct BuiltinFastPathTests {
    static let cases = [
        "rgb(0, 0, 0)", "rgb(255, 255, 255)", "rgb(87, 218.5, 213)", "rgb(0.2, 0.5, 1.0)",
        "rgb(256, 0, 0)", "rgb(0, -1, 0)", "rgb(0, 0, 255.0001)", "rgb(-0.0, 0, 0)",
        "rgb('a', 0, 0)", "rgb(0, true, 0)", "rgb(0, 0, [1])", "rgb(0, 0, red)", "rgb(none, 0, 0)",
        "rgb(1 // 0, 0, 0)", "rgb(0, nope, 0)", "rgb(0, 0, sqrt(-1))", "rgb(pow(10, 400), 0, 0)",
        "rgb(rgb(1, 2, 3), 0, 0)", "withAlpha(rgb(10, 20, 30), 0.5)", "[rgb(1, 2, 3), rgb(4, 5, 6)]",
        "rgb(1, 2)", "rgb(1, 2, 3, 4)",
    ]

    /// The outcome of one evaluation: the value's text or the error, and the steps it took.
    static func outcome(_ text: String, generalPathsOnly: Bool) -> String {
        let file = FileID(0)
        let attribute = Attribute(name: "x", nameSpan: SourceSpan(file: file, start: 0, end: 1), value: text,
                                  valueSpan: SourceSpan(file: file, start: 3, end: 3 + text.utf8.count))
        guard case .success(let expr) = ExpressionParser.parse(attribute) else { return "syntax" }
        var evaluator = ExpressionEvaluator(scope: Scope(), limits: EvaluationLimits(), generalPathsOnly: generalPathsOnly)
        let result: String
        do {
            result = try evaluator.evaluate(expr).description
        } catch let d as Diagnostic {
            result = "\(d.code.rawValue) \(d.message) \(d.span.start)-\(d.span.end) \(d.help ?? "")"
        } catch {
            result = "\(error)"
        }
        return result + " steps \(evaluator.budget.steps)"
    }

    @Test("rgb's fast path gives what the general path gives", arguments: cases)
    func same(_ text: String) {
        #expect(Self.outcome(text, generalPathsOnly: false) == Self.outcome(text, generalPathsOnly: true))
    }

}
