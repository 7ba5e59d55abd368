import Foundation

// The runtime every generated Swift file embeds (scenec export --swift): the scene language's
// values and operators with the evaluator's exact semantics (Sources/SceneEvaluator), so that
// generated drawing code computes what `scenec dump` shows, and fails where it fails, never trapping.
// It is compiled and tested here as a module of its own (Tests/SwiftExportRuntimeTests); the
// generator copies these files into its output, imports removed, so the app needs no package.

/// What a generated `draw` returns when the scene cannot be drawn with these values: the same
/// failure `scenec` reports, with the code, the `file:line:col` of the expression and what to do.
public struct SceneDrawError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The diagnostic code scenec gives the same failure (docs/diagnostics.md), e.g. "E0501".
    public let code: String
    public let message: String
    /// `file.scene:line:col` of the expression or element at fault.
    public let location: String
    public let help: String?

    public init(code: String, message: String, location: String, help: String? = nil) {
        self.code = code; self.message = message; self.location = location; self.help = help
    }

    public var description: String {
        "\(location): error[\(code)]: \(message)" + (help.map { "\n  help: \($0)" } ?? "")
    }
}

/// The runtime's namespace: nothing here is meant for the app to call directly.
public enum SceneRuntime {
    /// The evaluator's limits (EvaluationLimits' defaults).
    public static let maxLoopIterations = 2_000_000
    public static let maxListLength = 100_000
    public static let maxStringLength = 65_536
    public static let maxCoordinate = 1e9

    /// A non-premultiplied sRGB color, channels clamped into 0…1 (NaN to 0) as the display list's.
    public struct Color: Hashable, Sendable {
        public let red: Double, green: Double, blue: Double, alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = Color.unit(red); self.green = Color.unit(green); self.blue = Color.unit(blue); self.alpha = Color.unit(alpha)
        }

        static func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }

        public static func rgb255(_ r: Double, _ g: Double, _ b: Double, alpha: Double = 1) -> Color {
            Color(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
        }

        public func with(alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

        /// `#rrggbbaa`, as scenec shows colors.
        public var hexRGBA: String {
            let digits = Array("0123456789abcdef")
            return "#"
                + [red, green, blue, alpha].map { v -> String in
                    let byte = Int((min(1, max(0, v)) * 255).rounded())
                    return String([digits[(byte >> 4) & 15], digits[byte & 15]])
                }.joined()
        }
    }

    public enum Extend: String, Sendable { case none, before, after, both }

    /// A gradient as `<gradient>` declares it: stops, not yet placed (like CGGradient).
    public struct Gradient: Hashable, Sendable {
        public var offsets: [Double]
        public var colors: [Color]
        public var extend: Extend

        /// Offsets clamped into 0…1 and never decreasing; no stops at all make one clear stop.
        public init(offsets: [Double], colors: [Color], extend: Extend) {
            var ordered: [Double] = []
            for offset in offsets {
                let o = Color.unit(offset)
                ordered.append(max(o, ordered.last ?? 0))
            }
            if ordered.isEmpty {
                self.offsets = [0]; self.colors = [Color(red: 0, green: 0, blue: 0, alpha: 0)]
            } else {
                self.offsets = ordered; self.colors = colors
            }
            self.extend = extend
        }
    }

    /// A placed paint: `linear(g, …)`, `radial(g, …)` or `conic(g, …)`.
    public enum Paint: Hashable, Sendable {
        case color(Color)
        case linear(Gradient, x0: Double, y0: Double, x1: Double, y1: Double)
        case radial(Gradient, x0: Double, y0: Double, r0: Double, x1: Double, y1: Double, r1: Double)
        case conic(Gradient, cx: Double, cy: Double, angle: Double)
    }

    /// A value of the scene language: `int` and `number` are distinct (ints widen to numbers).
    public enum Value: Hashable, Sendable {
        case int(Int)
        case number(Double)
        case bool(Bool)
        case string(String)
        case color(Color)
        case list([Value])
        case gradient(Gradient)
        case paint(Paint)
        case none

        public var numeric: Double? {
            switch self {
            case .int(let v): return Double(v)
            case .number(let v): return v
            default: return nil
            }
        }

        public var typeName: String {
            switch self {
            case .int: return "int"
            case .number: return "number"
            case .bool: return "bool"
            case .string: return "string"
            case .color: return "color"
            case .list: return "list"
            case .gradient: return "gradient"
            case .paint: return "paint"
            case .none: return "none"
            }
        }

        var isInt: Bool { if case .int = self { return true } else { return false } }

        static func sameListKind(_ a: Value, _ b: Value) -> Bool {
            switch (a, b) {
            case (.string, .string), (.color, .color): return true
            default: return a.numeric != nil && b.numeric != nil
            }
        }

        var listKindName: String { numeric != nil ? "numbers" : typeName + "s" }
    }

    static func article(_ typeName: String) -> String {
        switch typeName {
        case "int": return "an int"
        case "none": return "none"
        default: return "a " + typeName
        }
    }

    static func fail(_ code: String, _ message: String, _ site: String, help: String? = nil) -> SceneDrawError {
        SceneDrawError(code: code, message: message, location: site, help: help)
    }

    // MARK: reading values where the drawing needs them

    public static func number(_ v: Value, _ what: String, at site: String) throws -> Double {
        guard let n = v.numeric else { throw fail("E0408", "\(what) must be a number, not \(article(v.typeName))", site) }
        return n
    }

    public static func bool(_ v: Value, at site: String) throws -> Bool {
        guard case .bool(let b) = v else { throw fail("E0408", "a condition must be a bool, not \(article(v.typeName))", site) }
        return b
    }

    public static func int(_ v: Value, _ what: String, at site: String) throws -> Int {
        guard case .int(let i) = v else { throw fail("E0408", "\(what) must be an int, not \(article(v.typeName))", site) }
        return i
    }

    /// A number that reaches the drawing: at most ±1e9.
    public static func coordinate(_ v: Value, _ what: String, at site: String) throws -> Double {
        let n = try number(v, what, at: site)
        guard abs(n) <= maxCoordinate else {
            throw fail(
                "E0611", "\(n) is too large for a coordinate; the limit is ±1000000000", site,
                help: "coordinates, sizes and angles must be within ±1000000000")
        }
        return n
    }
}
