import CodeGeneration
import SceneEvaluator

/// Parameter values as Swift literals of the generated `Parameters` properties' types.
public enum SwiftLiterals {
    /// nil for a value no parameter type holds.
    public static func parameter(_ value: Value, _ type: ParameterType) -> String? {
        switch value {
        case .int(let v): return type == .number ? SwiftNames.doubleLiteral(Double(v)) : String(v)
        case .number(let v): return SwiftNames.doubleLiteral(v)
        case .bool(let b): return String(b)
        case .string(let s): return SwiftNames.stringLiteral(s)
        case .color(let c):
            return "SceneColor(red: \(SwiftNames.doubleLiteral(c.red)), green: \(SwiftNames.doubleLiteral(c.green)), "
                + "blue: \(SwiftNames.doubleLiteral(c.blue)), alpha: \(SwiftNames.doubleLiteral(c.alpha)))"
        case .list(let items):
            let element = ParameterLiterals.elementType(of: type)
            return ParameterLiterals.items(items) { parameter($0, element) }.map { "[" + $0.joined(separator: ", ") + "]" }
        default:
            return nil
        }
    }

    /// A value as the runtime's `V` (a component parameter's default).
    public static func runtimeValue(_ value: Value) -> String? {
        switch value {
        case .int(let v): return "V.int(\(v))"
        case .number(let v): return "V.number(\(SwiftNames.doubleLiteral(v)))"
        case .bool(let b): return "V.bool(\(b))"
        case .string(let s): return "V.string(\(SwiftNames.stringLiteral(s)))"
        case .color(let c):
            return "V.color(R.Color(red: \(SwiftNames.doubleLiteral(c.red)), green: \(SwiftNames.doubleLiteral(c.green)), "
                + "blue: \(SwiftNames.doubleLiteral(c.blue)), alpha: \(SwiftNames.doubleLiteral(c.alpha))))"
        case .list(let items):
            return ParameterLiterals.items(items, runtimeValue).map { "V.list([" + $0.joined(separator: ", ") + "])" }
        default:
            return nil
        }
    }

    /// A parameter type as the runtime's `ParameterKind`.
    public static func kind(_ type: ParameterType) -> String {
        switch type {
        case .number: ".number"
        case .int: ".int"
        case .bool: ".bool"
        case .color: ".color"
        case .string: ".string"
        case .date: ".date"
        case .list(let ints): ".list(ints: \(ints))"
        case .stringList: ".stringList"
        case .colorList: ".colorList"
        }
    }
}
