import DisplayList
import SceneSource

/// What the expression evaluators and builtin calls of one evaluation share: one object, so that a
/// copy (a builtin call keeps one) retains it alone rather than a budget and a measurer existential.
final class EvaluationContext {
    let limits: EvaluationLimits
    /// Shared by every evaluator of one evaluation, so the step limit bounds the whole run.
    let budget: StepBudget
    /// Measures text for `textWidth(…)`; nil where no font library is at hand (constant contexts,
    /// evaluator tests), and then `textWidth` is an error that says so.
    let measurer: (any TextMeasuring)?

    init(limits: EvaluationLimits, budget: StepBudget, measurer: (any TextMeasuring)?) {
        self.limits = limits
        self.budget = budget
        self.measurer = measurer
    }

    /// Counts `n` steps of work at `span`; throws the step-limit error once the limit is passed.
    @inline(__always)
    func charge(_ n: Int, at span: SourceSpan) throws {
        guard budget.take(n) else { throw limitPassed(at: span) }
    }

    @inline(never)
    func limitPassed(at span: SourceSpan) -> Diagnostic {
        .error(budget.code, budget.message, at: span, help: budget.helpText)
    }

    /// A number result: an error when it is not finite, and never -0.
    func finite(_ value: Double, at span: SourceSpan) throws -> Value { try ValueOperations.finite(value, at: span) }
}
