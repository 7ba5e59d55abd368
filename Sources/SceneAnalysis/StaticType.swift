import SceneVocabulary

/// What the checker knows of a value's type without running anything: a literal's type, a
/// parameter's declared type, a builtin's result type. `unknown` whenever it cannot be sure (a
/// list element, a function added later without a result type): the checker reports a type error
/// only when both sides are known, so it never rejects a scene that could work.
enum StaticType: Equatable {
    case int, number
    /// An int or a number, which one depending on the values (`min(a, b)`, `abs(x)`).
    case numeric
    case bool, string, color, list, gradient, paint, none
    case unknown

    var isNumeric: Bool { self == .int || self == .number || self == .numeric }
    var isKnown: Bool { self != .unknown }
    /// Known, and certainly not a number.
    var isNonNumeric: Bool { isKnown && !isNumeric }

    /// The evaluator's name for the type (`Value.typeName`), so messages read the same.
    var name: String {
        switch self {
        case .int: return "int"
        case .number, .numeric: return "number"
        case .bool: return "bool"
        case .string: return "string"
        case .color: return "color"
        case .list: return "list"
        case .gradient: return "gradient"
        case .paint: return "paint"
        case .none: return "none"
        case .unknown: return "value"
        }
    }

    /// "an int", "a color", "none": as the evaluator's messages write it.
    var withArticle: String {
        switch self {
        case .int: return "an int"
        case .none: return "none"
        default: return "a " + name
        }
    }

    /// A type from the vocabulary's tables (a builtin's result, a predefined name); a date is a
    /// string, and `any` is unknown.
    init(_ type: ValueType) {
        switch type {
        case .int: self = .int
        case .number: self = .number
        case .numeric: self = .numeric
        case .bool: self = .bool
        case .string, .date: self = .string
        case .color: self = .color
        case .list: self = .list
        case .gradient: self = .gradient
        case .paint: self = .paint
        case .none: self = .none
        case .any: self = .unknown
        }
    }

    /// The type as the program records it (`ProgramExpression.type`): `.any` for unknown.
    var valueType: ValueType {
        switch self {
        case .int: return .int
        case .number: return .number
        case .numeric: return .numeric
        case .bool: return .bool
        case .string: return .string
        case .color: return .color
        case .list: return .list
        case .gradient: return .gradient
        case .paint: return .paint
        case .none: return .none
        case .unknown: return .any
        }
    }

    /// A `<param type="…">` as a static type (a date is a string).
    init(parameterType word: String) {
        switch word {
        case "number": self = .number
        case "int": self = .int
        case "bool": self = .bool
        case "color": self = .color
        case "string", "date": self = .string
        case _ where word.hasPrefix("list"): self = .list
        default: self = .unknown
        }
    }
}
