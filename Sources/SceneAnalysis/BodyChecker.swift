import SceneSource
import SceneSyntax
import SceneVocabulary

/// One scene body (a file's `<scene>` or a `<component>`) checked statically: the blocks and the
/// names they declare, in the evaluator's order and scopes (Grammar.md section 5), but visiting
/// every branch and loop body once instead of the ones the parameter values select.
final class BodyChecker {
    var scope = StaticScope()
    var diagnostics: [Diagnostic] = []
    /// width, height and the parameters: no block may redefine them.
    private var inputs: Set<String> = ["width", "height"]
    /// For each enclosing loop, the depth of its iteration block: a `<let>` shadowing a name from
    /// below that depth is the accumulation trap (W0204).
    private var loopDepths: [Int] = []

    static func check(body: Node) -> [Diagnostic] {
        let checker = BodyChecker()
        checker.run(body)
        return checker.diagnostics
    }

    private func run(_ body: Node) {
        scope.define("width", .size, .number, at: nil)
        scope.define("height", .size, .number, at: nil)
        for param in body.parameterNodes {
            guard let name = param.word(.name) else { continue }
            scope.define(name.text, .parameter, StaticType(parameterType: param.word(.type)?.text ?? ""), at: name.span)
            inputs.insert(name.text)
        }
        block(body.children)
        reportUnused()
    }

    /// Past this many, problems are no longer built (a hostile file of thousands of undefined names
    /// in a branch never taken must not cost a suggestion each); `StaticAnalysis` keeps fewer.
    static let maxDiagnostics = StaticAnalysis.maxDiagnostics + 1

    var full: Bool { diagnostics.count >= Self.maxDiagnostics }

    func report(_ diagnostic: Diagnostic) {
        guard !full else { return }
        diagnostics.append(diagnostic)
    }

    // MARK: blocks

    private func block(_ nodes: [Node]) {
        scope.push()
        defer { scope.pop() }
        for node in nodes { statement(node) }
    }

    private func statement(_ node: Node) {
        switch node.kind {
        case .param, .component:
            // Parameters are declared before the body; components are checked as bodies of their own.
            return
        case .let:
            let type = expression(node, .value)
            if let name = node.word(.name) { declare(name, .let, type) }
        case .if:
            _ = expression(node, .test)
            block(node.children)
            for candidate in node.alternatives {
                if candidate.kind != .else { _ = expression(candidate, .test) }
                block(candidate.children)
            }
        case .for:
            loop(node)
        case .gradient:
            // Its stops first (the gradient's name is not visible inside), then the name.
            block(node.children)
            if let name = node.word(.name) { declare(name, .gradient, .gradient) }
        case .clip:
            // The <shape> is a path block of its own, the rest a drawing block (as evaluated).
            if let shape = node.children.first, shape.kind == .shape {
                attributes(shape)
                block(shape.children)
                block(Array(node.children.dropFirst()))
            } else {
                block(node.children)
            }
        default:
            attributes(node)
            for argument in node.arguments { _ = whole(argument.value) }
            if let text = node.text {
                for case .expression(let expr) in text.pieces { _ = whole(expr) }
            }
            if !node.children.isEmpty { block(node.children) }
            // An element without a rule here that declares a name (as <gradient name> does) makes
            // it visible for the rest of the block, so a new declaring element is never a false
            // "undefined name".
            if let name = node.word(.name), case .identifier? = Schema.attributeType(.name, on: node.kind, in: node.context) {
                declare(name, .other, .unknown)
            }
        }
    }

    /// Every expression attribute of `node`, in source order, each checked against the type the
    /// schema expects for it.
    private func attributes(_ node: Node) {
        let entries = node.expressions.entries
        // The table is sorted by name; most elements' attributes are in that order already, or one.
        var inSourceOrder = true
        for k in entries.indices.dropFirst() where entries[k - 1].value.span.start > entries[k].value.span.start {
            inSourceOrder = false
            break
        }
        for entry in inSourceOrder ? entries : entries.sorted(by: { $0.value.span.start < $1.value.span.start }) {
            _ = expression(node, entry.id, entry.value)
        }
    }

    private func loop(_ node: Node) {
        var variableType = StaticType.unknown
        if node.expression(.in) != nil {
            _ = expression(node, .in)
        } else {
            let types = [AttributeID.from, .to, .through, .step].compactMap { node.expression($0) != nil ? expression(node, $0) : nil }
            // An omitted step is the int 1.
            variableType = types.allSatisfy { $0 == .int } ? .int : types.allSatisfy(\.isNumeric) ? .numeric : .unknown
        }
        // The iteration's own block holds the loop variable and the index; the body is nested in it.
        scope.push()
        if let variable = node.word(.var) {
            if canDeclare(variable) { scope.define(variable.text, .loopVariable, variableType, at: variable.span) }
        }
        if let index = node.word(.index), canDeclare(index) {
            scope.define(index.text, .loopVariable, .int, at: index.span)
        }
        loopDepths.append(scope.depth)
        block(node.children)
        loopDepths.removeLast()
        scope.pop()
    }

    // MARK: declarations

    /// False (after reporting, as the evaluator does) when `name` would redefine the size or a parameter.
    private func canDeclare(_ name: Word) -> Bool {
        guard inputs.contains(name.text) else { return true }
        let what = name.text == "width" || name.text == "height" ? "the scene's own \(name.text)" : "a parameter of the scene"
        report(.error(.sceneInputRedefined, "'\(name.text)' is \(what) and cannot be redefined", at: name.span, help: "choose another name"))
        return false
    }

    private func declare(_ name: Word, _ kind: StaticScope.Kind, _ type: StaticType) {
        guard canDeclare(name) else { return }
        if let existing = scope.localBinding(name.text) {
            report(.error(.alreadyDefined, "'\(name.text)' is already defined in this block", at: name.span,
                          help: kind == .let ? "choose another name, or shadow it inside a nested <group>" : nil,
                          notes: existing.span.map { [.init("first defined here", at: $0)] } ?? []))
            return
        }
        if kind == .let, let loopDepth = loopDepths.last, let (outer, depth) = scope.find(name.text), depth < loopDepth {
            report(.warning(.loopShadowing,
                            "this <let> makes a new '\(name.text)' in every iteration; the '\(name.text)' declared outside the loop does not change",
                            at: name.span,
                            help: "a <let> cannot carry a value from one iteration to the next: for a running total use "
                                + "runningSum(list) (Grammar.md section 13, \"Running totals\"); otherwise choose another name",
                            notes: outer.span.map { [.init("the outer '\(name.text)' is declared here", at: $0)] } ?? []))
        }
        scope.define(name.text, kind, type, at: name.span)
    }

    /// W0201–W0203: lets, gradients and parameters no expression reads. A name starting with '_'
    /// is kept unused deliberately and not reported.
    private func reportUnused() {
        for binding in scope.bindings where !binding.used && !binding.name.hasPrefix("_") {
            guard let span = binding.span else { continue }
            let silence = "start the name with '_' to keep it unused on purpose"
            switch binding.kind {
            case .let:
                report(.warning(.unusedLet, "'\(binding.name)' is never used", at: span, help: "remove the <let>, or \(silence)"))
            case .gradient:
                report(.warning(.unusedGradient, "gradient '\(binding.name)' is never used", at: span,
                                help: "paint with it (fill=\"linear(\(binding.name), x1, y1, x2, y2)\"), remove it, or \(silence)"))
            case .parameter:
                report(.warning(.unusedParameter, "parameter '\(binding.name)' is never used", at: span,
                                help: "setting it changes nothing: use it or remove the <param>, or \(silence)"))
            case .size, .loopVariable, .other:
                continue
            }
        }
    }
}
