import SceneSource

/// An expression from an attribute value, every node located in the source file.
public struct Expr: Hashable, Sendable {
    /// Only the cases that hold an `Expr` itself (and the 32 bytes of a color) are boxed: a
    /// literal or a name, half the nodes of a scene's expressions, is stored in place, without an
    /// allocation of its own to make and free.
    public enum Kind: Hashable, Sendable {
        case int(Int)
        case number(Double)
        case string(String)
        case bool(Bool)
        /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`, components already divided to 0...1.
        indirect case color(red: Double, green: Double, blue: Double, alpha: Double)
        case name(String)
        case list([Expr])
        indirect case unary(UnaryOperator, Expr)
        indirect case binary(BinaryOperator, Expr, Expr)
        /// `test ? then : else`
        indirect case conditional(Expr, Expr, Expr)
        case call(String, [Expr])
        indirect case index(Expr, Expr)
    }

    public let kind: Kind
    public let span: SourceSpan
    /// Levels of the tree below and including this node (a literal is 1). Everything that walks an
    /// expression recurses this deep, so the parser refuses trees higher than `ExpressionParser.maxDepth`.
    public let height: Int

    public init(_ kind: Kind, _ span: SourceSpan) {
        self.kind = kind
        self.span = span
        switch kind {
        case .int, .number, .string, .bool, .color, .name: height = 1
        case .list(let items), .call(_, let items):
            var highest = 0
            for item in items where item.height > highest { highest = item.height }
            height = 1 + highest
        case .unary(_, let e): height = 1 + e.height
        case .binary(_, let a, let b), .index(let a, let b): height = 1 + max(a.height, b.height)
        case .conditional(let a, let b, let c): height = 1 + max(a.height, b.height, c.height)
        }
    }
}

public enum UnaryOperator: String, Hashable, Sendable {
    case negate = "-"
    case plus = "+"
    case not = "not"
}

public enum BinaryOperator: String, Hashable, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", integerDivide = "//", remainder = "%"
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case and = "and", or = "or"
}
