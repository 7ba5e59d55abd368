import SceneEvaluator
import SceneSource
import ResolvedProgram

/// A scene expression as a JavaScript expression over the runtime's values (Runtime.ts): ints are
/// bigints, every operator and call goes through the runtime so its checks and errors are the
/// evaluator's, and every failure carries the `file:line:column` of the sub-expression at fault.
struct ExpressionWriter {
    let sources: SourceMap
    /// The body's names: its parameters and local slots as JavaScript identifiers.
    let parameterNames: [String]
    let slotNames: [String]

    func location(_ span: SourceSpan) -> String { TypeScriptNames.string(sources.describe(span)) }

    func write(_ expr: ProgramExpression) throws(ExportError) -> String {
        let at = location(expr.span)
        switch expr.kind {
        case .constant(.int(let v)): return "\(v)n"
        case .constant(.number(let v)): return TypeScriptNames.number(v)
        case .constant(.string(let s)): return TypeScriptNames.string(s)
        case .constant(.bool(let b)): return b ? "true" : "false"
        case .constant(.color(let r, let g, let b, let a)): return Self.color(r, g, b, a)
        case .name(.parameter(let i)): return parameterNames[i]
        case .name(.sceneInput(let input)): return input.rawValue
        case .name(.local(let slot)): return slotNames[slot]
        case .name(.predefined(.pi)): return "Math.PI"
        case .name(.predefined(.none)): return "null"
        case .name(.predefined(.color(let i))):
            let c = PredefinedNames.cssColors[i]
            return Self.color(Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, c.alpha)
        case .list(let items):
            return "$list([" + (try items.map { (item) throws(ExportError) in try write(item) }).joined(separator: ", ") + "], \(at))"
        case .unary(let op, let operand):
            let value = try write(operand)
            switch op {
            case .negate: return "$neg(\(value), \(at))"
            case .plus: return "$plus(\(value), \(at))"
            case .not: return "$not(\(value), \(at))"
            }
        case .binary(let op, let left, let right):
            let l = try write(left), r = try write(right)
            switch op {
            case .and: return "($bool(\(l), \(at)) ? $bool(\(r), \(at)) : false)"
            case .or: return "($bool(\(l), \(at)) ? true : $bool(\(r), \(at)))"
            case .equal: return "$equal(\(l), \(r), \(at))"
            case .notEqual: return "!$equal(\(l), \(r), \(at))"
            case .less, .lessEqual, .greater, .greaterEqual: return "$compare(\"\(op.rawValue)\", \(l), \(r), \(at))"
            default: return "$arith(\"\(op.rawValue)\", \(l), \(r), \(at))"
            }
        case .conditional(let test, let then, let otherwise):
            return "($bool(\(try write(test)), \(at)) ? \(try write(then)) : \(try write(otherwise)))"
        case .call(let call):
            let values = try call.arguments.map { (argument) throws(ExportError) in try write(argument) }
            return "$call(\(TypeScriptNames.string(call.function.rawValue)), [\(values.joined(separator: ", "))], \(at), $fonts)"
        case .index(let base, let index):
            return "$index(\(try write(base)), \(try write(index)), \(at))"
        case .unresolved:
            throw ExportError(message: "this expression has an error; run scenec check", location: sources.describe(expr.span))
        }
    }

    static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> String {
        "$color(\([r, g, b, a].map(TypeScriptNames.number).joined(separator: ", ")))"
    }

    /// A parameter's value (its default) as a literal of the runtime's values.
    static func literal(_ value: Value) -> String {
        switch value {
        case .int(let v): return "\(v)n"
        case .number(let v): return TypeScriptNames.number(v)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return TypeScriptNames.string(s)
        case .color(let c): return color(c.red, c.green, c.blue, c.alpha)
        case .list(let items): return "[" + items.map(literal).joined(separator: ", ") + "]"
        case .none, .invalid, .gradient, .paint: return "null"
        }
    }
}

/// Why a scene cannot be exported, located in its source.
public struct ExportError: Error, Sendable {
    public let message: String
    public let location: String
}
