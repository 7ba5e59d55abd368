import SceneSource
import SceneVocabulary

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
    public let expressions: AttributeTable<Expr>
    public let words: AttributeTable<Word>
    public let children: [Node]
    /// For <if>: the <elseif> and <else> elements that follow it, in order.
    public let alternatives: [Node]
    /// For <use>: the values passed to the component's parameters, in source order.
    public let arguments: [Argument]
    /// For <text>: the content, literal pieces and `{expression}` pieces.
    public let text: TextTemplate?
    /// For <path d="…">: the parsed path data (a <path> has it or child path commands, not both).
    public let pathData: PathData?
    /// For <path d="…"> with `{expression}`s in it (then `pathData` is nil).
    public let interpolatedPathData: InterpolatedPathData<Expr>?

    public init(
        kind: ElementKind, span: SourceSpan, context: BlockContext, expressions: AttributeTable<Expr>,
        words: AttributeTable<Word>, children: [Node], alternatives: [Node],
        arguments: [Argument] = [], text: TextTemplate? = nil, pathData: PathData? = nil,
        interpolatedPathData: InterpolatedPathData<Expr>? = nil
    ) {
        self.kind = kind; self.span = span; self.context = context; self.expressions = expressions
        self.words = words; self.children = children; self.alternatives = alternatives
        self.arguments = arguments; self.text = text; self.pathData = pathData
        self.interpolatedPathData = interpolatedPathData
    }

    /// The expression of attribute `id`, nil when it is absent or not an expression.
    @inlinable public func expression(_ id: AttributeID) -> Expr? { expressions[id] }
    /// The word of attribute `id`, nil when it is absent or not a word.
    @inlinable public func word(_ id: AttributeID) -> Word? { words[id] }

    /// By name, for code that holds a name rather than an ID (the evaluator never does).
    @available(*, deprecated, message: "ask by AttributeID: expression(.x)")
    public func expression(_ name: String) -> Expr? { AttributeID(rawValue: name).flatMap { expressions[$0] } }
    @available(*, deprecated, message: "ask by AttributeID: word(.name)")
    public func word(_ name: String) -> Word? { AttributeID(rawValue: name).flatMap { words[$0] } }
}

/// `name="expression"` on a <use>: a value for the component's parameter `name`.
public struct Argument: Hashable, Sendable {
    public let name: String
    public let nameSpan: SourceSpan
    public let value: Expr
}

/// The content of a <text>: "Average: {sum(points) // count(points)}".
public struct TextTemplate: Hashable, Sendable {
    public enum Piece: Hashable, Sendable {
        case literal(String)
        case expression(Expr)
    }
    public let pieces: [Piece]
    /// The whole content, for errors about the text as a whole.
    public let span: SourceSpan
}

/// A scene that passed the checker: ready to evaluate with any parameter values.
public struct CheckedScene: Sendable {
    public let root: Node
    public let file: FileID
    /// The file's own components (<component name=…>), by name: looked up at every <use>.
    public let components: [String: Node]

    init(root: Node, file: FileID) {
        self.root = root
        self.file = file
        var byName: [String: Node] = [:]
        for node in root.children where node.kind == .component {
            if let name = node.word(.name)?.text, byName[name] == nil { byName[name] = node }
        }
        components = byName
    }

    /// The <param> nodes, in declaration order.
    public var parameters: [Node] { root.parameterNodes }
}

extension Node {
    /// The <param> nodes of a scene root or a <component>, in declaration order.
    public var parameterNodes: [Node] { children.filter { $0.kind == .param } }
}
