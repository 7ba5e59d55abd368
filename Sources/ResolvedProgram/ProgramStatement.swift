/// One element of a body, in source order. The cases are closed: control flow (`let`, `assert`,
/// `if`, `for`), `<use>`, every other element (`element`: drawing, transforms, clips, layers,
/// gradients and their stops, paths and their commands, text), and markers where a `<param>` or a
/// `<component>` was declared (they draw nothing; kept so that the statements mirror the source).
public indirect enum ProgramStatement: Hashable, Sendable {
    case `let`(LetStatement)
    case assert(AssertStatement)
    case `if`(IfStatement)
    case `for`(ForStatement)
    case use(UseStatement)
    case element(ElementStatement)
    /// `<param>`: `ProgramBody.parameters[index]`.
    case parameter(index: Int, span: SourceSpan)
    /// `<component>`: `Program.bodies[body]` (nil when its name was declared twice).
    case component(body: Int?, span: SourceSpan)

    /// The element's name in its start tag.
    public var span: SourceSpan {
        switch self {
        case .let(let s): return s.span
        case .assert(let s): return s.span
        case .if(let s): return s.span
        case .for(let s): return s.span
        case .use(let s): return s.span
        case .element(let s): return s.span
        case .parameter(_, let span), .component(_, let span): return span
        }
    }

    /// The element kind the statement was written as.
    public var elementKind: ElementKind {
        switch self {
        case .let: return .let
        case .assert: return .assert
        case .if: return .if
        case .for: return .for
        case .use: return .use
        case .element(let s): return s.kind
        case .parameter: return .param
        case .component: return .component
        }
    }
}

/// A name declared by a statement and the local slot it gets; `slot` is nil when the
/// declaration was refused (it redefines the size or a parameter, or a name of the same block:
/// an error the analysis reported), and then the name is not declared.
public struct Declaration: Hashable, Sendable {
    public let name: ProgramWord
    public let slot: Int?

    public init(name: ProgramWord, slot: Int?) { self.name = name; self.slot = slot }
}

/// `<let name=… value=…>`: the value, then the name, visible for the rest of the block.
public struct LetStatement: Hashable, Sendable {
    public let span: SourceSpan
    public let declaration: Declaration
    public let value: ProgramExpression
    public let attributes: ProgramAttributes

    public init(span: SourceSpan, declaration: Declaration, value: ProgramExpression, attributes: ProgramAttributes) {
        self.span = span; self.declaration = declaration; self.value = value; self.attributes = attributes
    }
}

/// `<assert test=… message=…>`: a false test stops the scene with the message.
public struct AssertStatement: Hashable, Sendable {
    public let span: SourceSpan
    public let test: ProgramExpression
    public let message: ProgramWord?
    public let attributes: ProgramAttributes

    public init(span: SourceSpan, test: ProgramExpression, message: ProgramWord?, attributes: ProgramAttributes) {
        self.span = span; self.test = test; self.message = message; self.attributes = attributes
    }
}

/// `<if>` with its `<elseif>`s and `<else>`: the first branch whose test is true runs.
public struct IfStatement: Hashable, Sendable {
    public struct Branch: Hashable, Sendable {
        /// `.if`, `.elseif` or `.else`.
        public let kind: ElementKind
        public let span: SourceSpan
        /// nil for `<else>`.
        public let test: ProgramExpression?
        /// A block of its own.
        public let body: [ProgramStatement]

        public init(kind: ElementKind, span: SourceSpan, test: ProgramExpression?, body: [ProgramStatement]) {
            self.kind = kind; self.span = span; self.test = test; self.body = body
        }
    }
    public let span: SourceSpan
    public let branches: [Branch]

    public init(span: SourceSpan, branches: [Branch]) { self.span = span; self.branches = branches }
}

/// `<for>`: over a list (`in`, with an optional index) or over numbers (`from` with `to` or
/// `through`, and `step`, 1 when omitted). Each iteration is a block holding the variable and
/// the index; the body is a block nested in it.
public struct ForStatement: Hashable, Sendable {
    public enum Range: Hashable, Sendable {
        case list(ProgramExpression, index: Declaration?)
        /// `end` is `to` (excluded) or `through` (included, `inclusive`).
        case numbers(from: ProgramExpression, end: ProgramExpression, inclusive: Bool, step: ProgramExpression?)
    }
    public let span: SourceSpan
    public let variable: Declaration
    public let range: Range
    public let body: [ProgramStatement]
    public let attributes: ProgramAttributes

    public init(span: SourceSpan, variable: Declaration, range: Range, body: [ProgramStatement], attributes: ProgramAttributes) {
        self.span = span; self.variable = variable; self.range = range; self.body = body; self.attributes = attributes
    }
}

/// `<use src=…>` or `<use component=…>`: a body drawn at x, y with a size, its parameters given
/// by the arguments.
public struct UseStatement: Hashable, Sendable {
    /// `name="value"`: the value for the target body's parameter `parameter` (nil when the target
    /// has no parameter of that name: an error the loader reported).
    public struct Argument: Hashable, Sendable {
        public let name: ProgramWord
        public let parameter: Int?
        public let value: ProgramExpression

        public init(name: ProgramWord, parameter: Int?, value: ProgramExpression) {
            self.name = name; self.parameter = parameter; self.value = value
        }
    }
    public let span: SourceSpan
    /// `Program.bodies[target]`; nil when the component was not linked (an error reported).
    public let target: Int?
    /// How notes name the target: the file's path, or `'name'` for a component of the file.
    public let label: String
    /// `x`, `y`, `width`, `height`, `opacity`, and `src` or `component` as a word.
    public let attributes: ProgramAttributes
    /// In source order.
    public let arguments: [Argument]

    public init(span: SourceSpan, target: Int?, label: String, attributes: ProgramAttributes, arguments: [Argument]) {
        self.span = span; self.target = target; self.label = label; self.attributes = attributes; self.arguments = arguments
    }
}

/// Every other element: its kind, its attributes, its children in a block of their own (for a
/// `<clip>`: the `<shape>` first, each its own block), and what only some kinds have.
public struct ElementStatement: Hashable, Sendable {
    public let kind: ElementKind
    public let span: SourceSpan
    public let attributes: ProgramAttributes
    public let children: [ProgramStatement]
    /// `<text>`'s content.
    public let text: ProgramText?
    /// `<path d=…>`, parsed and made absolute.
    public let pathData: PathData?
    /// `<path d=…>` with `{expression}`s: made absolute over the expressions' values (then
    /// `pathData` is nil).
    public let interpolatedPathData: InterpolatedPathData<ProgramExpression>?
    /// The name a `<gradient name=…>` declares, visible after the element for the rest of the block.
    public let declaration: Declaration?

    public init(
        kind: ElementKind, span: SourceSpan, attributes: ProgramAttributes, children: [ProgramStatement],
        text: ProgramText?, pathData: PathData?, declaration: Declaration?,
        interpolatedPathData: InterpolatedPathData<ProgramExpression>? = nil
    ) {
        self.kind = kind; self.span = span; self.attributes = attributes; self.children = children
        self.text = text; self.pathData = pathData; self.declaration = declaration
        self.interpolatedPathData = interpolatedPathData
    }
}

/// The content of a `<text>`: literal pieces and `{expression}` pieces, in order.
public struct ProgramText: Hashable, Sendable {
    public enum Piece: Hashable, Sendable {
        case literal(String)
        case expression(ProgramExpression)
    }
    public let pieces: [Piece]
    public let span: SourceSpan

    public init(pieces: [Piece], span: SourceSpan) { self.pieces = pieces; self.span = span }
}
