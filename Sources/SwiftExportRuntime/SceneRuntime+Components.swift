import Foundation

// `<use>`: the values passed to a component, typed and range-checked as the evaluator does
// (Evaluation+Components.swift, ParameterDeclaration.convert and rangeProblem), and its size.
extension SceneRuntime {
    public enum ParameterKind: Sendable {
        case number, int, bool, color, string, date, list(ints: Bool), stringList, colorList
    }

    /// A value passed to a component's parameter `name`, converted to its type (an int widens to a
    /// number) and checked against its range.
    public static func argument(
        _ value: Value, as kind: ParameterKind, min: Double?, max: Double?, name: String,
        at site: String
    ) throws -> Value {
        func mismatch(_ what: String) -> SceneDrawError {
            fail("E0408", "'\(name)': expected \(what), found \(article(value.typeName))", site)
        }
        let typed: Value
        switch (kind, value) {
        case (.number, .int(let v)): typed = .number(Double(v))
        case (.number, .number), (.int, .int), (.bool, .bool), (.color, .color), (.string, .string): typed = value
        case (.date, .string(let text)):
            guard CalendarDate(text) != nil else { throw fail("E0512", "'\(name)': '\(text)' is not a date", site) }
            typed = value
        case (.list(let ints), .list(let items)):
            if ints, items.contains(where: { !$0.isInt }) { throw mismatch("a list of ints") }
            if items.contains(where: { $0.numeric == nil }) { throw mismatch("a list of numbers") }
            typed = value
        case (.stringList, .list(let items)):
            if items.contains(where: { $0.typeName != "string" }) { throw mismatch("a list of strings") }
            typed = value
        case (.colorList, .list(let items)):
            if items.contains(where: { $0.typeName != "color" }) { throw mismatch("a list of colors") }
            typed = value
        default:
            throw mismatch("another type")
        }
        let numbers: [Double]
        switch typed {
        case .int, .number: numbers = [typed.numeric!]
        case .list(let items): numbers = items.compactMap(\.numeric)
        default: numbers = []
        }
        for n in numbers {
            if let min, n < min { throw fail("E0516", "the value for '\(name)' \(readable(n)) is below the minimum \(readable(min))", site) }
            if let max, n > max { throw fail("E0516", "the value for '\(name)' \(readable(n)) is above the maximum \(readable(max))", site) }
        }
        return typed
    }

    /// The width or height a `<use>` gives its component: a positive number.
    public static func componentSide(_ v: Double, _ attribute: String, at site: String) throws -> Double {
        guard v > 0, v.isFinite else {
            throw fail("E0514", "'\(attribute)' of a placed component must be a positive number, not \(readable(v))", site)
        }
        return v
    }
}
