import DisplayList
import Foundation
import SceneCompiler
import SceneSource
import SwiftExportRuntime
import Testing

/// The runtime generated Swift embeds computes what the evaluator computes, value for value and
/// failure for failure: each case is an expression the evaluator runs inside a scene and the same
/// operation called on the runtime, as generated code calls it.
struct RuntimeAgreesWithEvaluatorTests {
    typealias V = SceneRuntime.Value
    typealias R = SceneRuntime

    /// What the evaluator made of `expression`: the number a rect's x took, the color a fill took,
    /// the string a text drew, or the code of the error it reported.
    enum Outcome: Equatable, CustomStringConvertible {
        case number(Double), color(Color), text(String), error(String)
        var description: String {
            switch self {
            case .number(let v): "number \(v)"
            case .color(let c): "color \(ColorText.exact(c))"
            case .text(let s): "text '\(s)'"
            case .error(let code): "error \(code)"
            }
        }
    }

    enum Kind: Sendable { case number, color, text }

    static func evaluate(_ expression: String, as kind: Kind) -> Outcome {
        let escaped = expression.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
        let element: String
        switch kind {
        case .number: element = "<rect x=\"\(escaped)\" width=\"1\" height=\"1\" fill=\"red\"/>"
        case .color: element = "<rect width=\"1\" height=\"1\" fill=\"\(escaped)\"/>"
        case .text: element = "<text>{\(escaped)}</text>"
        }
        let text = "<scene width=\"100\" height=\"100\">\n\(element)\n</scene>\n"
        let compiler = SceneCompiler()
        let loaded = compiler.load(path: "t.scene", bytes: Array(text.utf8))
        let compilation = compiler.compile(loaded)
        if let error = compilation.diagnostics.first(where: { $0.severity == .error }) { return .error(error.code.rawValue) }
        guard let item = compilation.list?.items.first else { return .error("nothing drawn") }
        switch item {
        case .fill(let fill):
            if kind == .color, case .color(let c) = fill.paint { return .color(c) }
            if case .move(let p) = fill.path.segments.first { return .number(p.x) }
        case .text(let run): return .text(run.string)
        default: break
        }
        return .error("unexpected \(item)")
    }

    /// The runtime's outcome, in the same terms.
    static func run(_ kind: Kind, _ body: () throws -> V) -> Outcome {
        do {
            let value = try body()
            switch (kind, value) {
            case (.number, _): return value.numeric.map(Outcome.number) ?? .error("not a number: \(value)")
            case (.color, .color(let c)): return .color(Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha))
            case (.text, _): return R.text(of: value).map(Outcome.text) ?? .error("no text for \(value)")
            default: return .error("unexpected \(value)")
            }
        } catch let error as SceneDrawError {
            return .error(error.code)
        } catch {
            return .error("\(error)")
        }
    }

    static let site = "t.scene:1:1"
    static func call(_ f: SceneRuntime.Function, _ values: V...) throws -> V { try R.call(f, values, at: site) }
    static func op(_ o: SceneRuntime.BinaryOperator, _ a: V, _ b: V) throws -> V { try R.binary(o, a, b, at: site) }
    static let teal = V.color(.rgb255(87, 218, 213))

    static let cases: [(String, Kind, @Sendable () throws -> V)] = [
        ("7 // 2 + 0.5", .number, { try op(.add, try op(.integerDivide, .int(7), .int(2)), .number(0.5)) }),
        ("-7 % 3", .number, { try op(.remainder, .int(-7), .int(3)) }),
        ("-7.5 % 2", .number, { try op(.remainder, .number(-7.5), .int(2)) }),
        ("1 / 3", .number, { try op(.divide, .int(1), .int(3)) }),
        ("1 / 0", .number, { try op(.divide, .int(1), .int(0)) }),
        ("1.5 // 1", .number, { try op(.integerDivide, .number(1.5), .int(1)) }),
        ("9223372036854775807 + 1", .number, { try op(.add, .int(Int.max), .int(1)) }),
        ("1e308 * 10", .number, { try op(.multiply, .number(1e308), .int(10)) }),
        ("[1, 2, 3][3]", .number, { try R.index(.list([.int(1), .int(2), .int(3)]), .int(3), at: site) }),
        ("sin(pi / 3) + cos(pi)", .number, { try op(.add, try call(.sin, .number(Double.pi / 3)), try call(.cos, .number(Double.pi))) }),
        ("tan(pi / 2)", .number, { try call(.tan, .number(Double.pi / 2)) }),
        ("sqrt(-1)", .number, { try call(.sqrt, .int(-1)) }),
        ("pow(2, 0.5) + atan2(1, 2)", .number, { try op(.add, try call(.pow, .int(2), .number(0.5)), try call(.atan2, .int(1), .int(2))) }),
        (
            "round(-2.5) + floor(1.7) * ceil(0.2)", .number,
            {
                try op(.add, try call(.round, .number(-2.5)), try op(.multiply, try call(.floor, .number(1.7)), try call(.ceil, .number(0.2))))
            }
        ),
        ("clamp(5, 10, 1)", .number, { try call(.clamp, .int(5), .int(10), .int(1)) }),
        (
            "max([3, 9.5, 2]) - min(4, 1)", .number,
            {
                try op(.subtract, try call(.max, .list([.int(3), .number(9.5), .int(2)])), try call(.min, .int(4), .int(1)))
            }
        ),
        ("sum(runningSum([1, 2.5, 3]))", .number, { try call(.sum, try call(.runningSum, .list([.int(1), .number(2.5), .int(3)]))) }),
        // A list's value shown as text: where a number goes, the checker refuses a list before evaluating.
        ("slice([1, 2, 3], 2, 1)", .text, { try call(.slice, .list([.int(1), .int(2), .int(3)]), .int(2), .int(1)) }),
        ("radians(90) + degrees(1)", .number, { try op(.add, try call(.radians, .int(90)), try call(.degrees, .int(1))) }),
        ("weekday(addDays('2026-02-27', 3))", .number, { try call(.weekday, try call(.addDays, .string("2026-02-27"), .int(3))) }),
        ("addDays('9999-12-31', 1)", .text, { try call(.addDays, .string("9999-12-31"), .int(1)) }),
        (
            "dayName('2026-11-27') + dayInitial('2024-02-29')", .text,
            {
                try op(.add, try call(.dayName, .string("2026-11-27")), try call(.dayInitial, .string("2024-02-29")))
            }
        ),
        (
            "format(2.345, 2) + format(-0.004, 2) + format(0.996, 2)", .text,
            {
                try op(
                    .add, try op(.add, try call(.format, .number(2.345), .int(2)), try call(.format, .number(-0.004), .int(2))),
                    try call(.format, .number(0.996), .int(2)))
            }
        ),
        // Whole parts past 2^64: the exact digits (printf's %.0f in the runtime, DecimalDigits in scenec).
        (
            "format(1e20, 1) + format(-2.5e300, 0) + format(2e19, 2)", .text,
            {
                try op(
                    .add, try op(.add, try call(.format, .number(1e20), .int(1)), try call(.format, .number(-2.5e300), .int(0))),
                    try call(.format, .number(2e19), .int(2)))
            }
        ),
        ("1 / 3", .text, { try op(.divide, .int(1), .int(3)) }),
        ("[1, 2.5, -0.00001]", .text, { try R.list([.int(1), .number(2.5), try R.negate(.number(0.00001), at: site)], at: site) }),
        (
            "mix(rgb(87, 218, 213), rgba(34, 110, 100, 0.3), 0.25)", .color,
            {
                try call(.mix, teal, try call(.rgba, .int(34), .int(110), .int(100), .number(0.3)), .number(0.25))
            }
        ),
        ("lighter(rgb(87, 218, 213), 0.3)", .color, { try call(.lighter, teal, .number(0.3)) }),
        ("darker(rgb(87, 218, 213), 0.45)", .color, { try call(.darker, teal, .number(0.45)) }),
        ("hsb(0.61, 0.5, 0.9, 0.8)", .color, { try call(.hsb, .number(0.61), .number(0.5), .number(0.9), .number(0.8)) }),
        ("withAlpha(white(0.4), 0.5)", .color, { try call(.withAlpha, try call(.white, .number(0.4)), .number(0.5)) }),
        ("rgb(256, 0, 0)", .color, { try call(.rgb, .int(256), .int(0), .int(0)) }),
        // Issue 22's values.
        (
            "red(rgb(87, 218, 213)) + green(rgb(87, 218, 213)) / 1000 + blue(mix(black, white, 0.5)) + alpha(rgba(34, 110, 100, 0.3))", .number,
            {
                try op(
                    .add,
                    try op(
                        .add, try op(.add, try call(.red, teal), try op(.divide, try call(.green, teal), .int(1000))),
                        try call(.blue, try call(.mix, .color(.rgb255(0, 0, 0)), .color(.rgb255(255, 255, 255)), .number(0.5)))),
                    try call(.alpha, try call(.rgba, .int(34), .int(110), .int(100), .number(0.3))))
            }
        ),
        (
            "hue(rgb(87, 218, 213)) + saturation(rgb(87, 218, 213)) * 10 + lightness(rgb(87, 218, 213)) * 100", .number,
            {
                try op(
                    .add, try op(.add, try call(.hue, teal), try op(.multiply, try call(.saturation, teal), .int(10))),
                    try op(.multiply, try call(.lightness, teal), .int(100)))
            }
        ),
        (
            "luminance(rgb(87, 218, 213)) + contrast(rgb(87, 218, 213), rgba(34, 110, 100, 0.3))", .number,
            {
                try op(.add, try call(.luminance, teal), try call(.contrast, teal, try call(.rgba, .int(34), .int(110), .int(100), .number(0.3))))
            }
        ),
        (
            "log10(1000) + log(2) + exp(1.5)", .number,
            {
                try op(.add, try op(.add, try call(.log10, .int(1000)), try call(.log, .int(2))), try call(.exp, .number(1.5)))
            }
        ),
        ("log(0)", .number, { try call(.log, .int(0)) }),
        ("exp(710)", .number, { try call(.exp, .int(710)) }),
        ("length('café👍🏽')", .number, { try call(.length, .string("café👍🏽")) }),
        (
            "upper('straße') + lower('ΟΔΟΣ Flo')", .text,
            {
                try op(.add, try call(.upper, .string("straße")), try call(.lower, .string("ΟΔΟΣ Flo")))
            }
        ),
        (
            "truncate('Glasses today', 9) + truncate('Mon', 3)", .text,
            {
                try op(.add, try call(.truncate, .string("Glasses today"), .int(9)), try call(.truncate, .string("Mon"), .int(3)))
            }
        ),
        ("truncate('Water', 0)", .text, { try call(.truncate, .string("Water"), .int(0)) }),
        (
            "join([1, 2.5, 1 / 3], ' · ')", .text,
            {
                try call(.join, .list([.int(1), .number(2.5), try op(.divide, .int(1), .int(3))]), .string(" · "))
            }
        ),
        ("join(['a'], 1)", .text, { try call(.join, .list([.string("a")]), .int(1)) }),
        (
            "3 < 2.5 ? red : blue", .color,
            {
                try R.condition(try op(.less, .int(3), .number(2.5)), at: site) ? .color(.rgb255(255, 0, 0)) : .color(.rgb255(0, 0, 255))
            }
        ),
    ]

    @Test(arguments: cases.indices)
    func sameResult(_ index: Int) {
        let (expression, kind, body) = Self.cases[index]
        let expected = Self.evaluate(expression, as: kind)
        let actual = Self.run(kind, body)
        #expect(actual == expected, "\(expression): the evaluator gives \(expected), the runtime \(actual)")
    }

    @Test func aLoopOverTheLimitFailsBeforeRunning() throws {
        var budget = SceneRuntime.EvaluationBudget()
        #expect(throws: SceneDrawError.self) {
            _ = try R.range(from: .int(0), to: .int(3_000_000), step: .int(1), inclusive: false, budget: &budget, at: Self.site)
        }
        #expect(budget.used == 0)
        let values = try R.range(from: .int(0), to: .int(1), step: .number(0.1), inclusive: true, budget: &budget, at: Self.site)
        #expect(values.count == 11, "an inclusive end within a millionth of a step counts, as in the evaluator")
        #expect(Self.evaluate("0", as: .number) == .number(0))
    }
}
