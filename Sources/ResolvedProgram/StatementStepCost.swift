import SceneVocabulary

/// The evaluator's step budget (EvaluationLimits.maxSteps) as generated code keeps it: the same
/// weights as the evaluator's (SceneEvaluator's `StepCost`, and `BuiltinCost` for calls), charged
/// once per statement run for the element and every expression node and call it holds, and once per
/// loop iteration. Counted per statement rather than per node evaluated, so a branch not taken of
/// `? :`, `and` or `or` is charged too, and the per-element work of list functions is not: near the
/// limit the two counts differ a little, far past it both stop with E0606.
public enum StatementStepCost {
    public static let element = 100
    public static let iteration = 40
    public static let node = 10
    /// EvaluationLimits.maxSteps' default.
    public static let maxSteps = 100_000_000

    /// The steps of evaluating `expression`: every node, and every call's own cost.
    public static func of(_ expression: ProgramExpression) -> Int {
        switch expression.kind {
        case .constant, .name, .unresolved: return node
        case .list(let items): return node + items.reduce(0) { $0 + of($1) }
        case .unary(_, let operand): return node + of(operand)
        case .binary(_, let left, let right): return node + of(left) + of(right)
        case .conditional(let test, let then, let otherwise): return node + of(test) + of(then) + of(otherwise)
        case .call(let call): return node + call.function.spec.cost + call.arguments.reduce(0) { $0 + of($1) }
        case .index(let base, let index): return node + of(base) + of(index)
        }
    }

    /// The steps of running `statement` itself: its element and the expressions of its attributes
    /// (not its body's statements, which are charged as they run).
    public static func of(_ statement: ProgramStatement) -> Int {
        var expressions: [ProgramExpression] = []
        func attributes(_ a: ProgramAttributes) {
            for entry in a.entries { if case .expression(let e) = entry.value { expressions.append(e) } }
        }
        switch statement {
        // A let's value, an assert's test and a loop's range are their own fields, not attributes.
        case .let(let s): expressions.append(s.value)
        case .assert(let s): expressions.append(s.test)
        case .if(let s): expressions += s.branches.compactMap(\.test)
        case .for(let s):
            switch s.range {
            case .list(let list, _): expressions.append(list)
            case .numbers(let from, let end, _, let step): expressions += [from, end] + (step.map { [$0] } ?? [])
            }
        case .use(let s): attributes(s.attributes); expressions += s.arguments.map(\.value)
        case .element(let s):
            attributes(s.attributes)
            for piece in s.text?.pieces ?? [] { if case .expression(let e) = piece { expressions.append(e) } }
        case .parameter, .component: break
        }
        return element + expressions.reduce(0) { $0 + of($1) }
    }
}
