import Foundation

// The builtin functions, ported from Sources/SceneEvaluator/Builtins.swift with the same results,
// bit for bit, and the same failures (the static checker has already checked the argument counts).
extension SceneRuntime {
    public enum Function: String, Sendable {
        case min, max, abs, sqrt, pow, sin, cos, tan, asin, acos, atan, atan2, floor, ceil, round
        case int, number, clamp, radians, degrees, count, sum, replace, runningSum, slice
        case rgb, rgba, white, hsb, withAlpha, mix, lighter, darker, linear, radial, conic, format, textWidth
        case addDays, weekday, dayName, dayInitial
        case log, log10, exp
        case red, green, blue, alpha, hue, saturation, lightness, luminance, contrast
        case upper, lower, length, truncate, join
    }

    /// sin and cos exact at multiples of π/2 (DisplayList's `exactSinCos`).
    public static func exactSinCos(_ angle: Double) -> (sin: Double, cos: Double) {
        let quarter = angle / (Double.pi / 2)
        let rounded = quarter.rounded()
        if Swift.abs(quarter - rounded) < 1e-12, Swift.abs(rounded) < 1e15 {
            switch Int(rounded) & 3 {
            case 0: return (0, 1)
            case 1: return (1, 0)
            case 2: return (0, -1)
            default: return (-1, 0)
            }
        }
        return (Foundation.sin(angle), Foundation.cos(angle))
    }

    public static func call(_ function: Function, _ values: [Value], at site: String) throws -> Value {
        try Call(function: function, values: values, site: site).run()
    }

    struct Call {
        let function: Function
        let values: [Value]
        let site: String
        var name: String { function.rawValue }

        func argument(_ i: Int) throws -> Value {
            guard i < values.count else { throw fail("E0409", "\(name)() is missing argument \(i + 1)", site) }
            return values[i]
        }

        func number(_ i: Int) throws -> Double {
            let v = try argument(i)
            guard let n = v.numeric else { throw fail("E0408", "\(name)() needs a number here, not \(article(v.typeName))", site) }
            return n
        }

        func coordinate(_ i: Int) throws -> Double {
            let v = try number(i)
            guard Swift.abs(v) <= maxCoordinate else {
                throw fail(
                    "E0611", "\(readable(v)) is too large for a coordinate; the limit is ±1000000000", site,
                    help: "coordinates, sizes and angles must be within ±1000000000")
            }
            return v
        }

        func unit(_ i: Int, _ what: String) throws -> Double {
            let v = try number(i)
            guard v >= 0, v <= 1 else { throw fail("E0506", "\(what) must be between 0 and 1, not \(readable(v))", site) }
            return v
        }

        func channel(_ i: Int) throws -> Double {
            let v = try number(i)
            guard v >= 0, v <= 255 else { throw fail("E0506", "color channels run from 0 to 255, not \(readable(v))", site) }
            return v
        }

        func list(_ i: Int) throws -> [Value] {
            let v = try argument(i)
            guard case .list(let items) = v else { throw fail("E0408", "\(name)() needs a list, not \(article(v.typeName))", site) }
            return items
        }

        func numberList(_ i: Int) throws -> [Value] {
            let items = try list(i)
            if let other = items.first(where: { $0.numeric == nil }) {
                throw fail("E0408", "\(name)() needs a list of numbers, not a list of \(other.typeName)s", site)
            }
            return items
        }

        func color(_ i: Int) throws -> Color {
            let v = try argument(i)
            guard case .color(let c) = v else { throw fail("E0408", "\(name)() needs a color here, not \(article(v.typeName))", site) }
            return c
        }

        func gradient(_ i: Int) throws -> Gradient {
            let v = try argument(i)
            guard case .gradient(let g) = v else {
                throw fail("E0408", "\(name)() needs a gradient declared with <gradient name=…>, not \(article(v.typeName))", site)
            }
            return g
        }

        func result(_ v: Double) throws -> Value { try finite(v, at: site) }

        func numbers() throws -> [Value] {
            if values.count == 1, case .list = values[0] {
                let items = try numberList(0)
                guard !items.isEmpty else { throw fail("E0513", "\(name)() of an empty list", site) }
                return items
            }
            for i in values.indices { _ = try number(i) }
            return values
        }

        func run() throws -> Value {
            switch function {
            case .min, .max:
                if values.count == 1, values[0].numeric != nil {
                    throw fail("E0409", "\(name)() needs two or more numbers, or a list", site)
                }
                let items = try numbers()
                var best = items[0]
                for item in items.dropFirst() {
                    let better = function == .min ? item.numeric! < best.numeric! : item.numeric! > best.numeric!
                    if better { best = item }
                }
                return items.allSatisfy(\.isInt) ? best : .number(best.numeric!)
            case .abs:
                if case .int(let v) = try argument(0) {
                    guard v != Int.min else { throw fail("E0502", "integer overflow", site, help: overflowHelp) }
                    return .int(Swift.abs(v))
                }
                return try result(Swift.abs(try number(0)))
            case .sqrt:
                let v = try number(0)
                guard v >= 0 else { throw fail("E0506", "\(name)() of a negative number (\(readable(v)))", site) }
                return try result(v.squareRoot())
            case .pow: return try result(Foundation.pow(try number(0), try number(1)))
            case .sin: return try result(exactSinCos(try number(0)).sin)
            case .cos: return try result(exactSinCos(try number(0)).cos)
            case .tan:
                let (s, c) = exactSinCos(try number(0))
                guard c != 0 else { throw fail("E0503", "\(name)() is infinite at this angle", site) }
                return try result(s / c)
            case .asin, .acos:
                let v = try number(0)
                guard v >= -1, v <= 1 else { throw fail("E0506", "\(name)() needs a value between -1 and 1, not \(readable(v))", site) }
                return try result(function == .asin ? Foundation.asin(v) : Foundation.acos(v))
            case .atan: return try result(Foundation.atan(try number(0)))
            case .atan2: return try result(Foundation.atan2(try number(0), try number(1)))
            case .floor, .ceil, .round:
                if case .int = try argument(0) { return values[0] }
                let rule: FloatingPointRoundingRule = function == .floor ? .down : function == .ceil ? .up : .toNearestOrAwayFromZero
                return try result(try number(0).rounded(rule))
            case .int:
                if case .int = try argument(0) { return values[0] }
                guard let i = Int(exactly: try number(0).rounded(.towardZero)) else {
                    throw fail("E0506", "this number is too large for an int (ints run to ±9.2e18)", site)
                }
                return .int(i)
            case .number: return .number(try number(0))
            case .clamp:
                let (x, low, high) = (try number(0), try number(1), try number(2))
                guard low <= high else { throw fail("E0515", "\(name)() needs low ≤ high, but \(readable(low)) > \(readable(high))", site) }
                let v = Swift.min(Swift.max(x, low), high)
                if values.allSatisfy(\.isInt), let i = Int(exactly: v) { return .int(i) }
                return try result(v)
            case .radians: return try result(try number(0) * Double.pi / 180)
            case .degrees: return try result(try number(0) * 180 / Double.pi)
            case .count: return .int(try list(0).count)
            case .sum:
                let items = try numberList(0)
                if items.allSatisfy(\.isInt) {
                    var total = 0
                    for case .int(let v) in items {
                        let (next, overflow) = total.addingReportingOverflow(v)
                        if overflow { throw fail("E0502", "integer overflow", site, help: overflowHelp) }
                        total = next
                    }
                    return .int(total)
                }
                return try result(items.reduce(0) { $0 + $1.numeric! })
            case .runningSum:
                let items = try numberList(0)
                var totals: [Value] = []
                if items.allSatisfy(\.isInt) {
                    var total = 0
                    for case .int(let v) in items {
                        let (next, overflow) = total.addingReportingOverflow(v)
                        if overflow { throw fail("E0502", "integer overflow", site, help: overflowHelp) }
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
                let items = try list(0)
                func bound(_ i: Int, _ what: String) throws -> Int {
                    guard case .int(let v) = try argument(i) else {
                        throw fail("E0408", "\(name)() needs an int \(what), not \(article(values[i].typeName))", site)
                    }
                    guard v >= 0, v <= items.count else {
                        throw fail(
                            "E0504", "\(what) \(v) is out of range for a list of \(items.count) element\(items.count == 1 ? "" : "s")", site,
                            help: "start and end run from 0 to count(list) (\(items.count))")
                    }
                    return v
                }
                let start = try bound(1, "start"), end = try bound(2, "end")
                guard start <= end else { throw fail("E0515", "\(name)() needs start ≤ end, but \(start) > \(end)", site) }
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
                return .color(ColorMath.hsb(h, s, b, alpha: values.count == 4 ? try unit(3, "alpha") : 1))
            case .withAlpha:
                return .color(try color(0).with(alpha: try unit(1, "alpha")))
            case .mix:
                return .color(ColorMath.mix(try color(0), try color(1), try unit(2, "the mix fraction t")))
            case .lighter, .darker:
                let (c, amount) = (try color(0), try unit(1, "the amount"))
                return .color(function == .lighter ? ColorMath.lighter(c, amount) : ColorMath.darker(c, amount))
            case .linear:
                let g = try gradient(0)
                return .paint(.linear(g, x0: try coordinate(1), y0: try coordinate(2), x1: try coordinate(3), y1: try coordinate(4)))
            case .radial:
                return try radial()
            case .conic:
                return try conic()
            case .replace:
                var items = try list(0)
                guard case .int(let i) = try argument(1) else {
                    throw fail("E0408", "\(name)() needs an int index, not \(article(values[1].typeName))", site)
                }
                guard i >= 0, i < items.count else {
                    throw fail(
                        "E0504", "index \(i) is out of range for a list of \(items.count) element\(items.count == 1 ? "" : "s")", site,
                        help: items.isEmpty ? "the list is empty" : "valid indices are 0 to \(items.count - 1)")
                }
                let new = try argument(2)
                guard Value.sameListKind(new, items[0]) else {
                    throw fail("E0408", "\(name)() cannot put \(article(new.typeName)) in a list of \(items[0].listKindName)", site)
                }
                items[i] = new
                return .list(items)
            case .format:
                let v = try number(0)
                guard case .int(let decimals) = try argument(1), (0...10).contains(decimals) else {
                    throw fail(
                        "E0506", "\(name)() takes a whole number of decimals from 0 to 10", site, help: "for example format(average, 1) gives 4.6")
                }
                return .string(fixed(v, decimals: decimals))
            case .textWidth:
                return try textWidth()
            case .addDays:
                let date = try self.date(0)
                guard case .int(let n) = try argument(1) else {
                    throw fail("E0408", "\(name)() adds a whole number of days, not \(article(values[1].typeName))", site)
                }
                let (sum, overflow) = date.dayNumber.addingReportingOverflow(n)
                guard !overflow, let result = CalendarDate(dayNumber: sum) else {
                    throw fail("E0512", "the date falls outside the years 1 to 9999", site)
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

        func radial() throws -> Value {
            let g = try gradient(0)
            let x0 = try coordinate(1), y0 = try coordinate(2), r0 = try coordinate(3)
            let x1 = try coordinate(4), y1 = try coordinate(5), r1 = try coordinate(6)
            for r in [r0, r1] where r < 0 {
                throw fail(
                    "E0521", "\(name)() needs a radius of 0 or more, not \(readable(r))", site,
                    help: "a radius of 0 makes that circle a point (a focal point)")
            }
            // Nested as the dump prints the values (4 decimals): what the SVG writer can draw.
            func printed(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
            let dx = printed(x1) - printed(x0), dy = printed(y1) - printed(y0)
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance.isFinite, distance < Swift.abs(printed(r1) - printed(r0)) else {
                throw fail(
                    "E0522", "\(name)()'s circles are not nested", site,
                    help: "put one circle strictly inside the other (the distance between the centers less than the difference of the radii)")
            }
            return .paint(.radial(g, x0: x0, y0: y0, r0: r0, x1: x1, y1: y1, r1: r1))
        }

        /// `conic(g, cx, cy, angle)`: the evaluator's ConicPaint (Sources/SceneEvaluator/ConicPaint.swift).
        func conic() throws -> Value {
            let g = try gradient(0)
            let cx = try coordinate(1), cy = try coordinate(2), angle = try coordinate(3)
            guard Swift.abs(angle) <= 64 * 2 * Double.pi else {
                throw fail(
                    "E0540", "\(name)()'s start angle \(readable(angle)) is more than 64 turns from 0", site,
                    help: "angles are radians: write radians(\(readable(angle))) for degrees")
            }
            return .paint(.conic(g, cx: cx, cy: cy, angle: angle))
        }

        func textWidth() throws -> Value {
            guard let text = SceneRuntime.text(of: try argument(0)) else {
                throw fail("E0408", "\(name)() measures a string, not \(article(values[0].typeName))", site)
            }
            guard text.unicodeScalars.count <= 1_000 else {
                throw fail("E0617", "\(name)() measures at most 1000 characters, not \(text.unicodeScalars.count)", site)
            }
            let size = try number(1)
            guard size > 0, size <= 10_000 else {
                throw fail("E0506", "the font size must be above 0 and at most 10000 points, not \(readable(size))", site)
            }
            var family = defaultFontFamily
            if values.count >= 3 {
                guard case .string(let name) = values[2] else {
                    throw fail("E0408", "\(name)() needs a font family name, not \(article(values[2].typeName))", site)
                }
                guard fontFamilies.contains(name) else {
                    throw fail(
                        "E0529", "there is no font family '\(name)'", site,
                        help: "the families are " + fontFamilies.map { "'\($0)'" }.joined(separator: ", "))
                }
                family = name
            }
            var weight = 400
            if values.count == 4 {
                switch values[3] {
                case .string("normal"): weight = 400
                case .string("bold"): weight = 700
                case .int(let w) where w >= 100 && w <= 900 && w % 100 == 0: weight = w
                default: throw fail("E0506", "the weight is 'normal', 'bold' or 100, 200, … 900", site)
                }
            }
            guard let width = SceneText.width(of: text, family: family, size: size, weight: weight) else {
                throw fail("E0530", "there is no font to measure this text with", site)
            }
            return try result(width)
        }

        func date(_ i: Int) throws -> CalendarDate {
            guard case .string(let text) = try argument(i) else {
                throw fail("E0408", "\(name)() needs a date such as '2026-11-21', not \(article(values[i].typeName))", site)
            }
            guard let date = CalendarDate(text) else {
                throw fail("E0512", "'\(text)' is not a date; write YYYY-MM-DD, such as '2026-11-21'", site)
            }
            return date
        }
    }

    /// The font family text is drawn in when a scene names none (the pinned set's first).
    public static let defaultFontFamily = "DejaVu Sans"
    /// The families `<text>` and `textWidth` may name (scenec's pinned set, Grammar.md `<text>`).
    public static let fontFamilies = ["DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Sans Mono", "DejaVu Serif", "DejaVu Serif Condensed"]
}
