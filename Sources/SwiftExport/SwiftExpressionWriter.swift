import SceneSource
import SceneSyntax
import SceneVocabulary

/// One expression of the scene as a Swift expression of type `SceneRuntime.Value` (`V`), calling the
/// runtime (`R`) for every operator and function so that it computes what the evaluator computes.
/// `and`, `or` and `?:` are Swift's own operators around runtime checks: one side only runs.
struct SwiftExpressionWriter {
    /// Scene names in scope, innermost last: the Swift expression each stands for.
    var scopes: [[String: String]] = [[:]]
    let site: (SourceSpan) -> String

    func lookup(_ name: String) -> String? {
        for scope in scopes.reversed() { if let swift = scope[name] { return swift } }
        return nil
    }

    func write(_ expr: Expr) throws -> String {
        let at = SwiftNames.stringLiteral(site(expr.span))
        switch expr.kind {
        case .int(let v): return "V.int(\(v))"
        case .number(let v): return "V.number(\(SwiftNames.doubleLiteral(v)))"
        case .string(let s): return "V.string(\(SwiftNames.stringLiteral(s)))"
        case .bool(let b): return "V.bool(\(b))"
        case .color(let r, let g, let b, let a):
            return "V.color(R.Color(red: \(SwiftNames.doubleLiteral(r)), green: \(SwiftNames.doubleLiteral(g)), blue: \(SwiftNames.doubleLiteral(b)), alpha: \(SwiftNames.doubleLiteral(a))))"
        case .name(let name):
            if let swift = lookup(name) { return swift }
            if name == "pi" || name == "π" { return "V.number(Double.pi)" }
            if name == "none" { return "V.none" }
            if let css = PredefinedNames.cssColors.first(where: { $0.name == name }) {
                return "V.color(R.Color.rgb255(\(css.red), \(css.green), \(css.blue), alpha: \(SwiftNames.doubleLiteral(css.alpha))))"
            }
            // Evaluated only where the scene runs it (an untaken branch draws), as the evaluator does.
            return "try R.undefinedName(\(SwiftNames.stringLiteral(name)), at: \(at))"
        case .list(let items):
            return "try R.list([\(try items.map(write).joined(separator: ", "))], at: \(at))"
        case .unary(let op, let operand):
            let function = op == .negate ? "negate" : op == .plus ? "plus" : "not"
            return "try R.\(function)(\(try write(operand)), at: \(at))"
        case .binary(let op, let left, let right):
            switch op {
            case .and:
                return "((try R.logical(\(try write(left)), \"and\", at: \(at))) ? V.bool(try R.logical(\(try write(right)), \"and\", at: \(at))) : V.bool(false))"
            case .or:
                return "((try R.logical(\(try write(left)), \"or\", at: \(at))) ? V.bool(true) : V.bool(try R.logical(\(try write(right)), \"or\", at: \(at))))"
            default:
                return "try R.binary(\(Self.operatorCase(op)), \(try write(left)), \(try write(right)), at: \(at))"
            }
        case .conditional(let test, let then, let otherwise):
            return "((try R.condition(\(try write(test)), at: \(at))) ? \(try write(then)) : \(try write(otherwise)))"
        case .call(let name, let arguments):
            guard BuiltinFunction(rawValue: name) != nil else {
                return "try R.unknownFunction(\(SwiftNames.stringLiteral(name)), at: \(at))"
            }
            if name == "textWidth" {
                throw SwiftExportError(message: "textWidth() is not exported to Swift yet", location: site(expr.span))
            }
            return "try R.call(.\(name), [\(try arguments.map(write).joined(separator: ", "))], at: \(at))"
        case .index(let base, let index):
            return "try R.index(\(try write(base)), \(try write(index)), at: \(at))"
        }
    }

    static func operatorCase(_ op: BinaryOperator) -> String {
        switch op {
        case .add: ".add"
        case .subtract: ".subtract"
        case .multiply: ".multiply"
        case .divide: ".divide"
        case .integerDivide: ".integerDivide"
        case .remainder: ".remainder"
        case .equal: ".equal"
        case .notEqual: ".notEqual"
        case .less: ".less"
        case .lessEqual: ".lessEqual"
        case .greater: ".greater"
        case .greaterEqual: ".greaterEqual"
        case .and, .or: ".equal"  // written out by `write`
        }
    }
}

/// What the generator cannot write yet, or a scene it cannot export: where and why.
public struct SwiftExportError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let location: String
    public var description: String { "\(location): error: \(message)" }
}
