@_exported import SceneSource
@_exported import SceneVocabulary
@_exported import enum SceneSyntax.UnaryOperator
@_exported import enum SceneSyntax.BinaryOperator
@_exported import struct SceneSyntax.PathData
@_exported import struct SceneSyntax.PathDataCommand
@_exported import struct SceneSyntax.InterpolatedPathData
@_exported import struct SceneSyntax.InterpolatedPathCommand
@_exported import struct SceneSyntax.PathNumber

/// A linked scene lowered into a typed, resolved form: what the static checker found out once,
/// written down for everything after it (the evaluator, code generators). Every name is resolved
/// (`NameReference`), every call is a `BuiltinFunction` with its usage chosen, every attribute is
/// in a slot by `AttributeID`, literals are constants, and every `<use>` points at a body by its
/// index in `bodies`. Each statement and expression keeps its `SourceSpan`.
///
/// A program is made by `StaticAnalysis.lower` (SceneAnalysis), which reports the name, arity and
/// type errors on the way; a program whose analysis reported errors holds `.unresolved`
/// expressions where they are. `ProgramDump` writes it as text.
public struct Program: Hashable, Sendable {
    /// The main scene's body first (`mainBody`), then its in-file components in source order,
    /// then each linked component file's scene body and its components, files in `FileID` order.
    public let bodies: [ProgramBody]

    /// The index of the main scene's body.
    public static let mainBody = 0

    public init(bodies: [ProgramBody]) { self.bodies = bodies }

    public var main: ProgramBody { bodies[Self.mainBody] }
}

/// One body: a file's `<scene>` or a `<component>`. It runs in a scope of its own: its size
/// (`SceneInput`), its parameters (by index into `parameters`), and its local slots.
public struct ProgramBody: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A file's `<scene>` root (the main scene or a file placed with `<use src=…>`).
        case scene
        /// A `<component name=…>` of the file.
        case component(name: String)
    }

    public let kind: Kind
    public let file: FileID
    /// The element's name in its start tag (`<scene`, `<component`).
    public let span: SourceSpan
    /// The element's own attributes (`width`, `height` — constant expressions, resolved in an
    /// empty scope: only predefined names — and `name` for a component).
    public let attributes: ProgramAttributes
    /// The `<param>`s, in declaration order: `NameReference.parameter(i)` is `parameters[i]`.
    public let parameters: [ProgramParameter]
    /// The body's statements in source order (`<param>`s and `<component>`s included as markers).
    public let statements: [ProgramStatement]
    /// Local slots are numbered 0..<slotCount, one per declaration (`let`, loop variable, loop
    /// index, gradient), unique in the body: a code generator may emit one variable per slot.
    public let slotCount: Int
    /// What each slot holds, by slot number (`slots.count == slotCount`): its name, what declares
    /// it and its static type, so a code generator can declare one typed variable per slot.
    public let slots: [ProgramSlot]

    public init(
        kind: Kind, file: FileID, span: SourceSpan, attributes: ProgramAttributes, parameters: [ProgramParameter],
        statements: [ProgramStatement], slotCount: Int, slots: [ProgramSlot] = []
    ) {
        self.kind = kind; self.file = file; self.span = span; self.attributes = attributes
        self.parameters = parameters; self.statements = statements; self.slotCount = slotCount; self.slots = slots
    }
}

/// One local slot of a body: a name declared by a statement.
public struct ProgramSlot: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `<let name=…>`.
        case `let`
        /// A `<for var=…>`'s variable: each iteration's element or number.
        case loopVariable
        /// A `<for index=…>`'s index: the element's position, an int from 0.
        case loopIndex
        /// `<gradient name=…>`: a gradient value.
        case gradient
        /// Declared by an element the checker has no rule for (none today).
        case other
    }

    public let name: String
    /// The name where it is declared.
    public let span: SourceSpan
    public let kind: Kind
    /// The static type the checker gives every use (`.any` when unknown: a loop variable over a
    /// list, a let whose value had an error).
    public let type: ValueType

    public init(name: String, span: SourceSpan, kind: Kind, type: ValueType) {
        self.name = name; self.span = span; self.kind = kind; self.type = type
    }
}

/// A literal word of an attribute (a keyword, a declared name, a message, a parameter's default):
/// its text and where its value is.
public struct ProgramWord: Hashable, Sendable {
    public let text: String
    public let span: SourceSpan

    public init(text: String, span: SourceSpan) { self.text = text; self.span = span }
}
