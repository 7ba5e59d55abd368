/// An expression with every name and call resolved, and its static type where the checker knows
/// it (`type`; `.any` when unknown: a list element, a value that depends on the arguments' types).
public struct ProgramExpression: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
        /// A literal (`3`, `0.5`, `'Mon'`, `true`, `#57dad5`).
        case constant(ProgramConstant)
        case name(NameReference)
        /// `[a, b, …]`: one kind of element (numbers, strings or colors), checked when evaluated.
        case list([ProgramExpression])
        case unary(UnaryOperator, ProgramExpression)
        case binary(BinaryOperator, ProgramExpression, ProgramExpression)
        /// `test ? then : else`
        case conditional(ProgramExpression, ProgramExpression, ProgramExpression)
        case call(BuiltinCall)
        /// `list[index]`
        case index(ProgramExpression, ProgramExpression)
        /// What the static analysis reported as an error: never in a program without errors.
        case unresolved(Unresolved)
    }

    public let kind: Kind
    public let span: SourceSpan
    /// The static type where it is known, `.any` where not; `.numeric` is an int or a number (which
    /// one depends on the values). Never `.date` (a date is a `.string`).
    public let type: ValueType

    public init(_ kind: Kind, span: SourceSpan, type: ValueType) { self.kind = kind; self.span = span; self.type = type }
}

/// A literal value.
public enum ProgramConstant: Hashable, Sendable {
    case int(Int)
    case number(Double)
    case string(String)
    case bool(Bool)
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`, channels already divided to 0…1.
    case color(red: Double, green: Double, blue: Double, alpha: Double)
}

/// What a name in an expression refers to, decided once, statically (Grammar.md section 5: the
/// innermost declaration visible at that point, lets shadowing outer names block by block).
public enum NameReference: Hashable, Sendable {
    /// The body's parameter `i` (`ProgramBody.parameters[i]`): the value passed, else its default.
    case parameter(Int)
    /// The body's `width` or `height`: the scene's size (or `--size`), or the size a `<use>` gives
    /// a component.
    case sceneInput(SceneInput)
    /// A name every scene has: `pi`/`π`, `none`, a CSS color.
    case predefined(PredefinedName)
    /// A local slot of the body (`ProgramBody.slotCount`): a `<let>`, a loop variable or index, a
    /// `<gradient name>`.
    case local(Int)
}

public enum SceneInput: String, Hashable, Sendable {
    case width, height
}

public enum PredefinedName: Hashable, Sendable {
    /// `pi` or `π`: `Double.pi`.
    case pi
    /// `none`: no paint.
    case none
    /// `PredefinedNames.cssColors[i]`.
    case color(Int)
}

/// A call of a builtin: the function, the usage that takes this many arguments (an index into
/// `function.spec.usages`), and the arguments.
public struct BuiltinCall: Hashable, Sendable {
    public let function: BuiltinFunction
    public let usage: Int
    public let arguments: [ProgramExpression]

    public init(function: BuiltinFunction, usage: Int, arguments: [ProgramExpression]) {
        self.function = function; self.usage = usage; self.arguments = arguments
    }
}

/// An expression the static analysis could not resolve, and reported.
public enum Unresolved: Hashable, Sendable {
    /// A name no block declares (E0203 undefined name).
    case undefinedName(String)
    /// A function's name used as a value.
    case functionAsValue(BuiltinFunction)
    /// A call of a name that is no builtin; its arguments resolved.
    case unknownFunction(String, [ProgramExpression])
    /// A builtin called with a count of arguments none of its usages takes.
    case argumentCount(BuiltinFunction, [ProgramExpression])
    /// An expression whose operands' static types make it fail whatever the values (`'a' + 1`,
    /// `rgb('red', 0, 0)`, `x="true"`): its operands, which evaluation still evaluates in order
    /// (their own errors, which depend on values, come first), and where the error was reported
    /// (`reportedAt`: an operand or the whole expression).
    case typeMismatch([ProgramExpression], reportedAt: SourceSpan)
}
