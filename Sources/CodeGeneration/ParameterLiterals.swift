import ResolvedProgram
import SceneEvaluator

/// What the generators' parameter literals share: a list's element type and its items written
/// one by one (nil when any cannot be).
public enum ParameterLiterals {
    /// The type of a list parameter's items (numbers for anything else).
    public static func elementType(of type: ParameterType) -> ParameterType {
        switch type {
        case .stringList: .string
        case .colorList: .color
        case .list(let ints): ints ? .int : .number
        default: .number
        }
    }

    /// Each item written, or nil when one has no literal.
    public static func items(_ items: [Value], _ write: (Value) -> String?) -> [String]? {
        var parts: [String] = []
        for item in items {
            guard let text = write(item) else { return nil }
            parts.append(text)
        }
        return parts
    }
}
