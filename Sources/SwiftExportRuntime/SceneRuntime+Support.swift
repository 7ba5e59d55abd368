import Foundation

// Colors, dates, numbers as text and text measurement: ported from Sources/SceneEvaluator
// (ColorMath.swift, CalendarDate.swift, Builtins.fixed, IntegerDigits.swift) and
// Sources/DisplayList/NumberFormat.swift, with the same results.
extension SceneRuntime {
    enum ColorMath {
        static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
            let wa = 1 - t, wb = t
            let alpha = a.alpha * wa + b.alpha * wb
            func channel(_ x: Double, _ y: Double) -> Double {
                guard alpha > 0 else { return x * wa + y * wb }
                return clamp((x * a.alpha * wa + y * b.alpha * wb) / alpha)
            }
            return Color(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue), alpha: clamp(alpha))
        }

        static func lighter(_ c: Color, _ amount: Double) -> Color {
            var hsl = HSL(c)
            hsl.lightness += (1 - hsl.lightness) * amount
            return hsl.color(alpha: c.alpha)
        }

        static func darker(_ c: Color, _ amount: Double) -> Color {
            var hsl = HSL(c)
            hsl.lightness *= 1 - amount
            return hsl.color(alpha: c.alpha)
        }

        /// UIColor(hue:saturation:brightness:alpha:).
        static func hsb(_ h: Double, _ s: Double, _ v: Double, alpha: Double) -> Color {
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

        static func clamp(_ v: Double) -> Double { Swift.min(1, Swift.max(0, v)) }

        struct HSL {
            var hue: Double, saturation: Double, lightness: Double

            init(_ c: Color) {
                let high = Swift.max(c.red, c.green, c.blue), low = Swift.min(c.red, c.green, c.blue)
                lightness = (high + low) / 2
                let chroma = high - low
                guard chroma > 0 else { hue = 0; saturation = 0; return }
                saturation = chroma / (1 - Swift.abs(2 * lightness - 1))
                var h: Double
                if high == c.red {
                    h = ((c.green - c.blue) / chroma).truncatingRemainder(dividingBy: 6)
                } else if high == c.green {
                    h = (c.blue - c.red) / chroma + 2
                } else {
                    h = (c.red - c.green) / chroma + 4
                }
                if h < 0 { h += 6 }
                hue = h / 6
            }

            func color(alpha: Double) -> Color {
                let chroma = (1 - Swift.abs(2 * lightness - 1)) * saturation
                let h = hue * 6
                let x = chroma * (1 - Swift.abs(h.truncatingRemainder(dividingBy: 2) - 1))
                let (r, g, b): (Double, Double, Double)
                switch Int(h.rounded(.down)) {
                case 0: (r, g, b) = (chroma, x, 0)
                case 1: (r, g, b) = (x, chroma, 0)
                case 2: (r, g, b) = (0, chroma, x)
                case 3: (r, g, b) = (0, x, chroma)
                case 4: (r, g, b) = (x, 0, chroma)
                default: (r, g, b) = (chroma, 0, x)
                }
                let m = lightness - chroma / 2
                return Color(red: clamp(r + m), green: clamp(g + m), blue: clamp(b + m), alpha: alpha)
            }
        }
    }

    /// A proleptic Gregorian date, years 1 to 9999, written YYYY-MM-DD.
    struct CalendarDate {
        let year: Int, month: Int, day: Int
        static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

        init?(_ text: String) {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
                let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
                y >= 1, (1...12).contains(m), d >= 1, d <= CalendarDate.daysIn(month: m, year: y)
            else { return nil }
            (year, month, day) = (y, m, d)
        }

        init?(dayNumber z0: Int) {
            let z = z0 + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let mp = (5 * dayOfYear + 2) / 153
            let d = dayOfYear - (153 * mp + 2) / 5 + 1
            let m = mp < 10 ? mp + 3 : mp - 9
            let y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0)
            guard (1...9999).contains(y) else { return nil }
            (year, month, day) = (y, m, d)
        }

        static func daysIn(month: Int, year: Int) -> Int {
            switch month {
            case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }

        var dayNumber: Int {
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        var weekday: Int { ((dayNumber % 7) + 7 + 4) % 7 }

        var text: String {
            func pad(_ v: Int, _ width: Int) -> String {
                let s = String(v)
                return String(repeating: "0", count: Swift.max(0, width - s.count)) + s
            }
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        }
    }

    /// `format(x, decimals)`: exactly `decimals` digits, halves away from zero, never "-0".
    static func fixed(_ x: Double, decimals: Int) -> String {
        let v = x.isFinite ? x : 0
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var whole = Swift.abs(v).rounded(.towardZero)
        var fraction = ((Swift.abs(v) - whole) * scale).rounded(.toNearestOrAwayFromZero)
        if fraction >= scale { fraction -= scale; whole += 1 }
        let digits = String(Int(fraction))
        let fractionText = String(repeating: "0", count: Swift.max(0, decimals - digits.count)) + digits
        let sign = v < 0 && (whole != 0 || fraction != 0) ? "-" : ""
        return sign + integerDigits(whole) + (decimals > 0 ? "." + fractionText : "")
    }

    /// The decimal digits of a whole, non-negative double of any size: 1e20 is
    /// `100000000000000000000`, the exact value, as printf's `%.0f` writes it on Apple's and
    /// glibc's C libraries (scenec's own digit writer, DecimalDigits, writes the same).
    static func integerDigits(_ value: Double) -> String {
        if value < 9e18 { return String(UInt64(value)) }
        return String(format: "%.0f", value)
    }

    /// A number as `<text>` shows it (NumberFormat.format): 4 decimals, trailing zeros trimmed,
    /// within ±1e15, never "-0".
    static func shortNumber(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = Swift.min(Swift.max(value, -1e15), 1e15)
        let scaled = (clamped * 10_000).rounded()
        if scaled == 0 { return "0" }
        let magnitude = Swift.abs(scaled)
        let integerPart = (magnitude / 10_000).rounded(.down)
        var fraction = UInt64(magnitude - integerPart * 10_000)
        var fractionDigits = 4
        while fraction != 0 && fraction % 10 == 0 { fraction /= 10; fractionDigits -= 1 }
        var text = (scaled < 0 ? "-" : "") + String(UInt64(integerPart))
        if fraction != 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: fractionDigits - digits.count) + digits
        }
        return text
    }

    /// How a number, in messages, reads (NumberFormat.readable with 6 decimals).
    static func readable(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity" }
        guard Swift.abs(value) >= 1e15 else {
            var text = String(format: "%.6f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text == "-0" ? "0" : text
        }
        return "\(value)".split(separator: "+").joined()
    }

    /// The text `<text>` draws for a value, or nil for a value that has none.
    public static func text(of value: Value) -> String? {
        switch value {
        case .int(let v): return String(v)
        case .number(let v): return shortNumber(v)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return s
        case .color(let c): return c.hexRGBA
        case .list(let items):
            var parts: [String] = []
            for item in items {
                guard let text = text(of: item) else { return nil }
                parts.append(text)
            }
            return parts.joined(separator: ", ")
        case .gradient, .paint, .none: return nil
        }
    }
}
