import DisplayList
import SceneSource
import SceneSyntax
import SceneVocabulary

/// Control flow shared by every kind of block (drawing, path, gradient): `let`, `assert`, `if`
/// chains and `for` loops. Other elements are handed to the block's own `visit`.
extension Evaluation {
    /// Walks a block in its own scope. `visit` gets the block's own elements; `nested` runs the body
    /// of an `if` branch or a loop iteration (its own block).
    func walk(_ nodes: [Node], visit: (Node) -> Void, nested: ([Node]) -> Void) {
        nesting += 1
        scope.push()
        defer {
            scope.pop()
            nesting -= 1
        }
        if nesting > limits.maxNesting {
            if let first = nodes.first {
                report(.error(.blocksTooDeep, "blocks are nested more than \(limits.maxNesting) deep", at: first.span,
                              help: "flatten the scene: fewer groups, clips, ifs and loops inside each other"))
            }
            stopped = true
            return
        }
        // Each element's place among the siblings of its kind: its step in the origin chain.
        var kindCounts: [ElementKind: Int] = [:]
        let blockOrigin = storedOrigin, blockIteration = pendingIteration
        defer { restoreOrigin(blockOrigin, blockIteration) }
        for (position, node) in nodes.enumerated() {
            if stopped { return }
            guard step(StepCost.element, at: node.span) else { return }
            // The counts are only needed for a later sibling: a block of one element (a loop's
            // body, often) makes no dictionary.
            let index = kindCounts.isEmpty ? 0 : kindCounts[node.kind, default: 0]
            if position < nodes.count - 1 { kindCounts[node.kind] = index + 1 }
            if let blockIteration {
                origin = Origin(parent: blockOrigin, iteration: blockIteration.variable, value: blockIteration.value,
                                then: .element(kind: node.kind, index: index))
            } else {
                origin = Origin(parent: blockOrigin, step: .element(kind: node.kind, index: index))
            }
            switch node.kind {
            case .let: define(node)
            case .assert: check(node)
            case .if: branch(node, nested)
            case .for: loop(node, nested)
            case .param: continue
            default: visit(node)
            }
        }
    }

    private func define(_ node: Node) {
        guard let name = node.word(.name), canDeclare(name.text, at: name.span) else { return }
        if let existing = scope.localBinding(name.text) {
            report(.error(.alreadyDefined, "'\(name.text)' is already defined in this block", at: name.span,
                          help: "choose another name, or shadow it inside a nested <group>",
                          notes: existing.span.map { [.init("first defined here", at: $0)] } ?? []))
            return
        }
        let value = self.value(node, .value) ?? .invalid
        scope.define(name.text, value, at: name.span)
    }

    private func check(_ node: Node) {
        guard let passed = bool(node, .test), !passed else { return }
        let message = node.word(.message)?.text ?? "assertion failed"
        report(.error(.assertionFailed, message, at: node.expression(.test)!.span, help: "this is an <assert> in the scene"))
        // An assert guards what follows it (a division, an index): going on would only cascade
        // into the error it was written to prevent. The scene stops here, with this one error.
        stopped = true
        assertionStopped = true
    }

    private func branch(_ node: Node, _ nested: ([Node]) -> Void) {
        let ifOrigin = origin
        defer { origin = ifOrigin }
        for (position, candidate) in ([node] + node.alternatives).enumerated() {
            // The branch taken is part of the chain: `if#0/elseif#0/rect#0`.
            if position > 0 { origin = Origin(parent: ifOrigin, step: .element(kind: candidate.kind, index: position - 1)) }
            if candidate.kind == .else {
                nested(candidate.children)
                return
            }
            guard let taken = bool(candidate, .test) else { return }
            if taken {
                nested(candidate.children)
                return
            }
        }
    }

    private func loop(_ node: Node, _ nested: ([Node]) -> Void) {
        guard let variable = node.word(.var), canDeclare(variable.text, at: variable.span) else { return }
        if let index = node.word(.index), !canDeclare(index.text, at: index.span) { return }
        if node.expression(.in) != nil {
            guard let listValue = value(node, .in) else { return }
            guard case .list(let items) = listValue else {
                report(.error(.typeMismatch, "'in' must be a list, not \(article(listValue.typeName))", at: node.expression(.in)!.span))
                return
            }
            guard reserveIterations(items.count, node) else { return }
            let indexName = node.word(.index)?.text
            for (i, item) in items.enumerated() {
                if stopped { return }
                iterate(variable, item, node, nested) {
                    if let indexName { scope.define(indexName, .int(i), at: node.word(.index)!.span) }
                }
            }
            return
        }
        let inclusive = node.expression(.through) != nil
        let endName: AttributeID = inclusive ? .through : .to
        guard let fromValue = value(node, .from), let endValue = value(node, endName) else { return }
        let stepValue = node.expression(.step) == nil ? Value.int(1) : value(node, .step)
        guard let stepValue else { return }
        for (id, v) in [(AttributeID.from, fromValue), (endName, endValue), (.step, stepValue)] where v.numeric == nil {
            report(.error(.typeMismatch, "'\(id.rawValue)' must be a number, not \(article(v.typeName))", at: node.expression(id)?.span ?? node.span))
            return
        }
        if case .int(let from) = fromValue, case .int(let end) = endValue, case .int(let step) = stepValue {
            guard step != 0 else {
                report(.error(.zeroStep, "'step' cannot be 0", at: node.expression(.step)!.span, help: Self.stepHelp))
                return
            }
            // Count first, in wide arithmetic, so a huge range fails before it runs.
            let span = Double(end) - Double(from)
            var count = span / Double(step)
            count = inclusive ? count.rounded(.down) + 1 : (count).rounded(.up)
            let n = max(0, count)
            guard reserveIterations(n > Double(Int.max / 2) ? Int.max / 2 : Int(n), node) else { return }
            var k = 0
            while Double(k) < n {
                if stopped { return }
                let (offset, o1) = k.multipliedReportingOverflow(by: step)
                let (current, o2) = from.addingReportingOverflow(offset)
                if o1 || o2 { return }
                iterate(variable, .int(current), node, nested) {}
                k += 1
            }
            return
        }
        let from = fromValue.numeric!, end = endValue.numeric!, step = stepValue.numeric!
        guard step != 0 else {
            report(.error(.zeroStep, "'step' cannot be 0", at: node.expression(.step)?.span ?? node.span, help: Self.stepHelp))
            return
        }
        // Values are from + k·step (no accumulated rounding); an inclusive end within a
        // millionth of a step still counts, so from 0 through 1 step 0.1 runs 11 times.
        let ratio = (end - from) / step
        let tolerance = 1e-6
        let count = inclusive ? (ratio + tolerance).rounded(.down) + 1 : (ratio - tolerance).rounded(.up)
        let n = max(0, count)
        guard n.isFinite, reserveIterations(n > Double(Int.max / 2) ? Int.max / 2 : Int(n), node) else {
            if !n.isFinite { report(.error(.notFinite, "the loop's range is not finite", at: node.span)) }
            return
        }
        var k = 0
        while Double(k) < n {
            if stopped { return }
            iterate(variable, .number(from + Double(k) * step), node, nested) {}
            k += 1
        }
    }

    private static let stepHelp = "a loop with step 0 never ends: count up with a positive step, down with a negative one"

    private func iterate(_ variable: Word, _ value: Value, _ node: Node, _ nested: ([Node]) -> Void, extra: () -> Void) {
        guard step(StepCost.iteration, at: node.span) else { return }
        scope.push()
        scope.define(variable.text, value, at: variable.span)
        extra()
        trace.append(.iteration(name: variable.text, value: value, span: node.span))
        let loopOrigin = origin
        enterIteration(variable: variable.text, value: Self.iterationText(value))
        nested(node.children)
        origin = loopOrigin
        trace.removeLast()
        scope.pop()
    }

    /// `value.brief`, an int's digits by the one digit writer (`DecimalDigits`): a loop's origin
    /// holds its value as text, made every iteration.
    static func iterationText(_ value: Value) -> String {
        guard case .int(let v) = value else { return value.brief }
        return DecimalDigits.string(Int64(v))
    }

    private func reserveIterations(_ count: Int, _ node: Node) -> Bool {
        let (total, overflow) = iterations.addingReportingOverflow(count)
        if overflow || total > limits.maxLoopIterations {
            let message = iterations == 0
                ? "this loop would run \(count) times, over the limit of \(limits.maxLoopIterations) iterations in a scene"
                : "this loop's \(count) iterations would take the scene past the limit of \(limits.maxLoopIterations) loop iterations (\(iterations) already run)"
            report(.error(.tooManyIterations, message, at: node.span, help: "the limit keeps evaluation fast and bounded; reduce the range"))
            stopped = true
            return false
        }
        iterations = total
        return true
    }
}
