import Foundation
import ResolvedProgram
@testable import SceneEvaluator
import SceneCompiler
import SceneSource
import SceneSyntax
import Testing

/// The resolved program's expression evaluator (`ProgramExpressionEvaluator`: slots, builtins by
/// case) against the syntax tree's (`ExpressionEvaluator`: names through `Scope`, builtins by name):
/// for each case, a scene of `<let>`s is loaded once and every let evaluated in order on both
/// paths, each defining its name for the next; the last one's value or error (code, message,
/// place, help) and the steps charged must be the same.
struct ProgramExpressionTests {
    /// Lets written before each case's expression (`v`), so that cases read locals of each kind.
    static let prelude = [
        ("xs", "[1, 2.5, 3]"), ("ns", "[3, 1, 2]"), ("words", "['Mon', 'Tue']"), ("palette", "[red, #102030, rgb(1, 2, 3)]"),
        ("k", "7"), ("half", "0.5"), ("label", "'Sun'"),
    ]

    static let cases = [
        // literals, names, lists
        "3", "-2.5", "'text'", "true", "#57dad5", "#57dad580", "pi", "π", "none", "cornflowerblue", "width", "height", "n",
        "mode", "when", "k", "xs", "[]", "[1, 'a']", "[true]", "[xs]", "[1, 2.5, -3]", "[k, half, n]",
        // operators
        "1 + 2", "1 + 2.5", "7 // 2", "7 % 3", "7.5 % 2", "1 / 0", "1 // 0", "1.5 // 2", "9223372036854775807 + 1",
        "-(-9223372036854775807 - 1)", "pow(10, 200) * pow(10, 200)", "'a' + 'b'", "label + 1", "1 lt 2", "2.5 ge 3",
        "'a' lt 1", "1 == 1.0", "xs == [1, 2.5, 3]", "'a' == 'a'", "red == #ff0000", "1 == 'a'", "not true", "not 1",
        "-'a'", "+k", "true and false", "false and 1", "true or 1", "1 or true", "true and 1",
        // conditional and index
        "k gt 3 ? 'big' : 'small'", "1 ? 2 : 3", "xs[1]", "xs[3]", "xs[-1]", "xs[1.0]", "k[0]", "[][0]", "words[n - 2]",
        // builtins
        "min(3, 1, 2)", "min(xs)", "max(ns)", "min(1)", "min([])", "max(1, 2.5)", "abs(-3)", "abs(-9223372036854775807 - 1)",
        "sqrt(2)", "sqrt(-1)", "pow(2, 10)", "sin(90)", "cos(0)", "tan(90)", "asin(2)", "acos(0.5)", "atan(1)", "atan2(1, 1)",
        "floor(2.7)", "ceil(2.1)", "round(2.5)", "round(3)", "int(2.9)", "int(1e300)", "number(3)", "clamp(5, 0, 3)",
        "clamp(1, 3, 0)", "radians(180)", "degrees(pi)", "count(xs)", "count(k)", "sum(ns)", "sum(xs)", "sum(words)",
        "runningSum(ns)", "runningSum(xs)", "slice(xs, 1, 3)", "slice(xs, 2, 1)", "slice(xs, 0, 9)", "slice(xs, 0.5, 1)",
        "rgb(87, 218, 213)", "rgb(256, 0, 0)", "rgb('a', 0, 0)", "rgb(k, k, k)", "rgba(1, 2, 3, 0.5)", "rgba(1, 2, 3, 2)",
        "white(0.5)", "white(0.5, 0.5)", "hsb(0.5, 0.5, 0.5)", "hsb(0.5, 0.5, 0.5, 0.2)", "withAlpha(red, 0.5)",
        "withAlpha(1, 0.5)", "mix(red, blue, 0.25)", "lighter(red, 0.2)", "darker(#336699, 0.5)", "darker(red, 2)",
        "linear(red, 0, 0, 1, 1)", "radial(1, 0, 0, 1, 0, 0, 2)", "replace(xs, 1, 9)", "replace(xs, 5, 9)",
        "replace(words, 0, 1)", "format(3.14159, 2)", "format(1e20, 1)", "format(2, 11)", "upper(label)", "lower('ÄB')",
        "length('héllo')", "truncate('abcdef', 3)", "truncate(label, 0)", "join(words, ', ')", "join(xs, '-')",
        "join(palette, ' ')", "log(0)", "log(2.5)", "exp(1)", "log10(1000)", "red(palette[1])", "green(red)", "blue(red)",
        "alpha(palette[1])", "hue(red)", "saturation(palette[1])", "lightness(red)", "luminance(red)", "contrast(red, white(1))",
        "weekday(when)", "dayName(when)", "dayInitial(when)", "addDays(when, 40)", "addDays('2026-13-01', 1)",
        "addDays(when, 1e9)", "textWidth(label, 12)",
        // what the analysis resolves to `.unresolved` (the syntax tree's evaluator reports it again)
        "nope + 1", "sqrt", "frobnicate(1)", "rgb(1, 2)", "[1, nope]",
    ]

    /// The outcome of the last let: its value's text or its error, and the steps charged.
    struct Outcome: Equatable, CustomStringConvertible {
        var result: String
        var steps: Int
        var description: String { "\(result) (\(steps) steps)" }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func loaded(_ expression: String) -> LoadedScene {
        let lets = (prelude + [("v", expression)]).map { "  <let name=\"\($0.0)\" value=\"\(escaped($0.1))\"/>" }
        let text = """
            <scene width="120" height="80">
              <param name="n" type="int" default="3"/>
              <param name="mode" type="string" default="dark"/>
              <param name="when" type="date" default="2026-11-27"/>
            \(lets.joined(separator: "\n"))
            </scene>

            """
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

    /// Every let through the syntax tree's evaluator, with names in a `Scope`.
    static func syntaxTreeOutcome(_ loaded: LoadedScene) -> Outcome? {
        guard let scene = loaded.scene else { return nil }
        var evaluator = ExpressionEvaluator(scope: Scope(), limits: EvaluationLimits())
        evaluator.scope.define("width", .number(120), at: nil)
        evaluator.scope.define("height", .number(80), at: nil)
        for parameter in loaded.parameters { evaluator.scope.define(parameter.name, parameter.defaultValue, at: parameter.span) }
        var result = ""
        for node in scene.root.children where node.kind == .let {
            guard let name = node.word(.name), let expr = node.expression(.value) else { return nil }
            var value = Value.invalid
            result = describe {
                value = try evaluator.evaluate(expr)
                return value
            }
            evaluator.scope.define(name.text, value, at: name.span)
        }
        return Outcome(result: result, steps: evaluator.budget.steps)
    }

    /// Every let through the program's evaluator, with names in a `SlotFrame`.
    static func programOutcome(_ loaded: LoadedScene) -> Outcome? {
        guard let body = loaded.resolvedProgram?.main else { return nil }
        let defaults = Dictionary(uniqueKeysWithValues: loaded.parameters.map { ($0.name, $0.defaultValue) })
        let frame = SlotFrame(width: 120, height: 80, parameters: body.parameters.map { defaults[$0.name.text] ?? .invalid },
                              slotCount: body.slotCount)
        let limits = EvaluationLimits()
        var evaluator = ProgramExpressionEvaluator(frame: frame, context: .init(limits: limits, budget: StepBudget(limit: limits.maxSteps),
                                                                               measurer: nil))
        var result = ""
        for case .let(let statement) in body.statements {
            var value = Value.invalid
            result = describe {
                value = try evaluator.evaluate(statement.value)
                return value
            }
            if let slot = statement.declaration.slot { evaluator.frame.locals[slot] = value }
        }
        return Outcome(result: result, steps: evaluator.context.budget.steps)
    }

    @Test("the program's evaluator gives the syntax tree evaluator's value or error, for the same steps", arguments: cases)
    func same(_ expression: String) throws {
        let loaded = Self.loaded(expression)
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
        let old = try #require(Self.syntaxTreeOutcome(loaded))
        let new = try #require(Self.programOutcome(loaded))
        if loaded.staticDiagnostics.contains(where: { $0.severity == .error && $0.code != .typeMismatch }) {
            // The analysis owns this error: the program evaluates it to `.invalid`, reporting nothing more.
            #expect(new.result == Value.invalid.description, "\(new)")
            #expect(old.result != Value.invalid.description, "\(old)")
        } else {
            #expect(old == new)
        }
    }

    @Test("names resolve to the frame's slots, parameters and inputs, not by their text")
    func slots() throws {
        let loaded = Self.loaded("[k, n, width, height]")
        let body = try #require(loaded.resolvedProgram?.main)
        var frame = SlotFrame(width: 1, height: 2, parameters: [.int(10), .string("x"), .string("d")], slotCount: body.slotCount)
        guard case .let(let last)? = body.statements.last, let kSlot = body.slots.firstIndex(where: { $0.name == "k" }) else {
            Issue.record("no let")
            return
        }
        frame.locals[kSlot] = .int(42)
        let limits = EvaluationLimits()
        var evaluator = ProgramExpressionEvaluator(frame: frame, context: .init(limits: limits, budget: StepBudget(limit: limits.maxSteps),
                                                                               measurer: nil))
        #expect(try evaluator.evaluate(last.value) == .list([.int(42), .int(10), .number(1), .number(2)]))
    }
}
