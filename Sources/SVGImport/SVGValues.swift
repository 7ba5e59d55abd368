import DisplayList
import SceneVocabulary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The values of SVG attributes and properties: numbers and lengths, colors, paints, transform
/// lists. Each parser returns nil for what it does not understand; the caller warns.
enum SVGValues {
    // MARK: numbers

    /// The numbers of a list such as `points` or a `viewBox`: separated by spaces and/or commas.
    static func numbers(_ text: String) -> [Double]? {
        var result: [Double] = []
        var scanner = NumberScanner(text)
        while true {
            scanner.skipSeparators()
            if scanner.atEnd { return result }
            guard let n = scanner.number() else { return nil }
            result.append(n)
        }
    }

    /// A length in user units: a number, optionally with px, pt, pc, mm, cm or in (CSS's 96 per
    /// inch). `percentOf` is what 100% is; em and ex are refused (they need a font).
    static func length(_ text: String?, percentOf base: Double? = nil) -> Double? {
        guard let text else { return nil }
        var scanner = NumberScanner(text.trimmed(" \t\r\n"))
        guard let n = scanner.number() else { return nil }
        let unit = scanner.rest
        switch unit {
        case "", "px": return n
        case "pt": return n * 96 / 72
        case "pc": return n * 16
        case "mm": return n * 96 / 25.4
        case "cm": return n * 96 / 2.54
        case "in": return n * 96
        case "%": return base.map { n / 100 * $0 }
        default: return nil
        }
    }

    /// A number or a percentage as a fraction (gradient offsets, opacities).
    static func fraction(_ text: String?) -> Double? {
        guard let text else { return nil }
        var scanner = NumberScanner(text.trimmed(" \t\r\n"))
        guard let n = scanner.number() else { return nil }
        switch scanner.rest {
        case "": return n
        case "%": return n / 100
        default: return nil
        }
    }

    // MARK: colors

    /// A color as 0…255 channels and an alpha 0…1.
    struct RGBA: Hashable {
        var r: Double, g: Double, b: Double, a: Double
        static let black = RGBA(r: 0, g: 0, b: 0, a: 1)
    }

    private static let namedColors: [String: RGBA] = {
        var table: [String: RGBA] = [:]
        for c in PredefinedNames.cssColors {
            table[c.name] = RGBA(r: Double(c.red), g: Double(c.green), b: Double(c.blue), a: c.alpha)
        }
        return table
    }()

    /// `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(…)`/`rgba(…)` with numbers or percentages, a CSS name.
    static func color(_ raw: String) -> RGBA? {
        let text = raw.trimmed(" \t\r\n")
        let lower = text.lowercased()
        if let named = namedColors[lower] { return named }
        if lower.hasPrefix("#") {
            let hex = Array(lower.dropFirst())
            func digit(_ c: Character) -> Double? { c.hexDigitValue.map(Double.init) }
            let values = hex.compactMap(digit)
            guard values.count == hex.count else { return nil }
            switch values.count {
            case 3, 4:
                return RGBA(r: values[0] * 17, g: values[1] * 17, b: values[2] * 17, a: values.count == 4 ? values[3] * 17 / 255 : 1)
            case 6, 8:
                return RGBA(
                    r: values[0] * 16 + values[1], g: values[2] * 16 + values[3], b: values[4] * 16 + values[5],
                    a: values.count == 8 ? (values[6] * 16 + values[7]) / 255 : 1)
            default: return nil
            }
        }
        if (lower.hasPrefix("rgb(") || lower.hasPrefix("rgba(")) && lower.hasSuffix(")") {
            let inner = lower[lower.index(after: lower.firstIndex(of: "(")!)..<lower.index(before: lower.endIndex)]
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            guard parts.count == 3 || parts.count == 4 else { return nil }
            var channels: [Double] = []
            for part in parts.prefix(3) {
                if part.hasSuffix("%") {
                    guard let n = Double(part.dropLast()) else { return nil }
                    channels.append(min(255, max(0, n * 255 / 100)))
                } else {
                    guard let n = Double(part) else { return nil }
                    channels.append(min(255, max(0, n)))
                }
            }
            var alpha = 1.0
            if parts.count == 4 {
                guard let a = fraction(parts[3]) else { return nil }
                alpha = min(1, max(0, a))
            }
            return RGBA(r: channels[0], g: channels[1], b: channels[2], a: alpha)
        }
        return nil
    }

    // MARK: paints

    enum Paint: Equatable {
        case none
        case color(RGBA)
        case currentColor
        /// `url(#id)`, with the paint to use when the reference is missing.
        case reference(id: String, fallback: String?)
    }

    static func paint(_ raw: String) -> Paint? {
        let text = raw.trimmed(" \t\r\n")
        if text == "none" { return Paint.none }
        if text == "currentColor" || text.lowercased() == "currentcolor" { return .currentColor }
        if text.hasPrefix("url(") {
            guard let close = text.firstIndex(of: ")") else { return nil }
            var target = String(text[text.index(text.startIndex, offsetBy: 4)..<close]).trimmed(" '\"")
            guard target.hasPrefix("#") else { return nil }
            target.removeFirst()
            let rest = String(text[text.index(after: close)...]).trimmed(" \t")
            return .reference(id: target, fallback: rest.isEmpty ? nil : rest)
        }
        return color(text).map { .color($0) }
    }

    // MARK: transforms

    /// One function of a transform list, as written.
    enum TransformStep: Equatable {
        case matrix(AffineTransform)
        case translate(Double, Double)
        case scale(Double, Double)
        /// Degrees, about (cx, cy).
        case rotate(Double, Double, Double)
        case skewX(Double)
        case skewY(Double)

        var transform: AffineTransform {
            switch self {
            case .matrix(let m): return m
            case .translate(let x, let y): return .translation(x, y)
            case .scale(let x, let y): return .scale(x, y)
            case .rotate(let degrees, let cx, let cy):
                let r = AffineTransform.rotation(degrees * Double.pi / 180)
                if cx == 0 && cy == 0 { return r }
                return AffineTransform.translation(-cx, -cy).concatenating(r).concatenating(.translation(cx, cy))
            case .skewX(let degrees): return AffineTransform(a: 1, b: 0, c: tangent(degrees), d: 1, tx: 0, ty: 0)
            case .skewY(let degrees): return AffineTransform(a: 1, b: tangent(degrees), c: 0, d: 1, tx: 0, ty: 0)
            }
        }
    }

    static func tangent(_ degrees: Double) -> Double { tan(degrees * Double.pi / 180) }

    /// The product of a list: the first function is the outermost.
    static func product(_ steps: [TransformStep]) -> AffineTransform {
        steps.reversed().reduce(AffineTransform.identity) { $0.concatenating($1.transform) }
    }

    static func transformList(_ text: String) -> [TransformStep]? {
        var steps: [TransformStep] = []
        var s = Substring(text)
        func skip() { while let c = s.first, c == " " || c == "," || c == "\t" || c == "\n" || c == "\r" { s.removeFirst() } }
        while true {
            skip()
            if s.isEmpty { return steps }
            guard let open = s.firstIndex(of: "("), let close = s.firstIndex(of: ")"), open < close else { return nil }
            let name = s[s.startIndex..<open].trimmed(" \t\n\r")
            guard let args = numbers(String(s[s.index(after: open)..<close])) else { return nil }
            s = s[s.index(after: close)...]
            switch (name, args.count) {
            case ("matrix", 6): steps.append(.matrix(AffineTransform(a: args[0], b: args[1], c: args[2], d: args[3], tx: args[4], ty: args[5])))
            case ("translate", 1): steps.append(.translate(args[0], 0))
            case ("translate", 2): steps.append(.translate(args[0], args[1]))
            case ("scale", 1): steps.append(.scale(args[0], args[0]))
            case ("scale", 2): steps.append(.scale(args[0], args[1]))
            case ("rotate", 1): steps.append(.rotate(args[0], 0, 0))
            case ("rotate", 3): steps.append(.rotate(args[0], args[1], args[2]))
            case ("skewX", 1): steps.append(.skewX(args[0]))
            case ("skewY", 1): steps.append(.skewY(args[0]))
            default: return nil
            }
        }
    }
}

/// Reads SVG numbers (`-1.5e3`, `.5.5` is two numbers) from a string.
struct NumberScanner {
    private let bytes: [UInt8]
    private var i = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { i >= bytes.count }
    var rest: String { String(decoding: bytes[min(i, bytes.count)...], as: UTF8.self).trimmed(" \t\r\n") }

    mutating func skipSeparators() {
        while i < bytes.count, [UInt8(ascii: " "), UInt8(ascii: ","), 9, 10, 13].contains(bytes[i]) { i += 1 }
    }

    mutating func number() -> Double? {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { i = start; return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            var expDigits = 0
            while j < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) { j += 1; expDigits += 1 }
            if expDigits > 0 { i = j }
        }
        guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else { i = start; return nil }
        return value
    }
}
