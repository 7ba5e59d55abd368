/// The type of a <param>.
public enum ParameterType: Hashable, Sendable {
    case number, int, bool, color, string
    /// A day, `YYYY-MM-DD`, held as a string (see the date functions).
    case date
    /// A list of numbers; `intElements` for `list<int>`.
    case list(intElements: Bool)
    /// `list<string>` (slice labels, day names) and `list<color>` (a palette).
    case stringList, colorList

    public init?(keyword: String) {
        switch keyword {
        case "number": self = .number
        case "int": self = .int
        case "bool": self = .bool
        case "color": self = .color
        case "string": self = .string
        case "date": self = .date
        case "list", "list<number>": self = .list(intElements: false)
        case "list<int>": self = .list(intElements: true)
        case "list<string>": self = .stringList
        case "list<color>": self = .colorList
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .number: return "number"
        case .int: return "int"
        case .bool: return "bool"
        case .color: return "color"
        case .string: return "string"
        case .date: return "date"
        case .list(let ints): return ints ? "list<int>" : "list"
        case .stringList: return "list<string>"
        case .colorList: return "list<color>"
        }
    }

    /// How to write a value of this type on the command line.
    public var example: String {
        switch self {
        case .number: return "a number such as 0.75"
        case .int: return "a whole number such as 5"
        case .bool: return "true or false"
        case .color: return "a color such as #57dad5, rgb(87,218,213) or red"
        case .string: return "text"
        case .date: return "a date as YYYY-MM-DD, such as 2026-11-21"
        case .list(let ints): return ints ? "whole numbers separated by commas, such as 4,2,6" : "numbers separated by commas, such as 4,2.5,6"
        case .stringList: return "texts separated by commas, such as Mon,Tue,Wed (or ['a, b', 'c'] for texts with commas)"
        case .colorList: return "colors separated by commas, such as teal,#f80,rgb(87,218,213)"
        }
    }
}

extension ParameterType {
    /// The name with its article, as messages say it: "an int", "a list<color>".
    public var nameWithArticle: String { self == .int ? "an int" : "a " + name }
}
