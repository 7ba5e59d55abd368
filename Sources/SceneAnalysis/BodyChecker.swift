import ResolvedProgram
import SceneSource
import SceneSyntax
import SceneVocabulary

/// One scene body (a file's `<scene>` or a `<component>`) checked statically: the blocks and the
/// names they declare, in the evaluator's order and scopes (Grammar.md section 5), but visiting
/// every branch and loop body once instead of the ones the parameter values select. What it
/// checks it lowers on the way (`ProgramBody`): each name resolved where the checker finds it.
final class BodyChecker {
    /// An expression lowered, and its type as the checker goes on with it: `.unknown` once an
    /// error was reported in it (its `ProgramExpression.type` is what was inferred).
    typealias Lowered = (expression: ProgramExpression, type: StaticType)

    var scope = StaticScope()
    var diagnostics: [Diagnostic] = []
    /// How many type errors were found (`reportTypeError`) and where the last one was.
    var typeErrors: (count: Int, lastSpan: SourceSpan?) = (0, nil)
    /// The next local slot (`NameReference.local`): one per declaration, unique in the body.
    private var nextSlot = 0
    /// What each slot holds, by slot number.
    private var slots: [ProgramSlot] = []
    /// The list literal each `<let>` holds, by slot (`knownElements`).
    var listLiterals: [Int: ProgramExpression] = [:]
    /// Where `<use>`s lead (body indexes, labels, parameter indexes).
    let links: ProgramLinks
    /// The file of the body checked (nil for a body's constants): whose `<component>`s `componentWidth` names.
    var file: FileID?
    /// width, height and the parameters: no block may redefine them.
    private var inputs: Set<String> = ["width", "height"]
    /// For each enclosing loop, the depth of its iteration block: a `<let>` shadowing a name from
    /// below that depth is the accumulation trap (W0204).
    private var loopDepths: [Int] = []

    init(links: ProgramLinks) { self.links = links }

    /// The body checked and lowered, and what the check found. `kind` and `file` say what it is.
    static func lower(body: Node, kind: ProgramBody.Kind, file: FileID, links: ProgramLinks) -> (ProgramBody, [Diagnostic]) {
        let checker = BodyChecker(links: links)
        checker.file = file
        let statements = checker.run(body)
        let constants = links.constants.bySpan[body.span] ?? ConstantLowering.constants(of: body)
        let lowered = ProgramBody(
            kind: kind, file: file, span: body.span, attributes: constants.attributes,
            parameters: constants.parameters, statements: statements,
            slotCount: checker.nextSlot, slots: checker.slots)
        return (lowered, checker.diagnostics)
    }

    private func run(_ body: Node) -> [ProgramStatement] {
        scope.define("width", .size, .number, at: nil, as: .sceneInput(.width))
        scope.define("height", .size, .number, at: nil, as: .sceneInput(.height))
        for (index, param) in body.parameterNodes.enumerated() {
            guard let name = param.word(.name) else { continue }
            scope.define(
                name.text, .parameter, StaticType(parameterType: param.word(.type)?.text ?? ""), at: name.span,
                as: .parameter(index))
            inputs.insert(name.text)
        }
        parameterIndex = 0
        let statements = block(body.children)
        reportUnused()
        return statements
    }

    /// The index of the next `<param>` met in the body (`ProgramStatement.parameter`).
    private var parameterIndex = 0

    /// Past this many, problems are no longer built (a hostile file of thousands of undefined names
    /// in a branch never taken must not cost a suggestion each); `StaticAnalysis` keeps fewer.
    static let maxDiagnostics = StaticAnalysis.maxDiagnostics + 1

    var full: Bool { diagnostics.count >= Self.maxDiagnostics }

    func report(_ diagnostic: Diagnostic) {
        guard !full else { return }
        diagnostics.append(diagnostic)
    }

    // MARK: blocks

    private func block(_ nodes: [Node]) -> [ProgramStatement] {
        scope.push()
        defer { scope.pop() }
        return nodes.map(statement)
    }

    private func statement(_ node: Node) -> ProgramStatement {
        switch node.kind {
        case .param:
            // Parameters are declared before the body.
            defer { parameterIndex += 1 }
            return .parameter(index: parameterIndex, span: node.span)
        case .component:
            // Components are checked as bodies of their own.
            return .component(body: links.body(ofComponent: node), span: node.span)
        case .let:
            let value = expression(node, .value)
            let declaration = node.word(.name).map { declare($0, .let, value?.type ?? .unknown) }
            if let slot = declaration?.slot, let list = value?.expression, case .list = list.kind { listLiterals[slot] = list }
            return .let(
                LetStatement(
                    span: node.span, declaration: declaration ?? Declaration(name: ProgramWord(text: "", span: node.span), slot: nil),
                    value: value?.expression ?? missing(node), attributes: words(node, [:])))
        case .assert:
            var lowered = attributes(node)
            return .assert(
                AssertStatement(
                    span: node.span, test: lowered.removeValue(forKey: .test) ?? missing(node),
                    message: node.word(.message).map(word), attributes: words(node, lowered)))
        case .if:
            var branches: [IfStatement.Branch] = []
            let test = expression(node, .test)
            branches.append(.init(kind: .if, span: node.span, test: test?.expression ?? missing(node), body: block(node.children)))
            for candidate in node.alternatives {
                let test = candidate.kind != .else ? expression(candidate, .test)?.expression ?? missing(candidate) : nil
                branches.append(.init(kind: candidate.kind, span: candidate.span, test: test, body: block(candidate.children)))
            }
            return .if(IfStatement(span: node.span, branches: branches))
        case .for:
            return .for(loop(node))
        case .gradient:
            // Its stops first (the gradient's name is not visible inside), then the name.
            let children = block(node.children)
            let declaration = node.word(.name).map { declare($0, .gradient, .gradient) }
            return .element(
                ElementStatement(
                    kind: node.kind, span: node.span, attributes: words(node, [:]), children: children,
                    text: nil, pathData: nil, declaration: declaration))
        case .clip:
            // The <shape> is a path block of its own, the rest a drawing block (as evaluated).
            var children: [ProgramStatement] = []
            if let shape = node.children.first, shape.kind == .shape {
                let lowered = attributes(shape)
                let shapeChildren = block(shape.children)
                children.append(
                    .element(
                        ElementStatement(
                            kind: shape.kind, span: shape.span, attributes: words(shape, lowered),
                            children: shapeChildren, text: nil, pathData: nil, declaration: nil)))
                children += block(Array(node.children.dropFirst()))
            } else {
                children = block(node.children)
            }
            return .element(
                ElementStatement(
                    kind: node.kind, span: node.span, attributes: words(node, attributes(node)),
                    children: children, text: nil, pathData: nil, declaration: nil))
        default:
            let lowered = attributes(node)
            let arguments = node.arguments.map { argument in
                let parameter = links.parameter(argument.name, of: node)
                return UseStatement.Argument(
                    name: ProgramWord(text: argument.name, span: argument.nameSpan), parameter: parameter?.index,
                    value: useArgument(argument, parameter: parameter)) // BodyChecker+UseArguments.swift
            }
            var text: ProgramText?
            if let template = node.text {
                text = ProgramText(
                    pieces: template.pieces.map { piece in
                        switch piece {
                        case .literal(let literal): return .literal(literal)
                        case .expression(let expr): return .expression(whole(expr).expression)
                        }
                    }, span: template.span)
            }
            let children = node.children.isEmpty ? [] : block(node.children)
            // An element without a rule here that declares a name (as <gradient name> does) makes
            // it visible for the rest of the block, so a new declaring element is never a false
            // "undefined name".
            var declaration: Declaration?
            if let name = node.word(.name), case .identifier? = Schema.attributeType(.name, on: node.kind, in: node.context) {
                declaration = declare(name, .other, .unknown)
            }
            if node.kind == .use {
                let target = links.target(of: node)
                return .use(
                    UseStatement(
                        span: node.span, target: target?.body, label: target?.label ?? "",
                        attributes: words(node, lowered), arguments: arguments))
            }
            return .element(
                ElementStatement(
                    kind: node.kind, span: node.span, attributes: words(node, lowered), children: children,
                    text: text, pathData: node.pathData, declaration: declaration,
                    interpolatedPathData: node.interpolatedPathData.map(pathData)))
        }
    }

    /// Where a required expression is missing (never in a checked tree: the checker requires it).
    private func missing(_ node: Node) -> ProgramExpression {
        ProgramExpression(.unresolved(.undefinedName("")), span: node.span, type: .any)
    }

    private func word(_ word: Word) -> ProgramWord { ProgramWord(text: word.text, span: word.span) }

    /// The node's attributes in slots: `expressions` (already lowered) and its words.
    private func words(_ node: Node, _ expressions: LoweredExpressions) -> ProgramAttributes {
        var entries = expressions.entries
        for entry in node.words.entries { entries.append(.init(id: entry.id, value: .word(word(entry.value)))) }
        return ProgramAttributes(entries)
    }

    /// Every expression attribute of `node`, in source order, each checked against the type the
    /// schema expects for it.
    private func attributes(_ node: Node) -> LoweredExpressions {
        var lowered: LoweredExpressions = [:]
        let entries = node.expressions.entries
        // The table is sorted by name; most elements' attributes are in that order already, or one.
        var inSourceOrder = true
        for k in entries.indices.dropFirst() where entries[k - 1].value.span.start > entries[k].value.span.start {
            inSourceOrder = false
            break
        }
        for entry in inSourceOrder ? entries : entries.sorted(by: { $0.value.span.start < $1.value.span.start }) {
            lowered[entry.id] = expression(node, entry.id, entry.value).expression
        }
        return lowered
    }

    private func loop(_ node: Node) -> ForStatement {
        var variableType = StaticType.unknown
        var lowered: LoweredExpressions = [:]
        if let list = expression(node, .in) {
            lowered[.in] = list.expression
        } else {
            var types: [StaticType] = []
            for id in [AttributeID.from, .to, .through, .step] {
                guard let (expression, type) = expression(node, id) else { continue }
                lowered[id] = expression
                types.append(type)
            }
            // An omitted step is the int 1.
            variableType = types.allSatisfy { $0 == .int } ? .int : types.allSatisfy(\.isNumeric) ? .numeric : .unknown
        }
        // The iteration's own block holds the loop variable and the index; the body is nested in it.
        scope.push()
        var variable = Declaration(name: ProgramWord(text: "", span: node.span), slot: nil)
        if let name = node.word(.var) {
            variable = Declaration(name: word(name), slot: nil)
            if canDeclare(name) { variable = Declaration(name: word(name), slot: define(name, .loopVariable, variableType)) }
        }
        var index: Declaration?
        if let name = node.word(.index) {
            index = Declaration(name: word(name), slot: canDeclare(name) ? define(name, .loopVariable, .int, index: true) : nil)
        }
        loopDepths.append(scope.depth)
        let body = block(node.children)
        loopDepths.removeLast()
        scope.pop()
        let range: ForStatement.Range
        if let list = lowered.removeValue(forKey: .in) {
            range = .list(list, index: index)
        } else {
            let inclusive = lowered[.through] != nil
            range = .numbers(
                from: lowered.removeValue(forKey: .from) ?? missing(node),
                end: lowered.removeValue(forKey: inclusive ? .through : .to) ?? missing(node),
                inclusive: inclusive, step: lowered.removeValue(forKey: .step))
        }
        return ForStatement(span: node.span, variable: variable, range: range, body: body, attributes: words(node, lowered))
    }

    // MARK: declarations

    /// False (after reporting, as the evaluator does) when `name` would redefine the size or a parameter.
    private func canDeclare(_ name: Word) -> Bool {
        guard inputs.contains(name.text) else { return true }
        let what = name.text == "width" || name.text == "height" ? "the scene's own \(name.text)" : "a parameter of the scene"
        report(.error(.sceneInputRedefined, "'\(name.text)' is \(what) and cannot be redefined", at: name.span, help: "choose another name"))
        return false
    }

    /// A new local slot for `name`, visible from here to the end of the block.
    private func define(_ name: Word, _ kind: StaticScope.Kind, _ type: StaticType, index: Bool = false) -> Int {
        let slot = nextSlot
        nextSlot += 1
        let slotKind: ProgramSlot.Kind
        switch kind {
        case .let: slotKind = .let
        case .loopVariable: slotKind = index ? .loopIndex : .loopVariable
        case .gradient: slotKind = .gradient
        case .size, .parameter, .other: slotKind = .other
        }
        slots.append(ProgramSlot(name: name.text, span: name.span, kind: slotKind, type: type.valueType))
        scope.define(name.text, kind, type, at: name.span, as: .local(slot))
        return slot
    }

    /// The declaration of `name` (its slot, or nil when it is refused, reported as the evaluator does).
    private func declare(_ name: Word, _ kind: StaticScope.Kind, _ type: StaticType) -> Declaration {
        let refused = Declaration(name: word(name), slot: nil)
        guard canDeclare(name) else { return refused }
        if let existing = scope.localBinding(name.text) {
            report(
                .error(
                    .alreadyDefined, "'\(name.text)' is already defined in this block", at: name.span,
                    help: kind == .let ? "choose another name, or shadow it inside a nested <group>" : nil,
                    notes: existing.span.map { [.init("first defined here", at: $0)] } ?? []))
            return refused
        }
        if kind == .let, let loopDepth = loopDepths.last, let (outer, depth) = scope.find(name.text), depth < loopDepth {
            report(
                .warning(
                    .loopShadowing,
                    "this <let> makes a new '\(name.text)' in every iteration; the '\(name.text)' declared outside the loop does not change",
                    at: name.span,
                    help: "a <let> cannot carry a value from one iteration to the next: for a running total use "
                        + "runningSum(list) (Grammar.md section 13, \"Running totals\"); otherwise choose another name",
                    notes: outer.span.map { [.init("the outer '\(name.text)' is declared here", at: $0)] } ?? []))
        }
        return Declaration(name: word(name), slot: define(name, kind, type))
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
                report(
                    .warning(
                        .unusedGradient, "gradient '\(binding.name)' is never used", at: span,
                        help: "paint with it (fill=\"linear(\(binding.name), x1, y1, x2, y2)\"), remove it, or \(silence)"))
            case .parameter:
                report(
                    .warning(
                        .unusedParameter, "parameter '\(binding.name)' is never used", at: span,
                        help: "setting it changes nothing: use it or remove the <param>, or \(silence)"))
            case .size, .loopVariable, .other:
                continue
            }
        }
    }
}
