import ResolvedProgram
import SceneSource
import SceneSyntax

/// Where each argument of a builtin call is written, for the error on the one at fault. It keeps
/// the call's own argument expressions and reads a span only when an error asks for one: an
/// array of spans made for every call was a heap allocation per call (docs/performance.md).
struct ArgumentSpans {
    private enum Arguments {
        case program([ProgramExpression])
        case syntax([Expr])
    }

    private let arguments: Arguments

    init(_ arguments: [ProgramExpression]) { self.arguments = .program(arguments) }
    init(_ arguments: [Expr]) { self.arguments = .syntax(arguments) }

    subscript(index: Int) -> SourceSpan {
        switch arguments {
        case .program(let expressions): return expressions[index].span
        case .syntax(let expressions): return expressions[index].span
        }
    }
}
