import SceneEvaluator
import SceneSource
import SceneSyntax
import SceneVocabulary

/// A scene expression as a JavaScript expression over the runtime's values (Runtime.ts): ints are
/// bigints, every operator and call goes through the runtime so its checks and errors are the
/// evaluator's, and every failure carries the `file:line:column` of the sub-expression at fault.
struct ExpressionWriter {
    /// The names in scope, innermost last: scene name → JavaScript identifier.
    var scopes: [[String: String]] = [[:]]
    let sources: SourceMap

    func location(_ span: SourceSpan) -> String { TypeScriptNames.string(sources.describe(span)) }

    func resolve(_ name: String) -> String? {
        for scope in scopes.reversed() { if let found = scope[name] { return found } }
        return nil
    }

    func write(_ expr: Expr) throws(ExportError) -> String {
        let at = location(expr.span)
        switch expr.kind {
        case .int(let v): return "\(v)n"
        case .number(let v): return TypeScriptNames.number(v)
        case .string(let s): return TypeScriptNames.string(s)
        case .bool(let b): return b ? "true" : "false"
        case .color(let r, let g, let b, let a): return Self.color(r, g, b, a)
        case .name(let name):
            if let local = resolve(name) { return local }
            if name == "pi" || name == "π" { return "Math.PI" }
            if name == "none" { return "null" }
            if let c = PredefinedNames.cssColors.first(where: { $0.name == name }) {
                return Self.color(Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, c.alpha)
            }
            throw ExportError(message: "undefined name '\(name)'", location: sources.describe(expr.span))
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
        case .call(let name, let arguments):
            let values = try arguments.map { (argument) throws(ExportError) in try write(argument) }
            return "$call(\(TypeScriptNames.string(name)), [\(values.joined(separator: ", "))], \(at), $fonts)"
        case .index(let base, let index):
            return "$index(\(try write(base)), \(try write(index)), \(at))"
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
