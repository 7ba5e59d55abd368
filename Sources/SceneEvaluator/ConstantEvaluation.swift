import ResolvedProgram
import SceneSource

/// The program's constants — a body's size, a parameter's `min`, `max` and default, a `--set`
/// value — evaluated by the program's evaluator in a frame where only the predefined names are,
/// each with a step budget of its own: they are worked out before any body runs.
enum ConstantEvaluation {
    /// `expression`'s value. An `.unresolved` expression, met where evaluation reaches it, raises
    /// the analysis's problem at its place (`ProgramParameter.problems`); without one it fails as
    /// `UnresolvedExpression`.
    static func value(of expression: ProgramExpression, problems: [Diagnostic] = [], limits: EvaluationLimits) throws -> Value {
        var evaluator = ProgramExpressionEvaluator(
            frame: .constants, context: .init(limits: limits, budget: StepBudget(limit: limits.maxSteps), measurer: nil))
        do {
            return try evaluator.evaluate(expression)
        } catch let unresolved as UnresolvedExpression {
            guard let problem = problems.first(where: { $0.span == unresolved.span }) else { throw unresolved }
            throw problem
        }
    }
}
