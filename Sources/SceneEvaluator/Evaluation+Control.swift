import DisplayList
import ResolvedProgram
import SceneSource
import SceneVocabulary

/// Control flow shared by every kind of block (drawing, path, gradient): `let`, `assert`, `if`
/// chains and `for` loops. Other elements are handed to the block's own `visit`.
extension Evaluation {
    /// Walks a block. `visit` gets the block's own elements (and `<use>`s, and the markers of
    /// `<component>`s); `nested` runs the body of an `if` branch or a loop iteration (its own block).
    /// Names need no block of their own: each declaration has its slot in the body's frame, and a
    /// name reads the slot the static analysis found visible there.
    func walk(_ statements: [ProgramStatement], visit: (ProgramStatement) -> Void, nested: ([ProgramStatement]) -> Void) {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > limits.maxNesting {
            if let first = statements.first {
                report(
                    .error(
                        .blocksTooDeep, "blocks are nested more than \(limits.maxNesting) deep", at: first.span,
                        help: "flatten the scene: fewer groups, clips, ifs and loops inside each other"))
            }
            stopped = true
            return
        }
        // Each element's place among the siblings of its kind: its step in the origin chain.
        var kindCounts: [ElementKind: Int] = [:]
        let blockOrigin = storedOrigin, blockIteration = pendingIteration
        defer { restoreOrigin(blockOrigin, blockIteration) }
        for (position, statement) in statements.enumerated() {
            if stopped { return }
            guard step(StepCost.element, at: statement.span) else { return }
            let kind = statement.elementKind
            // The counts are only needed for a later sibling: a block of one element (a loop's
            // body, often) makes no dictionary.
            let index = kindCounts.isEmpty ? 0 : kindCounts[kind, default: 0]
            if position < statements.count - 1 { kindCounts[kind] = index + 1 }
            // Without origins (see `recordsOrigins`) `origin` stays nil.
            if recordsOrigins {
                if let blockIteration {
                    origin = Origin(
                        parent: blockOrigin, iteration: blockIteration.variable, value: blockIteration.value,
                        then: .element(kind: kind, index: index))
                } else {
                    origin = Origin(parent: blockOrigin, step: .element(kind: kind, index: index))
                }
            }
            switch statement {
            case .let(let s): define(s)
            case .assert(let s): check(s)
            case .if(let s): branch(s, nested)
            case .for(let s): loop(s, nested)
            case .parameter: continue
            case .component, .use, .element: visit(statement)
            }
        }
    }

    /// A `<let>` whose declaration was refused (reported by the analysis) is not run.
    private func define(_ statement: LetStatement) {
        guard let slot = statement.declaration.slot else { return refused(statement.declaration) }
        let value = self.value(statement.value) ?? .invalid
        frame.locals[slot] = value
    }

    private func check(_ statement: AssertStatement) {
        guard let passed = bool(statement.test, .test), !passed else { return }
        let message = statement.message?.text ?? "assertion failed"
        report(.error(.assertionFailed, message, at: statement.test.span, help: "this is an <assert> in the scene"))
        // An assert guards what follows it (a division, an index): going on would only cascade
        // into the error it was written to prevent. The scene stops here, with this one error.
        stopped = true
        assertionStopped = true
    }

    private func branch(_ statement: IfStatement, _ nested: ([ProgramStatement]) -> Void) {
        let ifOrigin = origin
        defer { origin = ifOrigin }
        for (position, candidate) in statement.branches.enumerated() {
            // The branch taken is part of the chain: `if#0/elseif#0/rect#0`.
            if position > 0, recordsOrigins { origin = Origin(parent: ifOrigin, step: .element(kind: candidate.kind, index: position - 1)) }
            guard let test = candidate.test else {
                nested(candidate.body)
                return
            }
            guard let taken = bool(test, .test) else { return }
            if taken {
                nested(candidate.body)
                return
            }
        }
    }

    /// A loop whose variable or index was refused (reported by the analysis) does not run.
    private func loop(_ statement: ForStatement, _ nested: ([ProgramStatement]) -> Void) {
        let variable = statement.variable
        guard variable.slot != nil else { return refused(variable) }
        switch statement.range {
        case .list(let listExpr, let index):
            if let index, index.slot == nil { return refused(index) }
            guard let listValue = value(listExpr) else { return }
            guard case .list(let items) = listValue else {
                report(.error(.typeMismatch, "'in' must be a list, not \(article(listValue.typeName))", at: listExpr.span))
                return
            }
            guard reserveIterations(items.count, statement) else { return }
            let indexSlot = index?.slot
            for (i, item) in items.enumerated() {
                if stopped { return }
                iterate(statement, item, nested) {
                    if let indexSlot { frame.locals[indexSlot] = .int(i) }
                }
            }
        case .numbers(let fromExpr, let endExpr, let inclusive, let stepExpr):
            numbers(statement, from: fromExpr, end: endExpr, inclusive: inclusive, step: stepExpr, nested)
        }
    }

    private func numbers(
        _ statement: ForStatement, from fromExpr: ProgramExpression, end endExpr: ProgramExpression, inclusive: Bool,
        step stepExpr: ProgramExpression?, _ nested: ([ProgramStatement]) -> Void
    ) {
        let endName: AttributeID = inclusive ? .through : .to
        guard let fromValue = value(fromExpr), let endValue = value(endExpr) else { return }
        let stepValue = stepExpr.map { value($0) } ?? Value.int(1)
        guard let stepValue else { return }
        for (id, v, span) in [
            (AttributeID.from, fromValue, fromExpr.span), (endName, endValue, endExpr.span),
            (.step, stepValue, stepExpr?.span ?? statement.span),
        ] where v.numeric == nil {
            report(.error(.typeMismatch, "'\(id.rawValue)' must be a number, not \(article(v.typeName))", at: span))
            return
        }
        if case .int(let from) = fromValue, case .int(let end) = endValue, case .int(let step) = stepValue {
            guard step != 0 else {
                report(.error(.zeroStep, "'step' cannot be 0", at: stepExpr!.span, help: Self.stepHelp))
                return
            }
            // Count first, in wide arithmetic, so a huge range fails before it runs.
            let span = Double(end) - Double(from)
            var count = span / Double(step)
            count = inclusive ? count.rounded(.down) + 1 : (count).rounded(.up)
            let n = max(0, count)
            guard reserveIterations(n > Double(Int.max / 2) ? Int.max / 2 : Int(n), statement) else { return }
            var k = 0
            while Double(k) < n {
                if stopped { return }
                let (offset, o1) = k.multipliedReportingOverflow(by: step)
                let (current, o2) = from.addingReportingOverflow(offset)
                if o1 || o2 { return }
                iterate(statement, .int(current), nested) {}
                k += 1
            }
            return
        }
        let from = fromValue.numeric!, end = endValue.numeric!, step = stepValue.numeric!
        guard step != 0 else {
            report(.error(.zeroStep, "'step' cannot be 0", at: stepExpr?.span ?? statement.span, help: Self.stepHelp))
            return
        }
        // Values are from + k·step (no accumulated rounding); an inclusive end within a
        // millionth of a step still counts, so from 0 through 1 step 0.1 runs 11 times.
        let ratio = (end - from) / step
        let tolerance = 1e-6
        let count = inclusive ? (ratio + tolerance).rounded(.down) + 1 : (ratio - tolerance).rounded(.up)
        let n = max(0, count)
        guard n.isFinite, reserveIterations(n > Double(Int.max / 2) ? Int.max / 2 : Int(n), statement) else {
            if !n.isFinite { report(.error(.notFinite, "the loop's range is not finite", at: statement.span)) }
            return
        }
        var k = 0
        while Double(k) < n {
            if stopped { return }
            iterate(statement, .number(from + Double(k) * step), nested) {}
            k += 1
        }
    }

    private static let stepHelp = "a loop with step 0 never ends: count up with a positive step, down with a negative one"

    /// One iteration: the variable's slot (and, by `extra`, the index's) written, then the body.
    private func iterate(_ statement: ForStatement, _ value: Value, _ nested: ([ProgramStatement]) -> Void, extra: () -> Void) {
        guard step(StepCost.iteration, at: statement.span) else { return }
        let variable = statement.variable.name.text
        frame.locals[statement.variable.slot!] = value
        extra()
        trace.append(.iteration(name: variable, value: value, span: statement.span))
        let loopOrigin = origin
        if recordsOrigins { enterIteration(variable: variable, value: Self.iterationText(value)) }
        nested(statement.body)
        origin = loopOrigin
        trace.removeLast()
    }

    /// `value.brief`, an int's digits by the one digit writer (`DecimalDigits`): a loop's origin
    /// holds its value as text, made every iteration.
    static func iterationText(_ value: Value) -> String {
        guard case .int(let v) = value else { return value.brief }
        return DecimalDigits.string(Int64(v))
    }

    private func reserveIterations(_ count: Int, _ statement: ForStatement) -> Bool {
        let (total, overflow) = iterations.addingReportingOverflow(count)
        if overflow || total > limits.maxLoopIterations {
            let message =
                iterations == 0
                ? "this loop would run \(count) times, over the limit of \(limits.maxLoopIterations) iterations in a scene"
                : "this loop's \(count) iterations would take the scene past the limit of \(limits.maxLoopIterations) loop iterations (\(iterations) already run)"
            report(.error(.tooManyIterations, message, at: statement.span, help: "the limit keeps evaluation fast and bounded; reduce the range"))
            stopped = true
            return false
        }
        iterations = total
        return true
    }
}
