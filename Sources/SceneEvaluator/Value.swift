import DisplayList

/// A gradient as declared by <gradient>: colors and locations, not yet placed (like CGGradient).
public struct GradientValue: Hashable, Sendable {
    public var stops: [GradientStop]
    public var extend: GradientExtend
}

/// A value of the scene language. `int` and `number` are distinct types: `//` and `%` on ints and
/// list indices need ints, and ints widen to numbers wherever a number is expected.
public enum Value: Hashable, Sendable {
    case int(Int)
    case number(Double)
    case bool(Bool)
    case string(String)
    case color(Color)
    /// A list of one kind of element: numbers (`.int` and `.number` mixed), strings, or colors.
    case list([Value])
    case gradient(GradientValue)
    /// A placed paint: `linear(g, x1, y1, x2, y2)`.
    case paint(Paint)
    /// `none`: no fill or no stroke.
    case none
    /// The result of an expression that already failed and was reported; it poisons whatever
    /// uses it without further reports, so one mistake gives one error.
    case invalid

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
        case .invalid: return "invalid"
        }
    }

    /// The numeric value of an int or a number.
    public var numeric: Double? {
        switch self {
        case .int(let v): return Double(v)
        case .number(let v): return v
        default: return nil
        }
    }

    /// Whether two values may stand in one list: both numbers (ints and numbers mix), both
    /// strings or both colors.
    static func sameListKind(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.string, .string), (.color, .color): return true
        default: return a.numeric != nil && b.numeric != nil
        }
    }

    /// The kind of a list holding this element, for messages: "numbers", "strings", "colors".
    var listKindName: String { numeric != nil ? "numbers" : typeName + "s" }

    /// `description` cut to about 60 characters, for messages: a long list or string is not quoted whole.
    public var brief: String {
        let full: String
        switch self {
        case .list(let items) where items.count > 12:
            full = "[" + items.prefix(12).map(\.description).joined(separator: ", ") + ", … (\(items.count) \(items[0].listKindName))]"
        case .string(let s) where s.unicodeScalars.count > 60:
            full = "'" + String(String.UnicodeScalarView(s.unicodeScalars.prefix(57))) + "…'"
        default:
            full = description
        }
        return full
    }

    /// How a value is shown in `scenec params`, messages and notes.
    public var description: String {
        switch self {
        case .int(let v): return String(v)
        case .number(let v): return NumberFormat.readable(v, decimals: 6)
        case .bool(let v): return v ? "true" : "false"
        case .string(let s): return "'" + s + "'"
        case .color(let c): return c.hexRGBA
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .gradient(let g): return "gradient(\(g.stops.count) stops)"
        case .paint: return "paint"
        case .none: return "none"
        case .invalid: return "invalid"
        }
    }
}
