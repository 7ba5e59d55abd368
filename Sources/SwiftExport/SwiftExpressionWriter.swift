import CodeGeneration
import ResolvedProgram
import SceneSource

/// One expression of the resolved program (issue 24) as a Swift expression of type
/// `SceneRuntime.Value` (`V`), calling the runtime (`R`) for every operator and function so that it
/// computes what the evaluator computes. `and`, `or` and `?:` are Swift's own operators around
/// runtime checks: one side only runs. Names are already resolved: parameters, `width`/`height`,
/// predefined names and local slots, written as placeholders (`SwiftNameTable`) that become Swift
/// names once the whole body is written.
struct SwiftExpressionWriter {
    let names: SwiftNameTable
    let site: (SourceSpan) -> String

    func write(_ expr: ProgramExpression) throws -> String {
        let at = SwiftNames.stringLiteral(site(expr.span))
        switch expr.kind {
        case .constant(.int(let v)): return "V.int(\(v))"
        case .constant(.number(let v)): return "V.number(\(SwiftNames.doubleLiteral(v)))"
        case .constant(.string(let s)): return "V.string(\(SwiftNames.stringLiteral(s)))"
        case .constant(.bool(let b)): return "V.bool(\(b))"
        case .constant(.color(let r, let g, let b, let a)):
            return "V.color(R.Color(red: \(SwiftNames.doubleLiteral(r)), green: \(SwiftNames.doubleLiteral(g)), "
                + "blue: \(SwiftNames.doubleLiteral(b)), alpha: \(SwiftNames.doubleLiteral(a))))"
        case .name(.parameter(let i)): return names.use(.parameter(i))
        case .name(.sceneInput(let input)): return names.use(input == .width ? .width : .height)
        case .name(.local(let slot)): return names.use(.slot(slot))
        case .name(.predefined(.pi)): return "V.number(Double.pi)"
        case .name(.predefined(.none)): return "V.none"
        case .name(.predefined(.color(let i))):
            let css = PredefinedNames.cssColors[i]
            return "V.color(R.Color.rgb255(\(css.red), \(css.green), \(css.blue), alpha: \(SwiftNames.doubleLiteral(css.alpha))))"
        case .list(let items):
            return "try R.list([\(try items.map(write).joined(separator: ", "))], at: \(at))"
        case .unary(let op, let operand):
            let function = op == .negate ? "negate" : op == .plus ? "plus" : "not"
            return "try R.\(function)(\(try write(operand)), at: \(at))"
        case .binary(.and, let left, let right):
            return
                "((try R.logical(\(try write(left)), \"and\", at: \(at))) ? V.bool(try R.logical(\(try write(right)), \"and\", at: \(at))) : V.bool(false))"
        case .binary(.or, let left, let right):
            return
                "((try R.logical(\(try write(left)), \"or\", at: \(at))) ? V.bool(true) : V.bool(try R.logical(\(try write(right)), \"or\", at: \(at))))"
        case .binary(let op, let left, let right):
            return "try R.binary(.\(Self.operatorCase(op)), \(try write(left)), \(try write(right)), at: \(at))"
        case .conditional(let test, let then, let otherwise):
            return "((try R.condition(\(try write(test)), at: \(at))) ? \(try write(then)) : \(try write(otherwise)))"
        case .call(let call):
            return "try R.call(.\(call.function.rawValue), [\(try call.arguments.map(write).joined(separator: ", "))], at: \(at))"
        case .index(let base, let index):
            return "try R.index(\(try write(base)), \(try write(index)), at: \(at))"
        case .unresolved:
            throw SwiftExportError(message: "the scene has errors; fix them first (scenec check)", location: site(expr.span))
        }
    }

    static func operatorCase(_ op: BinaryOperator) -> String {
        switch op {
        case .add: "add"
        case .subtract: "subtract"
        case .multiply: "multiply"
        case .divide: "divide"
        case .integerDivide: "integerDivide"
        case .remainder: "remainder"
        case .equal: "equal"
        case .notEqual: "notEqual"
        case .less: "less"
        case .lessEqual: "lessEqual"
        case .greater: "greater"
        case .greaterEqual: "greaterEqual"
        case .and, .or: "equal" // written out by `write`
        }
    }
}

/// What the generator cannot write yet, or a scene it cannot export: where and why.
public struct SwiftExportError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let location: String
    public var description: String { "\(location): error: \(message)" }
}

/// The Swift names of a body's scene inputs, parameters and slots (one per slot: the resolved
/// program makes them unique), and which of them the code uses: a declaration nothing uses is
/// written `let _ = …` (still computed, so still checked), as Swift warns of an unused constant.
final class SwiftNameTable {
    typealias Name = ScopeNames.Name

    private let swift = ScopeNames(identifier: SwiftNames.identifier)
    private var used: Set<Name> = []

    /// Registers a Swift name for `name`: the scene's own, made unique.
    func define(_ name: Name, as wanted: String) { swift.define(name, as: wanted) }

    static func key(_ name: Name) -> String {
        switch name {
        case .width: "w"
        case .height: "h"
        case .parameter(let i): "p\(i)"
        case .slot(let i): "s\(i)"
        }
    }

    /// A use: a placeholder resolved to the Swift name.
    func use(_ name: Name) -> String {
        used.insert(name)
        return "\u{27EA}u" + Self.key(name) + "\u{27EB}"
    }

    /// A declaration (what follows `let`): the Swift name, or `_` when unused.
    func declaration(_ name: Name) -> String { "\u{27EA}d" + Self.key(name) + "\u{27EB}" }

    func resolve(_ text: String) -> String {
        var byKey: [String: Name] = [:]
        for name in swift.definedNames { byKey[Self.key(name)] = name }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "\u{27EA}"), let close = rest[open...].firstIndex(of: "\u{27EB}") {
            result += rest[..<open]
            let token = rest[rest.index(after: open)..<close]
            let isUse = token.first == "u"
            let name = byKey[String(token.dropFirst())]
            let text = name.flatMap { swift.defined($0) } ?? "_"
            result += isUse || name.map(used.contains) == true ? text : "_"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
