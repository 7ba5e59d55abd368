import ResolvedProgram
import SceneSource
import SceneVocabulary

/// A statement whose attributes the evaluator reads by `AttributeID` (`number(node, .x)`,
/// `paintAttribute(node, .fill)`, …): every element, and `<use>`.
protocol AttributedStatement {
    var attributes: ProgramAttributes { get }
    /// The element's name in its start tag.
    var span: SourceSpan { get }
}

extension AttributedStatement {
    /// The expression of attribute `id`, nil when it is absent or a word.
    @inline(__always)
    func expression(_ id: AttributeID) -> ProgramExpression? { attributes.expression(id) }

    /// The word of attribute `id`, nil when it is absent or an expression.
    @inline(__always)
    func word(_ id: AttributeID) -> ProgramWord? { attributes.word(id) }
}

extension ElementStatement: AttributedStatement {}
extension UseStatement: AttributedStatement {}
