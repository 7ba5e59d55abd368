import DisplayList
import SceneSource
import ResolvedProgram

/// The meaning of the expression language's operators, lists, conditions and indexing on values
/// already evaluated, with the spans of the operands for the error on the one at fault: the one
/// definition both expression evaluators (over the syntax tree's `Expr` and over the resolved
/// program's `ProgramExpression`) call, so the two cannot drift apart.
enum ValueOperations {
    /// A string literal's length against the limit.
    static func checkString(_ s: String, at span: SourceSpan, limits: EvaluationLimits) throws {
        if s.utf8.count > limits.maxStringLength {
            throw Diagnostic.error(
                .stringTooLong, "string is \(s.utf8.count) bytes, longer than the limit of \(limits.maxStringLength) bytes",
                at: span, help: "shorten the text")
        }
    }

    /// A list literal's length against the limit.
    static func checkListLength(_ count: Int, at span: SourceSpan, limits: EvaluationLimits) throws {
        if count > limits.maxListLength {
            throw Diagnostic.error(
                .listTooLong, "list has \(count) elements; the limit is \(limits.maxListLength)", at: span,
                help: "make the list shorter")
        }
    }

    /// Checks that `value` may follow `values` in one list (written at `span`).
    static func checkListElement(_ value: Value, after values: [Value], at span: SourceSpan) throws {
        // One kind per list (numbers, strings or colors), so a palette or a list of labels
        // is a list, and `sum` or `dash` never meet a string.
        guard value.numeric != nil || value.typeName == "string" || value.typeName == "color" else {
            throw Diagnostic.error(.typeMismatch, "lists hold numbers, strings or colors, not \(article(value.typeName))", at: span)
        }
        if let first = values.first, !Value.sameListKind(first, value) {
            throw Diagnostic.error(
                .typeMismatch, "a list holds one kind of element: this is \(article(value.typeName)) in a list of \(first.listKindName)",
                at: span)
        }
    }

    /// The test of `test ? a : b` (not `.invalid`).
    static func condition(_ value: Value, at span: SourceSpan) throws -> Bool {
        guard case .bool(let b) = value else {
            throw Diagnostic.error(.typeMismatch, "the condition before '?' must be a bool, not \(article(value.typeName))", at: span)
        }
        return b
    }

    /// `list[index]` (neither `.invalid`).
    static func index(_ list: Value, _ position: Value, baseSpan: SourceSpan, indexSpan: SourceSpan) throws -> Value {
        guard case .list(let items) = list else {
            throw Diagnostic.error(.typeMismatch, "only lists can be indexed, not \(article(list.typeName))", at: baseSpan)
        }
        guard case .int(let i) = position else {
            throw Diagnostic.error(
                .typeMismatch, "a list index must be an int, not \(article(position.typeName))", at: indexSpan,
                help: position.numeric != nil ? "convert it with int(…)" : nil)
        }
        guard i >= 0, i < items.count else {
            throw Diagnostic.error(
                .indexOutOfRange, "index \(i) is out of range for a list of \(items.count) element\(items.count == 1 ? "" : "s")",
                at: indexSpan,
                help: items.isEmpty ? "the list is empty" : "valid indices are 0 to \(items.count - 1)")
        }
        return items[i]
    }

    static func unary(_ op: UnaryOperator, _ value: Value, span: SourceSpan, operandSpan: SourceSpan) throws -> Value {
        if value == .invalid { return .invalid }
        switch (op, value) {
        case (.negate, .int(let v)):
            guard v != Int.min else { throw Diagnostic.error(.integerOverflow, "integer overflow", at: span, help: overflowHelp) }
            return .int(-v)
        case (.negate, .number(let v)): return .number(v == 0 ? 0 : -v)
        case (.plus, .int), (.plus, .number): return value
        case (.not, .bool(let b)): return .bool(!b)
        case (.not, _):
            throw Diagnostic.error(.typeMismatch, "'not' needs a bool, not \(article(value.typeName))", at: operandSpan)
        default:
            throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' needs a number, not \(article(value.typeName))", at: operandSpan)
        }
    }

    /// An operand of `and` or `or` (not `.invalid`).
    static func logical(_ op: BinaryOperator, _ value: Value, at span: SourceSpan) throws -> Bool {
        guard case .bool(let b) = value else {
            throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' needs bools, not \(article(value.typeName))", at: span)
        }
        return b
    }

    /// Every binary operator but `and` and `or` (whose right side is evaluated only when needed),
    /// on operands that are not `.invalid`.
    static func binary(
        _ op: BinaryOperator, _ left: Value, _ right: Value, leftSpan: SourceSpan, rightSpan: SourceSpan,
        span: SourceSpan, context: EvaluationContext
    ) throws -> Value {
        switch op {
        case .equal, .notEqual:
            let same: Bool
            if let l = left.numeric, let r = right.numeric {
                same = l == r
            } else if case .list(let a) = left, case .list(let b) = right {
                try context.charge(min(a.count, b.count), at: span)
                // Numbers by value (`[1] == [1.0]`), strings and colors exactly.
                same =
                    a.count == b.count
                    && zip(a, b).allSatisfy { x, y in
                        if let l = x.numeric, let r = y.numeric { return l == r }
                        return x == y
                    }
            } else if left.typeName == right.typeName {
                if case .string(let a) = left, case .string(let b) = right {
                    try context.charge(min(a.utf8.count, b.utf8.count) / 64, at: span)
                }
                same = left == right
            } else {
                throw Diagnostic.error(.typeMismatch, "cannot compare \(article(left.typeName)) with \(article(right.typeName))", at: span)
            }
            return .bool(op == .equal ? same : !same)
        case .less, .lessEqual, .greater, .greaterEqual:
            guard let l = left.numeric, let r = right.numeric else {
                let bad = left.numeric == nil ? leftSpan : rightSpan
                let value = left.numeric == nil ? left : right
                throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' compares numbers, not \(article(value.typeName))", at: bad)
            }
            if case .int(let a) = left, case .int(let b) = right {
                switch op {
                case .less: return .bool(a < b)
                case .lessEqual: return .bool(a <= b)
                case .greater: return .bool(a > b)
                default: return .bool(a >= b)
                }
            }
            switch op {
            case .less: return .bool(l < r)
            case .lessEqual: return .bool(l <= r)
            case .greater: return .bool(l > r)
            default: return .bool(l >= r)
            }
        case .add:
            if case .string(let a) = left, case .string(let b) = right {
                // Building a string costs a step per 64 bytes, so that a loop of long concatenations
                // is bounded in time like any other work.
                try context.charge((a.utf8.count + b.utf8.count) / 64, at: span)
                let joined = a + b
                if joined.utf8.count > context.limits.maxStringLength {
                    throw Diagnostic.error(
                        .stringTooLong, "string is longer than the limit of \(context.limits.maxStringLength) bytes", at: span,
                        help: "shorten the text")
                }
                return .string(joined)
            }
            return try arithmetic(op, left, right, leftSpan: leftSpan, rightSpan: rightSpan, span: span)
        default:
            return try arithmetic(op, left, right, leftSpan: leftSpan, rightSpan: rightSpan, span: span)
        }
    }

    private static func arithmetic(
        _ op: BinaryOperator, _ left: Value, _ right: Value,
        leftSpan: SourceSpan, rightSpan: SourceSpan, span: SourceSpan
    ) throws -> Value {
        guard let l = left.numeric else {
            throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' needs numbers, not \(article(left.typeName))", at: leftSpan)
        }
        guard let r = right.numeric else {
            throw Diagnostic.error(.typeMismatch, "'\(op.rawValue)' needs numbers, not \(article(right.typeName))", at: rightSpan)
        }
        if case .int(let a) = left, case .int(let b) = right {
            let result: (Int, Bool)
            switch op {
            case .add: result = a.addingReportingOverflow(b)
            case .subtract: result = a.subtractingReportingOverflow(b)
            case .multiply: result = a.multipliedReportingOverflow(by: b)
            case .integerDivide, .remainder:
                guard b != 0 else { throw Diagnostic.error(.divisionByZero, "division by zero", at: rightSpan, help: divisionHelp) }
                result = op == .integerDivide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            case .divide:
                guard b != 0 else { throw Diagnostic.error(.divisionByZero, "division by zero", at: rightSpan, help: divisionHelp) }
                return .number(Double(a) / Double(b))
            default: fatalError("not arithmetic")
            }
            if result.1 { throw Diagnostic.error(.integerOverflow, "integer overflow", at: span, help: overflowHelp) }
            return .int(result.0)
        }
        let value: Double
        switch op {
        case .add: value = l + r
        case .subtract: value = l - r
        case .multiply: value = l * r
        case .divide:
            guard r != 0 else { throw Diagnostic.error(.divisionByZero, "division by zero", at: rightSpan, help: divisionHelp) }
            value = l / r
        case .remainder:
            guard r != 0 else { throw Diagnostic.error(.divisionByZero, "division by zero", at: rightSpan, help: divisionHelp) }
            value = l.truncatingRemainder(dividingBy: r)
        case .integerDivide:
            let bad = left.typeName == "int" ? rightSpan : leftSpan
            throw Diagnostic.error(
                .typeMismatch, "'//' divides ints, not numbers", at: bad,
                help: "use floor(a / b) for numbers, or '/' for exact division")
        default: fatalError("not arithmetic")
        }
        return try finite(value, at: span)
    }

    static let divisionHelp = "the divisor is 0 here; test it first, for example b == 0 ? 0 : a / b"
    static let overflowHelp = "use numbers (write 1.0) for large values"

    static func finite(_ value: Double, at span: SourceSpan) throws -> Value {
        guard value.isFinite else {
            throw Diagnostic.error(
                .notFinite, "result is not a finite number", at: span,
                help: "the result is too large for a number; check the operands")
        }
        return .number(value == 0 ? 0 : value)
    }
}
