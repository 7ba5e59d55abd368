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
            let element: ParameterType
            switch type {
            case .stringList: element = .string
            case .colorList: element = .color
            case .list(let ints): element = ints ? .int : .number
            default: element = .number
            }
            var parts: [String] = []
            for item in items {
                guard let text = parameter(item, element) else { return nil }
                parts.append(text)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        default:
            return nil
        }
    }
}
