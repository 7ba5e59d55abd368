import ResolvedProgram
import SceneSource
import SceneSyntax

/// `<path d="M {x} {y} …">`: each interpolated expression checked as a number, as the evaluator
/// takes it (its message, at its span), when its type is known here.
extension BodyChecker {
    func pathData(_ data: InterpolatedPathData<Expr>) -> InterpolatedPathData<ProgramExpression> {
        data.map { expr in
            let before = errorCount
            let (lowered, type) = whole(expr)
            if errorCount == before, type.isNonNumeric {
                reportTypeError(
                    .error(
                        .typeMismatch, "a number in 'd' must be a number, not \(type.withArticle)\(ShownLiteral.suffix(lowered))",
                        at: expr.span,
                        help: "only numbers (coordinates, radii, angles) can be interpolated in path data"))
                return failed([lowered], at: expr.span, of: expr.span)
            }
            return lowered
        }
    }
}
