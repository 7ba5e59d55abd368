/// A `<param>`: its name, its type keyword (`number`, `list<int>`, …) and its other attributes
/// as written (`default` and `description` as words, `min` and `max` as constant expressions),
/// with what the analysis read of them without running anything: the declared type, the default
/// read as that type (`WrittenValue`), and the problems of `min` and `max` (`problems`). Turning
/// them into values is the evaluator's (`SceneEvaluator.parameters`, `ParameterDeclaration`).
public struct ProgramParameter: Hashable, Sendable {
    public let name: ProgramWord
    /// The `type` keyword.
    public let type: ProgramWord?
    public let attributes: ProgramAttributes
    /// The `<param` element.
    public let span: SourceSpan
    /// The type its keyword names; nil without one (the checker reported it).
    public let declaredType: ParameterType?
    /// The `default` read as `declaredType`; nil without either.
    public let defaultValue: WrittenValue?
    /// What resolving `min` and `max` found (names, functions, argument counts), phrased by the
    /// analysis: evaluation raises the one of an `.unresolved` expression where it meets it, so an
    /// error that depends on values and comes first in the expression is still the one reported.
    public let problems: [Diagnostic]

    public init(
        name: ProgramWord, type: ProgramWord?, attributes: ProgramAttributes, span: SourceSpan,
        declaredType: ParameterType? = nil, defaultValue: WrittenValue? = nil, problems: [Diagnostic] = []
    ) {
        self.name = name; self.type = type; self.attributes = attributes; self.span = span
        self.declaredType = declaredType; self.defaultValue = defaultValue; self.problems = problems
    }
}

/// A value of a known parameter type written as text (a `default`, a `--set` value), read as far
/// as it can be without running anything: plain text where the type takes it unquoted, else a
/// constant expression resolved where only the predefined names are in scope.
public struct WrittenValue: Hashable, Sendable {
    public enum Reading: Hashable, Sendable {
        /// The text itself is the string (a `string` written without quotes).
        case text
        /// A `date` written without quotes: the text trimmed of spaces.
        case date(String)
        /// A `list<string>` written without brackets or quotes: each text between commas, trimmed
        /// (an empty one is `problem`, raised after the whole text's length is checked).
        case texts([ProgramWord], problem: Diagnostic?)
        /// A constant expression; `problems` as `ProgramParameter.problems`.
        case expression(ProgramExpression, problems: [Diagnostic])
        /// Text that is no value of the type (a syntax error, a word that is no color).
        case invalid(Diagnostic)
    }

    /// The text as written and where it is.
    public let written: ProgramWord
    public let reading: Reading

    public var text: String { written.text }
    public var span: SourceSpan { written.span }

    public init(written: ProgramWord, reading: Reading) { self.written = written; self.reading = reading }
}
