import CodeGeneration
import SceneEvaluator

/// Parameter values as Kotlin literals: of the generated `Parameters` properties' types, and as
/// the runtime's `SceneValue` (a component parameter's default).
public enum KotlinLiterals {
    /// The Kotlin type of a parameter of this type.
    public static func type(_ type: ParameterType) -> String {
        switch type {
        case .number: "Double"
        case .int: "Long"
        case .bool: "Boolean"
        case .color: "SceneColor"
        case .string, .date: "String"
        case .list(let ints): ints ? "List<Long>" : "List<Double>"
        case .stringList: "List<String>"
        case .colorList: "List<SceneColor>"
        }
    }

    /// nil for a value no parameter type holds.
    public static func parameter(_ value: Value, _ type: ParameterType) -> String? {
        switch value {
        case .int(let v): return type == .number ? KotlinNames.doubleLiteral(Double(v)) : KotlinNames.longLiteral(v)
        case .number(let v): return KotlinNames.doubleLiteral(v)
        case .bool(let b): return String(b)
        case .string(let s): return KotlinNames.stringLiteral(s)
        case .color(let c): return color(c.red, c.green, c.blue, c.alpha)
        case .list(let items):
            let element = ParameterLiterals.elementType(of: type)
            return ParameterLiterals.items(items) { parameter($0, element) }.map {
                "listOf<\(Self.type(element))>(" + $0.joined(separator: ", ") + ")"
            }
        default:
            return nil
        }
    }

    static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> String {
        "SceneColor(\(KotlinNames.doubleLiteral(r)), \(KotlinNames.doubleLiteral(g)), \(KotlinNames.doubleLiteral(b)), \(KotlinNames.doubleLiteral(a)))"
    }

    /// A value as the runtime's `SceneValue`.
    public static func runtimeValue(_ value: Value) -> String? {
        switch value {
        case .int(let v): return "SceneValue.I(\(KotlinNames.longLiteral(v)))"
        case .number(let v): return "SceneValue.N(\(KotlinNames.doubleLiteral(v)))"
        case .bool(let b): return "SceneValue.B(\(b))"
        case .string(let s): return "SceneValue.S(\(KotlinNames.stringLiteral(s)))"
        case .color(let c): return "SceneValue.C(\(color(c.red, c.green, c.blue, c.alpha)))"
        case .list(let items):
            return ParameterLiterals.items(items, runtimeValue).map { "SceneValue.L(listOf<SceneValue>(" + $0.joined(separator: ", ") + "))" }
        default:
            return nil
        }
    }

    /// A parameter type as `SceneRuntime.argument` names it.
    public static func kind(_ type: ParameterType) -> String {
        switch type {
        case .number: "number"
        case .int: "int"
        case .bool: "bool"
        case .color: "color"
        case .string: "string"
        case .date: "date"
        case .list(let ints): ints ? "ints" : "numbers"
        case .stringList: "strings"
        case .colorList: "colors"
        }
    }
}
