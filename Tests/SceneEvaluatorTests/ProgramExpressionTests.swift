import Foundation
import ResolvedProgram
import SceneAnalysis
@testable import SceneEvaluator
import SceneCompiler
import SceneSource
import SceneSyntax
import Testing

/// The resolved program's expression evaluator (`ProgramExpressionEvaluator`: slots, builtins by
/// case), which runs scenes and evaluates the constants written outside them (a parameter's
/// default, `min`, `max`, `--set`: `ConstantLowering`, `ConstantEvaluation`): for each constant
/// expression, a `<let>` of a loaded scene and the same expression lowered as a constant (where
/// only the predefined names are in scope) give the same value or error, for the same steps.
struct ProgramExpressionTests {
    static let cases = [
        // literals, names, lists
        "3", "-2.5", "'text'", "true", "#57dad5", "#57dad580", "pi", "π", "none", "cornflowerblue", "120", "80", "3",
        "'dark'", "'2026-11-27'", "7", "[1, 2.5, 3]", "[]", "[1, 'a']", "[true]", "[[1, 2.5, 3]]", "[1, 2.5, -3]", "[7, 0.5, 3]",
        // operators
        "1 + 2", "1 + 2.5", "7 // 2", "7 % 3", "7.5 % 2", "1 / 0", "1 // 0", "1.5 // 2", "9223372036854775807 + 1",
        "-(-9223372036854775807 - 1)", "pow(10, 200) * pow(10, 200)", "'a' + 'b'", "'Sun' + 1", "1 lt 2", "2.5 ge 3",
        "'a' lt 1", "1 == 1.0", "[1, 2.5, 3] == [1, 2.5, 3]", "'a' == 'a'", "red == #ff0000", "1 == 'a'", "not true", "not 1",
        "-'a'", "+7", "true and false", "false and 1", "true or 1", "1 or true", "true and 1",
        // conditional and index
        "7 gt 3 ? 'big' : 'small'", "1 ? 2 : 3", "[1, 2.5, 3][1]", "[1, 2.5, 3][3]", "[1, 2.5, 3][-1]", "[1, 2.5, 3][1.0]", "7[0]", "[][0]",
        "['Mon', 'Tue'][3 - 2]",
        // builtins
        "min(3, 1, 2)", "min([1, 2.5, 3])", "max([3, 1, 2])", "min(1)", "min([])", "max(1, 2.5)", "abs(-3)", "abs(-9223372036854775807 - 1)",
        "sqrt(2)", "sqrt(-1)", "pow(2, 10)", "sin(90)", "cos(0)", "tan(90)", "asin(2)", "acos(0.5)", "atan(1)", "atan2(1, 1)",
        "floor(2.7)", "ceil(2.1)", "round(2.5)", "round(3)", "int(2.9)", "int(1e300)", "number(3)", "clamp(5, 0, 3)",
        "clamp(1, 3, 0)", "radians(180)", "degrees(pi)", "count([1, 2.5, 3])", "count(7)", "sum([3, 1, 2])", "sum([1, 2.5, 3])",
        "sum(['Mon', 'Tue'])",
        "runningSum([3, 1, 2])", "runningSum([1, 2.5, 3])", "slice([1, 2.5, 3], 1, 3)", "slice([1, 2.5, 3], 2, 1)", "slice([1, 2.5, 3], 0, 9)",
        "slice([1, 2.5, 3], 0.5, 1)",
        "rgb(87, 218, 213)", "rgb(256, 0, 0)", "rgb('a', 0, 0)", "rgb(7, 7, 7)", "rgba(1, 2, 3, 0.5)", "rgba(1, 2, 3, 2)",
        "white(0.5)", "white(0.5, 0.5)", "hsb(0.5, 0.5, 0.5)", "hsb(0.5, 0.5, 0.5, 0.2)", "withAlpha(red, 0.5)",
        "withAlpha(1, 0.5)", "mix(red, blue, 0.25)", "lighter(red, 0.2)", "darker(#336699, 0.5)", "darker(red, 2)",
        "linear(red, 0, 0, 1, 1)", "radial(1, 0, 0, 1, 0, 0, 2)", "replace([1, 2.5, 3], 1, 9)", "replace([1, 2.5, 3], 5, 9)",
        "replace(['Mon', 'Tue'], 0, 1)", "format(3.14159, 2)", "format(1e20, 1)", "format(2, 11)", "upper('Sun')", "lower('ÄB')",
        "length('héllo')", "truncate('abcdef', 3)", "truncate('Sun', 0)", "join(['Mon', 'Tue'], ', ')", "join([1, 2.5, 3], '-')",
        "join([red, #102030, rgb(1, 2, 3)], ' ')", "log(0)", "log(2.5)", "exp(1)", "log10(1000)", "red([red, #102030, rgb(1, 2, 3)][1])",
        "green(red)", "blue(red)",
        "alpha([red, #102030, rgb(1, 2, 3)][1])", "hue(red)", "saturation([red, #102030, rgb(1, 2, 3)][1])", "lightness(red)", "luminance(red)",
        "contrast(red, white(1))",
        "weekday('2026-11-27')", "dayName('2026-11-27')", "dayInitial('2026-11-27')", "addDays('2026-11-27', 40)", "addDays('2026-13-01', 1)",
        "addDays('2026-11-27', 1e9)", "textWidth('Sun', 12)",
        // what the analysis resolves to `.unresolved`
        "nope + 1", "nope + (1 // 0)", "sqrt", "frobnicate(1)", "rgb(1, 2)", "[1, nope]",
    ]

    /// The outcome of the let: its value's text or its error, and the steps charged.
    struct Outcome: Equatable, CustomStringConvertible {
        var result: String
        var steps: Int
        var description: String { "\(result) (\(steps) steps)" }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func loaded(_ expression: String, parameters: String = "", lets: [(String, String)] = []) -> LoadedScene {
        let written = (lets + [("v", expression)]).map { "  <let name=\"\($0.0)\" value=\"\(escaped($0.1))\"/>" }
        let text = "<scene width=\"120\" height=\"80\">\n\(parameters)\n\(written.joined(separator: "\n"))\n</scene>\n"
        return SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8))
    }

    static func describe(_ body: () throws -> Value) -> String {
        do {
            return try body().description
        } catch let d as Diagnostic {
            return "\(d.code.rawValue) \(d.message) \(d.span.start)-\(d.span.end) \(d.help ?? "")"
        } catch {
            return "\(error)"
        }
    }

    static func evaluator(_ frame: SlotFrame) -> ProgramExpressionEvaluator {
        let limits = EvaluationLimits()
        return ProgramExpressionEvaluator(frame: frame, context: .init(limits: limits, budget: StepBudget(limit: limits.maxSteps), measurer: nil))
    }

    /// The let's value lowered as a constant, evaluated as the program's constants are.
    static func constantOutcome(_ loaded: LoadedScene) -> Outcome? {
        guard let node = loaded.scene?.root.children.first(where: { $0.kind == .let }),
            let expr = ConstantLowering.attributes(of: node).expression(.value)
        else { return nil }
        var evaluator = Self.evaluator(.constants)
        let result = describe { try evaluator.evaluate(expr) }
        return Outcome(result: result, steps: evaluator.context.budget.steps)
    }

    /// The let through the program's evaluator.
    static func programOutcome(_ loaded: LoadedScene) -> Outcome? {
        guard let body = loaded.resolvedProgram?.main, case .let(let statement)? = body.statements.first else { return nil }
        var evaluator = Self.evaluator(SlotFrame(width: 120, height: 80, parameters: [], slotCount: body.slotCount))
        let result = describe { try evaluator.evaluate(statement.value) }
        return Outcome(result: result, steps: evaluator.context.budget.steps)
    }

    @Test("a constant gives the value or error of the same expression in a body, for the same steps", arguments: cases)
    func same(_ expression: String) throws {
        let loaded = Self.loaded(expression)
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
        let constant = try #require(Self.constantOutcome(loaded))
        let inBody = try #require(Self.programOutcome(loaded))
        #expect(constant == inBody)
    }

    @Test("names are the frame's slots, parameters and size, as the analysis resolved them")
    func slots() throws {
        let loaded = Self.loaded(
            "[k, n, width, height, pi]", parameters: "<param name=\"n\" type=\"int\" default=\"3\"/>",
            lets: [("k", "1")])
        let body = try #require(loaded.resolvedProgram?.main)
        guard case .let(let last)? = body.statements.last, let kSlot = body.slots.firstIndex(where: { $0.name == "k" }) else {
            Issue.record("no let")
            return
        }
        var frame = SlotFrame(width: 1, height: 2, parameters: [.int(10)], slotCount: body.slotCount)
        frame.locals[kSlot] = .int(42)
        var evaluator = Self.evaluator(frame)
        #expect(
            try evaluator.evaluate(last.value)
                == .list([.int(42), .int(10), .number(1), .number(2), .number(Double.pi)]))
    }
}
