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
                    throw Diagnostic.error(
                        .stringTooLong, "text is longer than the limit of \(limits.maxStringLength) bytes", at: attribute.valueSpan,
                        help: "shorten the text")
                }
                return .string(attribute.value)
            }
        case .stringList where !(trimmed.hasPrefix("[") || trimmed.hasPrefix("'") || trimmed.hasPrefix("\"")):
            // `Mon, Tue, Wed`: each text between commas, trimmed of spaces, without quotes.
            return try unquotedStrings(attribute, limits: limits)
        case .list, .stringList, .colorList:
            if !trimmed.hasPrefix("[") {
                // Parse `4,2,6` as `[4,2,6]`, keeping error positions on the user's text.
                let start = attribute.valueSpan.start
                var offsets = [start]
                offsets += (0...attribute.value.utf8.count).map { start + $0 }
                offsets.append(attribute.valueSpan.end)
                source = Attribute(
                    name: attribute.name, nameSpan: attribute.nameSpan, value: "[" + attribute.value + "]",
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
            if type == .colorList || type == .stringList {
                throw Diagnostic.error(
                    .expressionSyntax, "expected \(type == .colorList ? "colors" : "quoted texts") separated by commas",
                    at: diagnostic.span, help: "write \(type.example)")
            }
            let numbers = ExpressionParser.numbers(attribute.value)
            throw Diagnostic.error(
                .expressionSyntax, "expected numbers separated by commas", at: diagnostic.span,
                help: numbers.isEmpty
                    ? "write a list as 4,2,6 or [4, 2, 6]"
                    : "write \(numbers.joined(separator: ",")) or [\(numbers.joined(separator: ", "))]")
        case .failure(let diagnostic): throw diagnostic
        }
        // Values are constants: only literals, builtin names and functions are in scope.
        let value: Value
        do {
            var constants = ExpressionEvaluator(limits: limits)
            value = try constants.evaluate(expr)
        } catch let d as Diagnostic where d.code == .undefinedName && type == .colorList {
            // One word of a palette that is no color: name it, and the color it may have meant.
            let word = d.message.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
            throw Diagnostic.error(
                .typeMismatch, "'\(DiagnosticRenderer.visible(word))' in this list<color> is not a color", at: d.span,
                help: Suggestion.didYouMean(word, among: CSSColors.names) ?? "write \(type.example)")
        } catch let d as Diagnostic where d.code == .undefinedName {
            // A bare word that is not a color or constant: say what the type expects instead.
            throw Diagnostic.error(
                .typeMismatch, "expected \(article(type.name)), found '\(attribute.value.trimmingCharacters(in: " "))'",
                at: d.span, help: "write \(type.example)")
        }
        return try convert(value, to: type, at: expr.span)
    }

    static func convert(_ value: Value, to type: ParameterType, at span: SourceSpan) throws -> Value {
        func mismatch() -> Diagnostic {
            .error(
                .typeMismatch, "expected \(article(type.name)), found \(article(value.typeName)) (\(value.brief))", at: span,
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
            throw Diagnostic.error(
                .typeMismatch, "expected an int, found the number \(NumberFormat.readable(v))", at: span,
                help: "write a whole number without a decimal point")
        case (.list(let ints), .list(let items)):
            if ints, let bad = items.first(where: { if case .int = $0 { return false } else { return true } }) {
                throw Diagnostic.error(
                    .typeMismatch, "expected a list of ints, but it holds the number \(bad.description)", at: span,
                    help: "write whole numbers, such as 4,2,6")
            }
            // List parameters hold numbers; a palette or a list of labels is a `let`, not a parameter.
            if let bad = items.first(where: { $0.numeric == nil }) {
                throw Diagnostic.error(.typeMismatch, "expected a list of numbers, but it holds \(article(bad.typeName))", at: span)
            }
            return value
        case (.stringList, .list(let items)), (.colorList, .list(let items)):
            let wanted = type == .stringList ? "string" : "color"
            if let bad = items.first(where: { $0.typeName != wanted }) {
                throw Diagnostic.error(
                    .typeMismatch, "expected a list of \(wanted)s, but it holds \(article(bad.typeName)) (\(bad.brief))", at: span,
                    help: "write \(type.example)")
            }
            return value
        default:
            throw mismatch()
        }
    }

    /// `Mon, Tue, Wed` as a list of strings: split at commas, each trimmed of spaces; an empty value
    /// is `[]`, an empty element between commas an error at its place.
    private static func unquotedStrings(_ attribute: Attribute, limits: EvaluationLimits) throws -> Value {
        guard attribute.value.utf8.count <= limits.maxStringLength else {
            throw Diagnostic.error(
                .stringTooLong, "text is longer than the limit of \(limits.maxStringLength) bytes", at: attribute.valueSpan,
                help: "shorten the text")
        }
        if attribute.value.allSatisfy({ $0 == " " }) { return .list([]) }
        var items: [Value] = []
        var offset = 0
        for piece in attribute.value.split(separator: ",", omittingEmptySubsequences: false) {
            let text = String(piece).trimmingCharacters(in: " ")
            if text.isEmpty {
                let at = attribute.span(ofValueBytes: offset..<(offset + piece.utf8.count))
                throw Diagnostic.error(
                    .expressionSyntax, "an empty text between commas", at: at,
                    help: "remove the extra comma, or write '' for an empty text: ['a', '', 'b']")
            }
            items.append(.string(text))
            offset += piece.utf8.count + 1
        }
        guard items.count <= limits.maxListLength else {
            throw Diagnostic.error(
                .listTooLong, "list has \(items.count) elements; the limit is \(limits.maxListLength)", at: attribute.valueSpan,
                help: "make the list shorter")
        }
        return .list(items)
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
