import ResolvedProgram
import SceneSource

/// Where each argument of a builtin call is written, for the error on the one at fault. It keeps
/// the call's own argument expressions and reads a span only when an error asks for one: an
/// array of spans made for every call was a heap allocation per call (docs/performance.md).
struct ArgumentSpans {
    private let arguments: [ProgramExpression]

    init(_ arguments: [ProgramExpression]) { self.arguments = arguments }

    subscript(index: Int) -> SourceSpan { arguments[index].span }
}
