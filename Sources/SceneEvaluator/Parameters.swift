import DisplayList
import SceneSource
import SceneSyntax

/// The type of a <param>.
public enum ParameterType: Hashable, Sendable {
    case number, int, bool, color, string
    /// A day, `YYYY-MM-DD`, held as a string (see the date functions).
    case date
    /// A list of numbers; `intElements` for `list<int>`.
    case list(intElements: Bool)

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
        }
    }
}

/// A declared input of a scene: what `scenec params` lists and what `--set` assigns.
public struct ParameterDeclaration: Hashable, Sendable {
    public let name: String
    public let type: ParameterType
    public let defaultValue: Value
    public let minimum: Double?
    public let maximum: Double?
    public let description: String?
    public let span: SourceSpan

    /// Parses a value written as text (a `default` attribute or a `--set` value) as this type.
    /// Lists may omit their brackets (`4,2,6`) and strings their quotes.
    public static func parseValue(_ attribute: Attribute, as type: ParameterType, limits: EvaluationLimits) throws -> Value {
        var source = attribute
        var bracketsAdded = false
        let trimmed = attribute.value.trimmingCharacters(in: " ")
        switch type {
        case .date:
            if !(trimmed.hasPrefix("'") || trimmed.hasPrefix("\"")) {
                return try convert(.string(trimmed), to: .date, at: attribute.valueSpan)
            }
        case .string:
            if !(trimmed.hasPrefix("'") || trimmed.hasPrefix("\"")) {
                guard attribute.value.utf8.count <= limits.maxStringLength else {
                    throw Diagnostic.error(.stringTooLong, "text is longer than the limit of \(limits.maxStringLength) bytes", at: attribute.valueSpan,
                                           help: "shorten the text")
                }
                return .string(attribute.value)
            }
        case .list:
            if !trimmed.hasPrefix("[") {
                // Parse `4,2,6` as `[4,2,6]`, keeping error positions on the user's text.
                let start = attribute.valueSpan.start
                var offsets = [start]
                offsets += (0...attribute.value.utf8.count).map { start + $0 }
                offsets.append(attribute.valueSpan.end)
                source = Attribute(name: attribute.name, nameSpan: attribute.nameSpan, value: "[" + attribute.value + "]",
                                   valueSpan: attribute.valueSpan, sourceOffsets: offsets)
                bracketsAdded = true
            }
        default:
            break
        }
        let expr: Expr
        switch ExpressionParser.parse(source) {
        case .success(let parsed): expr = parsed
        case .failure(let diagnostic) where bracketsAdded && diagnostic.code == .expressionSyntax:
            // The brackets are ours: "expected ']'" would point at something the user never wrote.
            let numbers = ExpressionParser.numbers(attribute.value)
            throw Diagnostic.error(.expressionSyntax, "expected numbers separated by commas", at: diagnostic.span,
                                   help: numbers.isEmpty ? "write a list as 4,2,6 or [4, 2, 6]"
                                       : "write \(numbers.joined(separator: ",")) or [\(numbers.joined(separator: ", "))]")
        case .failure(let diagnostic): throw diagnostic
        }
        // Values are constants: only literals, builtin names and functions are in scope.
        let value: Value
        do {
            value = try ExpressionEvaluator(scope: Scope(), limits: limits).evaluate(expr)
        } catch let d as Diagnostic where d.code == .undefinedName {
            // A bare word that is not a color or constant: say what the type expects instead.
            throw Diagnostic.error(.typeMismatch, "expected \(article(type.name)), found '\(attribute.value.trimmingCharacters(in: " "))'",
                                   at: d.span, help: "write \(type.example)")
        }
        return try convert(value, to: type, at: expr.span)
    }

    static func convert(_ value: Value, to type: ParameterType, at span: SourceSpan) throws -> Value {
        func mismatch() -> Diagnostic {
            .error(.typeMismatch, "expected \(article(type.name)), found \(article(value.typeName)) (\(value.brief))", at: span,
                   help: "write \(type.example)")
        }
        switch (type, value) {
        case (.number, .int(let v)): return .number(Double(v))
        case (.number, .number), (.int, .int), (.bool, .bool), (.color, .color), (.string, .string): return value
        case (.date, .string(let text)):
            guard CalendarDate(text) != nil else {
                throw Diagnostic.error(.invalidDate, "'\(text)' is not a date", at: span, help: "write \(type.example)")
            }
            return value
        case (.int, .number(let v)):
            throw Diagnostic.error(.typeMismatch, "expected an int, found the number \(NumberFormat.readable(v))", at: span,
                                   help: "write a whole number without a decimal point")
        case (.list(let ints), .list(let items)):
            if ints, let bad = items.first(where: { if case .int = $0 { return false } else { return true } }) {
                throw Diagnostic.error(.typeMismatch, "expected a list of ints, but it holds the number \(bad.description)", at: span,
                                       help: "write whole numbers, such as 4,2,6")
            }
            // List parameters hold numbers; a palette or a list of labels is a `let`, not a parameter.
            if let bad = items.first(where: { $0.numeric == nil }) {
                throw Diagnostic.error(.typeMismatch, "expected a list of numbers, but it holds \(article(bad.typeName))", at: span)
            }
            return value
        default:
            throw mismatch()
        }
    }

    /// Checks a value against the declared range (for lists, every element).
    public func rangeProblem(_ value: Value) -> String? {
        let numbers: [Double]
        switch value {
        case .int, .number: numbers = [value.numeric!]
        case .list(let items): numbers = items.compactMap(\.numeric)
        default: return nil
        }
        for n in numbers {
            if let minimum, n < minimum { return "\(Value.number(n).description) is below the minimum \(rangeText)" }
            if let maximum, n > maximum { return "\(Value.number(n).description) is above the maximum \(rangeText)" }
        }
        return nil
    }

    /// "0…8", "≥ 0", "≤ 1", or "" when unbounded.
    public var rangeText: String {
        switch (minimum, maximum) {
        case let (lo?, hi?): return "(range \(bound(lo))…\(bound(hi)))"
        case let (lo?, nil): return "(range ≥ \(bound(lo)))"
        case let (nil, hi?): return "(range ≤ \(bound(hi)))"
        default: return ""
        }
    }

    private func bound(_ v: Double) -> String { NumberFormat.readable(v, decimals: 6) }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
