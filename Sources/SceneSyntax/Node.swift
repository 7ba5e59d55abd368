import SceneSource

/// A literal word from an attribute (a keyword, a declared name, a message), with its location.
public struct Word: Hashable, Sendable {
    public let text: String
    public let attribute: Attribute
    public var span: SourceSpan { attribute.valueSpan }
}

/// One checked element: its kind is known, its attributes are valid for it, and every expression
/// is parsed. The evaluator runs over this tree; it never sees raw XML.
public struct Node: Hashable, Sendable {
    public let kind: ElementKind
    /// The element name in the start tag: where diagnostics about the element point.
    public let span: SourceSpan
    public let context: BlockContext
    public let expressions: [String: Expr]
    public let words: [String: Word]
    public let children: [Node]
    /// For <if>: the <elseif> and <else> elements that follow it, in order.
    public let alternatives: [Node]

    public func expression(_ name: String) -> Expr? { expressions[name] }
    public func word(_ name: String) -> Word? { words[name] }
}

/// A scene that passed the checker: ready to evaluate with any parameter values.
public struct CheckedScene: Sendable {
    public let root: Node
    public let file: FileID
    /// The <param> nodes, in declaration order.
    public var parameters: [Node] { root.children.filter { $0.kind == .param } }
}
