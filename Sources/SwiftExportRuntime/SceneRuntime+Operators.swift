import Foundation

// The operators, as Sources/SceneEvaluator/ExpressionEvaluator.swift computes them: ints stay ints
// (overflow is an error), a number result must be finite, -0 becomes 0, division by zero is an
// error. `and`, `or` and `?:` are written out by the generator (they evaluate one side only).
extension SceneRuntime {
    static let divisionHelp = "the divisor is 0 here; test it first, for example b == 0 ? 0 : a / b"
    static let overflowHelp = "use numbers (write 1.0) for large values"

    public enum BinaryOperator: String, Sendable {
        case add = "+", subtract = "-", multiply = "*", divide = "/", integerDivide = "//", remainder = "%"
        case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    }

    static func finite(_ value: Double, at site: String) throws -> Value {
        guard value.isFinite else {
            throw fail("E0503", "result is not a finite number", site, help: "the result is too large for a number; check the operands")
        }
        return .number(value == 0 ? 0 : value)
    }

    public static func negate(_ v: Value, at site: String) throws -> Value {
        switch v {
        case .int(let i):
            guard i != Int.min else { throw fail("E0502", "integer overflow", site, help: overflowHelp) }
            return .int(-i)
        case .number(let d): return .number(d == 0 ? 0 : -d)
        default: throw fail("E0408", "'-' needs a number, not \(article(v.typeName))", site)
        }
    }

    public static func plus(_ v: Value, at site: String) throws -> Value {
        guard v.numeric != nil else { throw fail("E0408", "'+' needs a number, not \(article(v.typeName))", site) }
        return v
    }

    public static func not(_ v: Value, at site: String) throws -> Value {
        guard case .bool(let b) = v else { throw fail("E0408", "'not' needs a bool, not \(article(v.typeName))", site) }
        return .bool(!b)
    }

    /// The operand of `and` / `or`.
    public static func logical(_ v: Value, _ op: String, at site: String) throws -> Bool {
        guard case .bool(let b) = v else { throw fail("E0408", "'\(op)' needs bools, not \(article(v.typeName))", site) }
        return b
    }

    /// The test of `?:`.
    public static func condition(_ v: Value, at site: String) throws -> Bool {
        guard case .bool(let b) = v else {
            throw fail("E0408", "the condition before '?' must be a bool, not \(article(v.typeName))", site)
        }
        return b
    }

    public static func binary(_ op: BinaryOperator, _ left: Value, _ right: Value, at site: String) throws -> Value {
        switch op {
        case .equal, .notEqual:
            let same: Bool
            if let l = left.numeric, let r = right.numeric {
                same = l == r
            } else if case .list(let a) = left, case .list(let b) = right {
                same =
                    a.count == b.count
                    && zip(a, b).allSatisfy { x, y in
                        if let l = x.numeric, let r = y.numeric { return l == r }
                        return x == y
                    }
            } else if left.typeName == right.typeName {
                same = left == right
            } else {
                throw fail("E0408", "cannot compare \(article(left.typeName)) with \(article(right.typeName))", site)
            }
            return .bool(op == .equal ? same : !same)
        case .less, .lessEqual, .greater, .greaterEqual:
            guard let l = left.numeric, let r = right.numeric else {
                let value = left.numeric == nil ? left : right
                throw fail("E0408", "'\(op.rawValue)' compares numbers, not \(article(value.typeName))", site)
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
                let joined = a + b
                guard joined.utf8.count <= maxStringLength else {
                    throw fail("E0609", "string is longer than the limit of \(maxStringLength) bytes", site, help: "shorten the text")
                }
                return .string(joined)
            }
            return try arithmetic(op, left, right, at: site)
        default:
            return try arithmetic(op, left, right, at: site)
        }
    }

    static func arithmetic(_ op: BinaryOperator, _ left: Value, _ right: Value, at site: String) throws -> Value {
        guard let l = left.numeric else { throw fail("E0408", "'\(op.rawValue)' needs numbers, not \(article(left.typeName))", site) }
        guard let r = right.numeric else { throw fail("E0408", "'\(op.rawValue)' needs numbers, not \(article(right.typeName))", site) }
        if case .int(let a) = left, case .int(let b) = right {
            let result: (partialValue: Int, overflow: Bool)
            switch op {
            case .add: result = a.addingReportingOverflow(b)
            case .subtract: result = a.subtractingReportingOverflow(b)
            case .multiply: result = a.multipliedReportingOverflow(by: b)
            case .integerDivide, .remainder:
                guard b != 0 else { throw fail("E0501", "division by zero", site, help: divisionHelp) }
                result = op == .integerDivide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            case .divide:
                guard b != 0 else { throw fail("E0501", "division by zero", site, help: divisionHelp) }
                return .number(Double(a) / Double(b))
            default:
                throw fail("E0408", "'\(op.rawValue)' is not arithmetic", site)
            }
            if result.overflow { throw fail("E0502", "integer overflow", site, help: overflowHelp) }
            return .int(result.partialValue)
        }
        let value: Double
        switch op {
        case .add: value = l + r
        case .subtract: value = l - r
        case .multiply: value = l * r
        case .divide:
            guard r != 0 else { throw fail("E0501", "division by zero", site, help: divisionHelp) }
            value = l / r
        case .remainder:
            guard r != 0 else { throw fail("E0501", "division by zero", site, help: divisionHelp) }
            value = l.truncatingRemainder(dividingBy: r)
        case .integerDivide:
            throw fail("E0408", "'//' divides ints, not numbers", site, help: "use floor(a / b) for numbers, or '/' for exact division")
        default:
            throw fail("E0408", "'\(op.rawValue)' is not arithmetic", site)
        }
        return try finite(value, at: site)
    }

    /// `list[index]`.
    public static func index(_ base: Value, _ position: Value, at site: String) throws -> Value {
        guard case .list(let items) = base else { throw fail("E0408", "only lists can be indexed, not \(article(base.typeName))", site) }
        guard case .int(let i) = position else {
            throw fail(
                "E0408", "a list index must be an int, not \(article(position.typeName))", site,
                help: position.numeric != nil ? "convert it with int(…)" : nil)
        }
        guard i >= 0, i < items.count else {
            throw fail(
                "E0504", "index \(i) is out of range for a list of \(items.count) element\(items.count == 1 ? "" : "s")", site,
                help: items.isEmpty ? "the list is empty" : "valid indices are 0 to \(items.count - 1)")
        }
        return items[i]
    }

    /// A list literal: one kind of element, at most `maxListLength`.
    public static func list(_ elements: [Value], at site: String) throws -> Value {
        guard elements.count <= maxListLength else {
            throw fail("E0608", "list has \(elements.count) elements; the limit is \(maxListLength)", site, help: "make the list shorter")
        }
        for element in elements {
            guard element.numeric != nil || element.typeName == "string" || element.typeName == "color" else {
                throw fail("E0408", "lists hold numbers, strings or colors, not \(article(element.typeName))", site)
            }
            if let first = elements.first, !Value.sameListKind(first, element) {
                throw fail("E0408", "a list holds one kind of element: this is \(article(element.typeName)) in a list of \(first.listKindName)", site)
            }
        }
        return .list(elements)
    }

    /// The values of `<for var from to|through step>`, counted and reserved first.
    public static func range(
        from fromValue: Value, to endValue: Value, step stepValue: Value, inclusive: Bool,
        budget: inout EvaluationBudget, at site: String
    ) throws -> [Value] {
        for v in [fromValue, endValue, stepValue] where v.numeric == nil {
            throw fail("E0408", "a loop bound must be a number, not \(article(v.typeName))", site)
        }
        let stepHelp = "a loop with step 0 never ends: count up with a positive step, down with a negative one"
        if case .int(let from) = fromValue, case .int(let end) = endValue, case .int(let step) = stepValue {
            guard step != 0 else { throw fail("E0508", "'step' cannot be 0", site, help: stepHelp) }
            let ratio = (Double(end) - Double(from)) / Double(step)
            let n = max(0, inclusive ? ratio.rounded(.down) + 1 : ratio.rounded(.up))
            try budget.reserve(n > Double(Int.max / 2) ? Int.max / 2 : Int(n), at: site)
            var values: [Value] = []
            var k = 0
            while Double(k) < n {
                let (offset, o1) = k.multipliedReportingOverflow(by: step)
                let (current, o2) = from.addingReportingOverflow(offset)
                if o1 || o2 { break }
                values.append(.int(current))
                k += 1
            }
            return values
        }
        let from = fromValue.numeric!, end = endValue.numeric!, step = stepValue.numeric!
        guard step != 0 else { throw fail("E0508", "'step' cannot be 0", site, help: stepHelp) }
        // Values are from + k·step; an inclusive end within a millionth of a step still counts.
        let ratio = (end - from) / step
        let n = max(0, inclusive ? (ratio + 1e-6).rounded(.down) + 1 : (ratio - 1e-6).rounded(.up))
        guard n.isFinite else { throw fail("E0503", "the loop's range is not finite", site) }
        try budget.reserve(n > Double(Int.max / 2) ? Int.max / 2 : Int(n), at: site)
        var values: [Value] = []
        var k = 0
        while Double(k) < n {
            values.append(.number(from + Double(k) * step))
            k += 1
        }
        return values
    }

    /// The elements of `<for var in=list>`, reserved first.
    public static func elements(_ list: Value, budget: inout EvaluationBudget, at site: String) throws -> [Value] {
        guard case .list(let items) = list else { throw fail("E0408", "'in' must be a list, not \(article(list.typeName))", site) }
        try budget.reserve(items.count, at: site)
        return items
    }
}
