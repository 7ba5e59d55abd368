/// A function of the expression language. The static checker and the evaluator both read what a
/// function takes and gives from `spec` (one table, `BuiltinFunction.specs`): its usages (from which
/// its argument counts and its signature text follow), its result type, its step cost and its
/// documentation. Raw values are the names as written in a scene.
public enum BuiltinFunction: String, CaseIterable, Sendable {
    case min, max, abs, sqrt, pow, sin, cos, tan, asin, acos, atan, atan2, floor, ceil, round
    case int, number, clamp, radians, degrees, count, sum, replace, runningSum, slice
    case rgb, rgba, white, hsb, withAlpha, mix, lighter, darker, linear, radial, conic, format, textWidth
    case addDays, weekday, dayName, dayInitial
    case log, log10, exp
    case red, green, blue, alpha, hue, saturation, lightness, luminance, contrast
    case upper, lower, length, truncate, join
}

/// The type of a value where it is known without running anything (a builtin's parameter or
/// result, a predefined name), as the checker and the documentation name it.
public enum ValueType: Sendable {
    case int, number
    /// An int or a number, which one depending on the arguments (`min(a, b)`, `abs(x)`).
    case numeric
    case bool, string, color, list, gradient, paint
    /// The value `none` (no paint).
    case none
    /// A `YYYY-MM-DD` string.
    case date
    /// Any value (`replace`'s new element, `textWidth`'s text).
    case any
}

/// One parameter of a usage: its name in the signature (`x`, `list`) and its type.
public struct BuiltinParameter: Sendable {
    public let name: String
    public let type: ValueType

    init(_ name: String, _ type: ValueType) { self.name = name; self.type = type }
}

/// One way of calling a function: `min(a, b, …)` (variadic: the last parameter repeats, any
/// number more) or `min(list)`.
public struct BuiltinUsage: Sendable {
    public let parameters: [BuiltinParameter]
    public let variadic: Bool

    init(_ parameters: [BuiltinParameter], variadic: Bool = false) { self.parameters = parameters; self.variadic = variadic }

    /// Argument counts this usage accepts: exactly the parameters, or at least them when variadic.
    public var low: Int { parameters.count }
    public var high: Int? { variadic ? nil : parameters.count }

    /// `min(a, b, …)`.
    func text(_ name: String) -> String {
        name + "(" + (parameters.map(\.name) + (variadic ? ["…"] : [])).joined(separator: ", ") + ")"
    }
}

/// Everything known of a builtin without running it.
public struct BuiltinSpec: Sendable {
    public let function: BuiltinFunction
    public let usages: [BuiltinUsage]
    /// The result's type as the static checker takes it; nil when it takes it as unknown (it then
    /// reports no type error on the call's value).
    public let result: ValueType?
    /// Evaluation steps a call costs beyond its own expression node (`BuiltinCost`).
    public let cost: Int
    /// What the function does, in one sentence (Grammar.md section 6 has the full table).
    public let documentation: String
    /// The usages as Grammar.md writes them and as errors quote them: `min(a, b, …) or min(list)`.
    public let signature: String

    init(
        _ function: BuiltinFunction, _ usages: [BuiltinUsage], _ result: ValueType?, cost: Int = BuiltinCost.call,
        _ documentation: String
    ) {
        self.function = function
        self.usages = usages
        self.result = result
        self.cost = cost
        self.documentation = documentation
        signature = usages.map { $0.text(function.rawValue) }.joined(separator: " or ")
    }

    /// Whether some usage takes `count` arguments.
    public func accepts(_ count: Int) -> Bool {
        usages.contains { count >= $0.low && count <= ($0.high ?? Int.max) }
    }

    /// The counts accepted, as an error says them: "3", "1 to 2", "at least 1"; and whether the
    /// word after it is plural.
    public var expectedCount: (text: String, plural: Bool) {
        let low = usages.map(\.low).min() ?? 0
        if usages.contains(where: { $0.high == nil }) { return ("at least \(low)", low != 1) }
        let high = usages.compactMap(\.high).max() ?? low
        return (low == high ? "\(low)" : "\(low) to \(high)", high != 1)
    }
}

/// Steps a call costs beyond its own expression node (the evaluator's `StepCost` weighs the rest):
/// functions that build or parse a string cost more. Functions that go through a list (`min`,
/// `max`, `sum`, `runningSum`, `slice`, `replace`) also pay a step per element, charged where
/// they do the work, and `textWidth` a number per character measured.
public enum BuiltinCost {
    public static let call = 50
    public static let format = 200
    public static let date = 300
    /// `textWidth`: a Pango layout of the line. Measured: 20 000 calls on 20-character labels took
    /// 0.35 s of CPU more than the same loop without them, 17.5 µs each (Pango's C code, so a debug
    /// build measures what a release build does).
    public static let measure = 2_000
    /// `upper`, `lower`, `length`, `truncate`, `join`: besides the call, steps by the bytes and
    /// characters they read or write (the evaluator's `StepCost`), charged where they do the work.
    public static let string = 50
}

extension BuiltinFunction {
    /// The case's place in the declaration.
    @inlinable public var caseNumber: UInt8 { unsafeBitCast(self, to: UInt8.self) }
    @inlinable public static func == (a: BuiltinFunction, b: BuiltinFunction) -> Bool { a.caseNumber == b.caseNumber }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseNumber) }

    public var spec: BuiltinSpec { Self.specs[Int(caseNumber)] }
    public var signature: String { spec.signature }

    /// The function called `name`, if there is one: one hash lookup per call evaluated or checked.
    public static func named(_ name: String) -> BuiltinFunction? { byName[name] }

    /// Every function's name, in declaration order (the order of Grammar.md's table of functions
    /// and of "functions: …" in an error's help).
    public static let names: [String] = allCases.map(\.rawValue)

    private static let byName: [String: BuiltinFunction] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// What other languages call some of our functions, with the language: for "did you mean"
    /// where spelling alone would not find ours (`cumsum` is nothing like `runningSum`).
    public static let foreignNames: [String: (ours: String, origin: String)] = [
        "lighten": ("lighter", "Sass"), "darken": ("darker", "Sass"), "tint": ("lighter", "Sass"), "shade": ("darker", "Sass"),
        "colorMix": ("mix", "CSS (color-mix)"), "blended": ("mix", "AppKit"), "lerpColor": ("mix", "Processing"),
        "cumsum": ("runningSum", "NumPy"), "scan": ("runningSum", "Haskell"), "reductions": ("runningSum", "Swift Algorithms"),
        "withAlphaComponent": ("withAlpha", "UIKit"), "subList": ("slice", "Kotlin"), "sublist": ("slice", "Dart"),
        "uppercased": ("upper", "Swift"), "lowercased": ("lower", "Swift"), "toUpperCase": ("upper", "JavaScript"),
        "toLowerCase": ("lower", "JavaScript"), "uppercase": ("upper", "Kotlin"), "lowercase": ("lower", "Kotlin"),
        "len": ("length", "Python"), "ln": ("log", "Excel"), "joined": ("join", "Swift"), "joinToString": ("join", "Kotlin"),
        "contrastRatio": ("contrast", "WCAG"), "relativeLuminance": ("luminance", "WCAG"),
    ]

    /// Every function's spec, by case number.
    public static let specs: [BuiltinSpec] = allCases.map(makeSpec)

    private static func makeSpec(_ function: BuiltinFunction) -> BuiltinSpec {
        typealias P = BuiltinParameter
        typealias U = BuiltinUsage
        let x = [P("x", .number)]
        func one(_ name: String, _ type: ValueType) -> [U] { [U([P(name, type)])] }
        func of(_ parameters: P...) -> [U] { [U(parameters)] }
        let numbers = [U([P("a", .number), P("b", .number)], variadic: true), U([P("list", .list)])]
        let rgb = [P("r", .number), P("g", .number), P("b", .number)]
        let hsb = [P("h", .number), P("s", .number), P("b", .number)]
        let text = [P("text", .any), P("size", .number)]
        switch function {
        case .min: return .init(function, numbers, .numeric, "The smallest of the numbers or of the list; ties keep the first.")
        case .max: return .init(function, numbers, .numeric, "The largest of the numbers or of the list; ties keep the first.")
        case .abs: return .init(function, [U(x)], .numeric, "The absolute value, of the same type as x.")
        case .sqrt: return .init(function, [U(x)], .numeric, "The square root of x (not below 0).")
        case .pow: return .init(function, of(P("x", .number), P("y", .number)), .numeric, "x to the power y.")
        case .sin: return .init(function, [U(x)], .numeric, "The sine of x radians, exact at multiples of π/2.")
        case .cos: return .init(function, [U(x)], .numeric, "The cosine of x radians, exact at multiples of π/2.")
        case .tan: return .init(function, [U(x)], .numeric, "sin(x) / cos(x).")
        case .asin: return .init(function, [U(x)], .numeric, "The inverse sine of x (−1…1), in radians.")
        case .acos: return .init(function, [U(x)], .numeric, "The inverse cosine of x (−1…1), in radians.")
        case .atan: return .init(function, [U(x)], .numeric, "The inverse tangent of x, in radians.")
        case .atan2: return .init(function, of(P("y", .number), P("x", .number)), .numeric, "The angle of the point (x, y), −π…π.")
        case .floor: return .init(function, [U(x)], .numeric, "x rounded down; an int is returned unchanged.")
        case .ceil: return .init(function, [U(x)], .numeric, "x rounded up; an int is returned unchanged.")
        case .round: return .init(function, [U(x)], .numeric, "x rounded to nearest, halves away from zero.")
        case .int: return .init(function, [U(x)], .int, "x truncated toward zero, as an int.")
        case .number: return .init(function, [U(x)], .number, "The same value as a number.")
        case .clamp:
            return .init(function, of(P("x", .number), P("low", .number), P("high", .number)), .numeric, "min(max(x, low), high).")
        case .radians: return .init(function, one("degrees", .number), .numeric, "Degrees in radians: degrees · π / 180.")
        case .degrees: return .init(function, one("radians", .number), .numeric, "Radians in degrees: radians · 180 / π.")
        case .count: return .init(function, one("list", .list), .int, "The number of elements of a list.")
        case .sum: return .init(function, one("list", .list), .numeric, "The total of a list of numbers.")
        case .replace:
            return .init(
                function, of(P("list", .list), P("index", .int), P("value", .any)), .list,
                "A copy of the list with the element at index replaced by value.")
        case .runningSum: return .init(function, one("list", .list), .list, "The running totals of a list of numbers.")
        case .slice:
            return .init(
                function, of(P("list", .list), P("start", .int), P("end", .int)), .list,
                "The elements from index start up to but not including end.")
        case .rgb: return .init(function, [U(rgb)], .color, "An opaque color of channels 0…255.")
        case .rgba: return .init(function, [U(rgb + [P("a", .number)])], .color, "A color of channels 0…255 and alpha 0…1.")
        case .white:
            return .init(
                function, [U([P("w", .number)]), U([P("w", .number), P("alpha", .number)])], .color,
                "A gray of level 0…1, alpha 1 unless given.")
        case .hsb:
            return .init(
                function, [U(hsb), U(hsb + [P("alpha", .number)])], .color,
                "A color of hue (a fraction of a turn), saturation and brightness, all 0…1.")
        case .withAlpha:
            return .init(function, of(P("color", .color), P("alpha", .number)), .color, "The color with its alpha replaced.")
        case .mix:
            return .init(
                function, of(P("a", .color), P("b", .color), P("t", .number)), .color,
                "t (0…1) of b and 1 − t of a, as CSS color-mix in sRGB.")
        case .lighter:
            return .init(
                function, of(P("color", .color), P("amount", .number)), .color,
                "The color's HSL lightness moved amount (0…1) of the way to white.")
        case .darker:
            return .init(
                function, of(P("color", .color), P("amount", .number)), .color,
                "The color's HSL lightness moved amount (0…1) of the way to black.")
        case .linear:
            return .init(
                function, of(P("gradient", .gradient), P("x1", .number), P("y1", .number), P("x2", .number), P("y2", .number)),
                .paint, "The gradient placed on the axis from (x1, y1) to (x2, y2).")
        case .radial:
            // The checker takes the result as unknown, as it always has: declaring it a paint
            // would let it report misuse in branches not taken, a change of behavior of its own.
            return .init(
                function,
                of(
                    P("gradient", .gradient), P("x0", .number), P("y0", .number), P("r0", .number),
                    P("x1", .number), P("y1", .number), P("r1", .number)),
                nil, "The gradient from the start circle (x0, y0, r0) to the end circle (x1, y1, r1).")
        case .conic:
            // Unknown to the checker, as radial's result is (see there).
            return .init(
                function, of(P("gradient", .gradient), P("cx", .number), P("cy", .number), P("angle", .number)),
                nil, "The gradient around the center (cx, cy), clockwise from angle (radians) through a full turn.")
        case .format:
            return .init(
                function, of(P("x", .number), P("decimals", .int)), .string, cost: BuiltinCost.format,
                "x with exactly decimals (0…10) digits after the point.")
        case .textWidth:
            // The result (a number) is unknown to the checker, as it always has been (see radial).
            return .init(
                function, [U(text), U(text + [P("font", .string)]), U(text + [P("font", .string), P("weight", .any)])],
                nil, cost: BuiltinCost.measure, "The width in points of the text drawn in one line by <text>.")
        case .addDays:
            return .init(function, of(P("date", .date), P("n", .int)), .string, cost: BuiltinCost.date, "The date n days later.")
        case .weekday:
            return .init(function, one("date", .date), .int, cost: BuiltinCost.date, "0 for Sunday … 6 for Saturday.")
        case .dayName: return .init(function, one("date", .date), .string, cost: BuiltinCost.date, "The English day name.")
        case .dayInitial:
            return .init(function, one("date", .date), .string, cost: BuiltinCost.date, "The first letter of the English day name.")
        case .log: return .init(function, [U(x)], .number, "The natural logarithm of x (above 0).")
        case .log10: return .init(function, [U(x)], .number, "The base-10 logarithm of x (above 0), exact at powers of ten.")
        case .exp: return .init(function, [U(x)], .number, "e to the power x.")
        case .red: return .init(function, one("color", .color), .number, "The color's red channel, 0…255 as rgb() takes it.")
        case .green: return .init(function, one("color", .color), .number, "The color's green channel, 0…255 as rgb() takes it.")
        case .blue: return .init(function, one("color", .color), .number, "The color's blue channel, 0…255 as rgb() takes it.")
        case .alpha: return .init(function, one("color", .color), .number, "The color's alpha, 0…1.")
        case .hue:
            return .init(function, one("color", .color), .number, "The color's hue as a fraction of a turn, 0…1 (0 for grays), as hsb() takes it.")
        case .saturation: return .init(function, one("color", .color), .number, "The color's HSL saturation, 0…1.")
        case .lightness: return .init(function, one("color", .color), .number, "The color's HSL lightness, 0…1.")
        case .luminance:
            return .init(
                function, one("color", .color), .number, "The color's relative luminance as WCAG 2 defines it, 0 (black) to 1 (white); alpha ignored."
            )
        case .contrast:
            return .init(
                function, of(P("a", .color), P("b", .color)), .number,
                "The WCAG 2 contrast ratio of two colors, 1 (same luminance) to 21 (black on white).")
        case .upper: return .init(function, one("text", .string), .string, cost: BuiltinCost.string, "The text in upper case.")
        case .lower: return .init(function, one("text", .string), .string, cost: BuiltinCost.string, "The text in lower case.")
        case .length:
            return .init(function, one("text", .string), .int, cost: BuiltinCost.string, "The number of characters (Unicode scalars) of the text.")
        case .truncate:
            return .init(
                function, of(P("text", .string), P("n", .int)), .string, cost: BuiltinCost.string,
                "The text cut to at most n characters, the last an ellipsis (…) where it was cut.")
        case .join:
            return .init(
                function, of(P("list", .list), P("separator", .string)), .string, cost: BuiltinCost.string,
                "The list's elements as text, with separator between them.")
        }
    }
}
