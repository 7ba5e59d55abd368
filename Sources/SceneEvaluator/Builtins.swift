import DisplayList
import SceneSource
import ResolvedProgram

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The functions of the expression language. Each checks its arguments and reports a located
/// error on the one at fault: their values, and the types the static analysis could not know (an
/// argument whose static type can never do is the analysis's error, and never reaches a call).
enum Builtins {
    /// One call of a builtin, its arguments evaluated: what it needs of them is their values and
    /// where each was written, as the program's evaluator gives them.
    struct Call {
        let function: BuiltinFunction
        let signature: String
        /// Where each argument is, for the error on the one at fault.
        let argumentSpans: ArgumentSpans
        let values: [Value]
        /// The whole call.
        let span: SourceSpan
        let evaluator: EvaluationContext

        /// The function's name, for messages.
        var name: String { function.rawValue }

        /// The argument count against the function's usages (the builtin table), in the words of
        /// the static checker's message for the same mistake.
        func arity() throws {
            let spec = function.spec
            guard spec.accepts(values.count) else {
                let (expected, plural) = spec.expectedCount
                throw Diagnostic.error(
                    .argumentCount, "\(name)() takes \(expected) argument\(plural ? "s" : ""), not \(values.count)",
                    at: span, help: "write \(signature)")
            }
        }

        func number(_ i: Int) throws -> Double {
            guard let v = values[i].numeric else {
                throw Diagnostic.error(
                    .typeMismatch, "\(name)() needs a number here, not \(article(values[i].typeName))", at: argumentSpans[i],
                    help: "write \(signature)")
            }
            return v
        }

        /// A number that reaches the drawing: at most `maxCoordinate` in magnitude.
        func coordinate(_ i: Int) throws -> Double {
            let v = try number(i)
            let limit = evaluator.limits.maxCoordinate
            guard abs(v) <= limit else {
                throw Diagnostic.error(
                    .numberTooLarge,
                    "\(NumberFormat.readable(v, decimals: 6)) is too large for a coordinate; the limit is ±\(NumberFormat.readable(limit))",
                    at: argumentSpans[i], help: "coordinates, sizes and angles must be within ±\(NumberFormat.readable(limit))")
            }
            return v
        }

        func unit(_ i: Int, _ what: String) throws -> Double {
            let v = try number(i)
            guard v >= 0, v <= 1 else {
                throw Diagnostic.error(.argumentOutOfRange, "\(what) must be between 0 and 1, not \(NumberFormat.readable(v))", at: argumentSpans[i])
            }
            return v
        }

        func channel(_ i: Int) throws -> Double {
            let v = try number(i)
            guard v >= 0, v <= 255 else {
                throw Diagnostic.error(.argumentOutOfRange, "color channels run from 0 to 255, not \(NumberFormat.readable(v))", at: argumentSpans[i])
            }
            return v
        }

        func list(_ i: Int) throws -> [Value] {
            guard case .list(let items) = values[i] else {
                throw Diagnostic.error(.typeMismatch, "\(name)() needs a list, not \(article(values[i].typeName))", at: argumentSpans[i])
            }
            return items
        }

        /// A list whose elements are ints and numbers (not a list of strings or colors).
        func numberList(_ i: Int) throws -> [Value] {
            let items = try list(i)
            if let other = items.first(where: { $0.numeric == nil }) {
                throw Diagnostic.error(.typeMismatch, "\(name)() needs a list of numbers, not a list of \(other.typeName)s", at: argumentSpans[i])
            }
            return items
        }

        func color(_ i: Int) throws -> Color {
            guard case .color(let c) = values[i] else {
                throw Diagnostic.error(
                    .typeMismatch, "\(name)() needs a color here, not \(article(values[i].typeName))", at: argumentSpans[i],
                    help: "write \(signature)")
            }
            return c
        }

        func result(_ v: Double) throws -> Value { try evaluator.finite(v, at: span) }

        /// A numeric result that stays an int when every input was an int.
        func same(_ v: Double, ints: Bool) throws -> Value {
            if ints, let i = Int(exactly: v) { return .int(i) }
            return try result(v)
        }

        /// The numbers of `min`/`max`/`clamp`-style calls: either several numbers or one list.
        func numbers() throws -> (values: [Value], spanOf: (Int) -> SourceSpan) {
            if values.count == 1, case .list = values[0] {
                let items = try numberList(0)
                guard !items.isEmpty else {
                    throw Diagnostic.error(.emptyList, "\(name)() of an empty list", at: argumentSpans[0])
                }
                return (items, { _ in argumentSpans[0] })
            }
            for i in values.indices { _ = try number(i) }
            return (values, { argumentSpans[$0] })
        }

        mutating func run() throws -> Value {
            try arity()
            switch function {
            case .min, .max:
                if values.count == 1, values[0].numeric != nil {
                    throw Diagnostic.error(.argumentCount, "\(name)() needs two or more numbers, or a list", at: span, help: "write \(signature)")
                }
                let (items, _) = try numbers()
                try evaluator.charge(items.count, at: span)
                var best = items[0]
                for item in items.dropFirst() {
                    let better = function == .min ? item.numeric! < best.numeric! : item.numeric! > best.numeric!
                    if better { best = item }
                }
                let allInts = items.allSatisfy { if case .int = $0 { return true } else { return false } }
                return allInts ? best : .number(best.numeric!)
            case .abs:
                if case .int(let v) = values[0] {
                    guard v != Int.min else {
                        throw Diagnostic.error(.integerOverflow, "integer overflow", at: span, help: ValueOperations.overflowHelp)
                    }
                    return .int(abs(v))
                }
                return try result(abs(try number(0)))
            case .sqrt:
                let v = try number(0)
                guard v >= 0 else {
                    throw Diagnostic.error(.argumentOutOfRange, "\(name)() of a negative number (\(NumberFormat.readable(v)))", at: argumentSpans[0])
                }
                return try result(v.squareRoot())
            case .pow:
                return try result(Foundation_pow(try number(0), try number(1)))
            case .sin: return try result(exactSinCos(try number(0)).sin)
            case .cos: return try result(exactSinCos(try number(0)).cos)
            case .tan:
                let (s, c) = exactSinCos(try number(0))
                guard c != 0 else { throw Diagnostic.error(.notFinite, "\(name)() is infinite at this angle", at: argumentSpans[0]) }
                return try result(s / c)
            case .asin, .acos:
                let v = try number(0)
                guard v >= -1, v <= 1 else {
                    throw Diagnostic.error(
                        .argumentOutOfRange, "\(name)() needs a value between -1 and 1, not \(NumberFormat.readable(v))", at: argumentSpans[0])
                }
                return try result(function == .asin ? asin(v) : acos(v))
            case .atan: return try result(atan(try number(0)))
            case .atan2: return try result(atan2(try number(0), try number(1)))
            case .floor, .ceil, .round:
                if case .int = values[0] { return values[0] }
                let v = try number(0)
                let rule: FloatingPointRoundingRule = function == .floor ? .down : function == .ceil ? .up : .toNearestOrAwayFromZero
                return try result(v.rounded(rule))
            case .int:
                if case .int = values[0] { return values[0] }
                let v = try number(0).rounded(.towardZero)
                guard let i = Int(exactly: v) else {
                    throw Diagnostic.error(.argumentOutOfRange, "this number is too large for an int (ints run to ±9.2e18)", at: argumentSpans[0])
                }
                return .int(i)
            case .number:
                return .number(try number(0))
            case .clamp:
                let (x, low, high) = (try number(0), try number(1), try number(2))
                guard low <= high else {
                    throw Diagnostic.error(
                        .invertedRange, "\(name)() needs low ≤ high, but \(NumberFormat.readable(low)) > \(NumberFormat.readable(high))", at: span)
                }
                let allInts = values.allSatisfy { if case .int = $0 { return true } else { return false } }
                return try same(min(max(x, low), high), ints: allInts)
            case .radians: return try result(try number(0) * Double.pi / 180)
            case .degrees: return try result(try number(0) * 180 / Double.pi)
            case .count:
                return .int(try list(0).count)
            case .sum:
                let items = try numberList(0)
                try evaluator.charge(items.count, at: span)
                if items.allSatisfy({ if case .int = $0 { return true } else { return false } }) {
                    var total = 0
                    for case .int(let v) in items {
                        let (next, overflow) = total.addingReportingOverflow(v)
                        if overflow { throw Diagnostic.error(.integerOverflow, "integer overflow", at: span, help: ValueOperations.overflowHelp) }
                        total = next
                    }
                    return .int(total)
                }
                return try result(items.reduce(0) { $0 + $1.numeric! })
            case .runningSum:
                // Prefix sums, each including its own element (numpy's cumsum): a donut's slice i
                // ends at runningSum(values)[i] and starts at that minus values[i]. A pure
                // function, because a <let> in a loop body starts afresh in every iteration.
                let items = try numberList(0)
                // One step per element visited and written to the new list.
                try evaluator.charge(items.count, at: span)
                var totals: [Value] = []
                totals.reserveCapacity(items.count)
                if items.allSatisfy({ if case .int = $0 { return true } else { return false } }) {
                    var total = 0
                    for case .int(let v) in items {
                        let (next, overflow) = total.addingReportingOverflow(v)
                        if overflow { throw Diagnostic.error(.integerOverflow, "integer overflow", at: span, help: ValueOperations.overflowHelp) }
                        total = next
                        totals.append(.int(total))
                    }
                } else {
                    var total = 0.0
                    for item in items {
                        total += item.numeric!
                        totals.append(try result(total))
                    }
                }
                return .list(totals)
            case .slice:
                // Elements start..<end (end excluded, as Swift's and Python's ranges), of any kind.
                let items = try list(0)
                func bound(_ i: Int, _ what: String) throws -> Int {
                    guard case .int(let v) = values[i] else {
                        throw Diagnostic.error(
                            .typeMismatch, "\(name)() needs an int \(what), not \(article(values[i].typeName))", at: argumentSpans[i])
                    }
                    guard v >= 0, v <= items.count else {
                        throw Diagnostic.error(
                            .indexOutOfRange, "\(what) \(v) is out of range for a list of \(items.count) element\(items.count == 1 ? "" : "s")",
                            at: argumentSpans[i], help: "start and end run from 0 to count(list) (\(items.count))")
                    }
                    return v
                }
                let start = try bound(1, "start"), end = try bound(2, "end")
                guard start <= end else {
                    throw Diagnostic.error(.invertedRange, "\(name)() needs start ≤ end, but \(start) > \(end)", at: span)
                }
                // The elements copied into the new list.
                try evaluator.charge(end - start, at: span)
                return .list(Array(items[start..<end]))
            case .rgb:
                return .color(.rgb255(try channel(0), try channel(1), try channel(2)))
            case .rgba:
                return .color(.rgb255(try channel(0), try channel(1), try channel(2), alpha: try unit(3, "alpha")))
            case .white:
                let w = try unit(0, "white")
                return .color(Color(red: w, green: w, blue: w, alpha: values.count == 2 ? try unit(1, "alpha") : 1))
            case .hsb:
                let (h, s, b) = (try unit(0, "hue"), try unit(1, "saturation"), try unit(2, "brightness"))
                return .color(hsbColor(h, s, b, alpha: values.count == 4 ? try unit(3, "alpha") : 1))
            case .withAlpha:
                guard case .color(let c) = values[0] else {
                    throw Diagnostic.error(.typeMismatch, "\(name)() needs a color, not \(article(values[0].typeName))", at: argumentSpans[0])
                }
                return .color(c.with(alpha: try unit(1, "alpha")))
            case .mix:
                return .color(ColorMath.mix(try color(0), try color(1), try unit(2, "the mix fraction t")))
            case .lighter, .darker:
                let (c, amount) = (try color(0), try unit(1, "the amount"))
                return .color(function == .lighter ? ColorMath.lighter(c, amount) : ColorMath.darker(c, amount))
            case .linear:
                guard case .gradient(let g) = values[0] else {
                    throw Diagnostic.error(
                        .typeMismatch, "\(name)() needs a gradient declared with <gradient name=…>, not \(article(values[0].typeName))",
                        at: argumentSpans[0])
                }
                let gradient = LinearGradient(
                    stops: g.stops, start: Point(try coordinate(1), try coordinate(2)),
                    end: Point(try coordinate(3), try coordinate(4)), extend: g.extend)
                return .paint(.linearGradient(gradient))
            case .radial:
                return .paint(.radialGradient(try RadialPaint.make(self)))
            case .conic:
                return .paint(.conicGradient(try ConicPaint.make(self)))
            case .replace:
                var items = try list(0)
                guard case .int(let i) = values[1] else {
                    throw Diagnostic.error(.typeMismatch, "\(name)() needs an int index, not \(article(values[1].typeName))", at: argumentSpans[1])
                }
                guard i >= 0, i < items.count else {
                    throw Diagnostic.error(
                        .indexOutOfRange, "index \(i) is out of range for a list of \(items.count) element\(items.count == 1 ? "" : "s")",
                        at: argumentSpans[1],
                        help: items.isEmpty ? "the list is empty" : "valid indices are 0 to \(items.count - 1)")
                }
                // A list holds one kind of element (numbers, strings or colors): the new one must match.
                guard Value.sameListKind(values[2], items[0]) else {
                    throw Diagnostic.error(
                        .typeMismatch, "\(name)() cannot put \(article(values[2].typeName)) in a list of \(items[0].listKindName)",
                        at: argumentSpans[2])
                }
                // A new list: every element is copied.
                try evaluator.charge(items.count, at: span)
                items[i] = values[2]
                return .list(items)
            case .format:
                let v = try number(0)
                guard case .int(let decimals) = values[1], (0...10).contains(decimals) else {
                    throw Diagnostic.error(
                        .argumentOutOfRange, "\(name)() takes a whole number of decimals from 0 to 10", at: argumentSpans[1],
                        help: "for example format(average, 1) gives 4.6")
                }
                // The digits of a huge number cost far more than the call (`StepCost.wholeDigits`).
                try evaluator.charge(StepCost.wholeDigits(of: v), at: span)
                return .string(Builtins.fixed(v, decimals: decimals))
            case .textWidth:
                return try textWidth()
            case .addDays:
                let date = try self.date(0)
                guard case .int(let n) = values[1] else {
                    throw Diagnostic.error(
                        .typeMismatch, "\(name)() adds a whole number of days, not \(article(values[1].typeName))",
                        at: argumentSpans[1])
                }
                let (sum, overflow) = date.dayNumber.addingReportingOverflow(n)
                guard !overflow, let result = CalendarDate(dayNumber: sum) else {
                    throw Diagnostic.error(.invalidDate, "the date falls outside the years 1 to 9999", at: span)
                }
                return .string(result.text)
            case .weekday:
                return .int(try date(0).weekday)
            case .dayName, .dayInitial:
                let day = CalendarDate.weekdayNames[try date(0).weekday]
                return .string(function == .dayName ? day : String(day.prefix(1)))
            case .log, .log10, .exp:
                return try exponential()
            case .red, .green, .blue, .alpha, .hue, .saturation, .lightness, .luminance, .contrast:
                return try colorComponent()
            case .upper, .lower, .length, .truncate, .join:
                return try text()
            }
        }

        /// `textWidth(text, size[, font[, weight]])`: the advance width in points of one line drawn
        /// as `<text>` draws it (its attributes `size`, `font`, `weight`), measured by the
        /// evaluator's `TextMeasuring` (Pango under the pinned fonts, as librsvg lays text out).
        func textWidth() throws -> Value {
            guard let text = Evaluation.text(of: values[0]) else {
                throw Diagnostic.error(
                    .typeMismatch,
                    "\(name)() measures a string (or a number, bool, color or list, shown as <text> shows it), "
                        + "not \(article(values[0].typeName))", at: argumentSpans[0], help: "write \(signature)")
            }
            // Pango's time grows with the square of a line's length: the limit of one <text> applies.
            let length = text.unicodeScalars.count
            guard length <= Builtins.maxMeasuredLength else {
                throw Diagnostic.error(
                    .textTooLongToDraw, "\(name)() measures at most \(Builtins.maxMeasuredLength) characters, not \(length)",
                    at: argumentSpans[0], help: "one <text> draws at most \(Builtins.maxMeasuredLength) characters")
            }
            try evaluator.charge(length * StepCost.measuredCharacter, at: span)
            let size = try number(1)
            guard size > 0, size <= 10_000 else {
                throw Diagnostic.error(
                    .argumentOutOfRange, "the font size must be above 0 and at most 10000 points, not \(NumberFormat.readable(size))",
                    at: argumentSpans[1])
            }
            var family = FontFamilies.pinned[0]
            if values.count >= 3 {
                guard case .string(let name) = values[2] else {
                    throw Diagnostic.error(
                        .typeMismatch, "\(name)() needs a font family name, not \(article(values[2].typeName))",
                        at: argumentSpans[2], help: "for example textWidth(label, 14, 'DejaVu Sans Mono')")
                }
                let families = evaluator.measurer?.families ?? FontFamilies.pinned
                guard families.contains(name) else {
                    throw Diagnostic.error(
                        .unknownFont, "there is no font family '\(DiagnosticRenderer.visible(name))'", at: argumentSpans[2],
                        help: Evaluation.familyHelp(name, among: families))
                }
                family = name
            }
            var weight = 400
            if values.count == 4 {
                switch values[3] {
                case .string("normal"): weight = 400
                case .string("bold"): weight = 700
                case .int(let w) where w >= 100 && w <= 900 && w % 100 == 0: weight = w
                default:
                    throw Diagnostic.error(
                        .argumentOutOfRange, "the weight is 'normal', 'bold' or 100, 200, … 900, not \(values[3].brief)",
                        at: argumentSpans[3], help: "as <text weight=…>: textWidth(label, 14, 'DejaVu Sans', 'bold')")
                }
            }
            guard let measurer = evaluator.measurer else {
                throw Diagnostic.error(
                    .textNotMeasurable, "\(name)() is not available here: nothing measures text in this context",
                    at: span, help: "textWidth works in drawing attributes and <let>, not in constants such as a <param> default")
            }
            guard let width = measurer.width(of: text, family: family, size: size, weight: weight) else {
                throw Diagnostic.error(
                    .textNotMeasurable, "the pinned fonts could not be loaded to measure this text", at: span,
                    help: "run `make deps` (it installs Debian's fonts-dejavu-core and fonts-dejavu-extra)")
            }
            return try result(width)
        }

        /// A date argument: a string `YYYY-MM-DD` (a `date` parameter holds one).
        func date(_ i: Int) throws -> CalendarDate {
            guard case .string(let text) = values[i] else {
                throw Diagnostic.error(
                    .typeMismatch, "\(name)() needs a date such as '2026-11-21', not \(article(values[i].typeName))",
                    at: argumentSpans[i])
            }
            guard let date = CalendarDate(text) else {
                throw Diagnostic.error(.invalidDate, "'\(text)' is not a date; write YYYY-MM-DD, such as '2026-11-21'", at: argumentSpans[i])
            }
            return date
        }
    }

    /// The longest string `textWidth` measures, as the longest `<text>` (`--max-text-length`'s default).
    static let maxMeasuredLength = 1_000

    /// `x` with exactly `decimals` digits after the point, rounded half away from zero; "-0" never.
    /// Any size: the whole part is written in full (`DecimalDigits`), the fraction rounded apart.
    static func fixed(_ x: Double, decimals: Int) -> String {
        let v = x.isFinite ? x : 0
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var whole = abs(v).rounded(.towardZero)
        var fraction = ((abs(v) - whole) * scale).rounded(.toNearestOrAwayFromZero)
        // 0.996 to two decimals carries into the whole part (below 2^53, where fractions exist, +1 is exact).
        if fraction >= scale { fraction -= scale; whole += 1 }
        let digits = String(Int(fraction))
        let fractionText = String(repeating: "0", count: max(0, decimals - digits.count)) + digits
        let sign = v < 0 && (whole != 0 || fraction != 0) ? "-" : ""
        return sign + DecimalDigits.string(whole: whole) + (decimals > 0 ? "." + fractionText : "")
    }

    /// UIColor(hue:saturation:brightness:alpha:) with all components in 0...1.
    static func hsbColor(_ h: Double, _ s: Double, _ v: Double, alpha: Double) -> Color {
        let sector = (h * 6).truncatingRemainder(dividingBy: 6)
        let i = Int(sector.rounded(.down))
        let f = sector - Double(i)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return Color(red: r, green: g, blue: b, alpha: alpha)
    }
}

private func Foundation_pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
