import DisplayList
import SceneSource
@_exported import enum ResolvedProgram.ParameterType
import ResolvedProgram

/// A declared input of a scene: what `scenec params` lists and what `--set` assigns.
public struct ParameterDeclaration: Hashable, Sendable {
    public let name: String
    public let type: ParameterType
    public let defaultValue: Value
    public let minimum: Double?
    public let maximum: Double?
    public let description: String?
    public let span: SourceSpan

    /// A value written as text (a `default` or a `--set` value), read by the analysis as this
    /// type (`ConstantLowering.read`), as a value: what depends on the limits and on evaluating it.
    public static func value(of written: WrittenValue, as type: ParameterType, limits: EvaluationLimits) throws -> Value {
        switch written.reading {
        case .invalid(let problem):
            throw problem
        case .text:
            try checkLength(written, limits: limits)
            return .string(written.text)
        case .date(let text):
            return try convert(.string(text), to: .date, at: written.span)
        case .texts(let items, let problem):
            try checkLength(written, limits: limits)
            if let problem { throw problem }
            guard items.count <= limits.maxListLength else {
                throw Diagnostic.error(
                    .listTooLong, "list has \(items.count) elements; the limit is \(limits.maxListLength)", at: written.span,
                    help: "make the list shorter")
            }
            return .list(items.map { .string($0.text) })
        case .expression(let expression, let problems):
            let value = try ConstantEvaluation.value(of: expression, problems: problems, limits: limits)
            return try convert(value, to: type, at: expression.span)
        }
    }

    private static func checkLength(_ written: WrittenValue, limits: EvaluationLimits) throws {
        guard written.text.utf8.count <= limits.maxStringLength else {
            throw Diagnostic.error(
                .stringTooLong, "text is longer than the limit of \(limits.maxStringLength) bytes", at: written.span,
                help: "shorten the text")
        }
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
            // These lists hold numbers (texts and colors are `list<string>` and `list<color>`).
            if let bad = items.first(where: { $0.numeric == nil }) {
                guard ints else {
                    throw Diagnostic.error(.typeMismatch, "expected a list of numbers, but it holds \(article(bad.typeName))", at: span)
                }
                throw Diagnostic.error(
                    .typeMismatch, "expected a list of ints, but it holds \(article(bad.typeName)) (\(bad.brief))", at: span,
                    help: "write whole numbers, such as 4,2,6")
            }
            if ints, let bad = items.first(where: { if case .int = $0 { return false } else { return true } }) {
                throw Diagnostic.error(
                    .typeMismatch, "expected a list of ints, but it holds the number \(bad.description)", at: span,
                    help: "write whole numbers, such as 4,2,6")
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
