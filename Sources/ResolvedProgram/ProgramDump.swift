/// The program as a deterministic text tree, one statement, attribute or parameter a line, drawn
/// like swift-markdown's tree dumps (`├─`, `│`, `└─`); expressions are written inline, each
/// node with its static type (`:int`, `:?` when unknown). Positions are `@line:col` of the
/// element's name. The golden files of `Tests/ResolvedProgramTests` and `scenec program` print it.
public struct ProgramDump {
    public let sources: SourceMap

    public init(sources: SourceMap) { self.sources = sources }

    public func render(_ program: Program) -> String {
        var lines = ["Program"]
        let bodies = program.bodies.enumerated().map { index, body in bodyNode(index, body) }
        append(bodies, prefix: "", to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line and the lines under it.
    private struct Node {
        let label: String
        var children: [Node] = []
    }

    private func append(_ nodes: [Node], prefix: String, to lines: inout [String]) {
        for (k, node) in nodes.enumerated() {
            let last = k == nodes.count - 1
            lines.append(prefix + (last ? "└─ " : "├─ ") + node.label)
            append(node.children, prefix: prefix + (last ? "   " : "│  "), to: &lines)
        }
    }

    private func at(_ span: SourceSpan) -> String {
        guard span.file.index < sources.files.count else { return "@?" }
        let (line, column) = sources[span.file].location(of: span.start)
        return "@\(line):\(column)"
    }

    // MARK: bodies and statements

    private func bodyNode(_ index: Int, _ body: ProgramBody) -> Node {
        let path = body.file.index < sources.files.count ? sources[body.file].path : "file \(body.file.index)"
        let what: String
        switch body.kind {
        case .scene: what = "scene"
        case .component(let name): what = "component \(name)"
        }
        let names = body.slots.map(\.name)
        var node = Node(label: "body \(index): \(what) in \(path) \(at(body.span)), \(body.slotCount) slot\(body.slotCount == 1 ? "" : "s")")
        let context = Context(body: body, slotNames: names)
        node.children += attributeNodes(body.attributes, context)
        for (k, slot) in body.slots.enumerated() {
            node.children.append(Node(label: "slot \(k) \(slot.name): \(slot.kind)\(type(slot.type)) \(at(slot.span))"))
        }
        for (k, parameter) in body.parameters.enumerated() {
            var p = Node(label: "parameter \(k) \(parameter.name.text)\(parameter.type.map { " type=\($0.text)" } ?? "") \(at(parameter.span))")
            p.children = attributeNodes(parameter.attributes, context).filter { !$0.label.hasPrefix("name ") && !$0.label.hasPrefix("type ") }
            node.children.append(p)
        }
        node.children += body.statements.map { statementNode($0, context) }
        return node
    }

    /// What the dump needs to write a name: the body's parameters and each slot's name.
    private struct Context {
        let body: ProgramBody
        let slotNames: [String]
    }

    private func declaration(_ d: Declaration) -> String {
        "\(d.name.text) → " + (d.slot.map { "slot \($0)" } ?? "refused")
    }

    private func statementNode(_ statement: ProgramStatement, _ c: Context) -> Node {
        let position = at(statement.span)
        switch statement {
        case .let(let s):
            return Node(label: "let \(declaration(s.declaration)) = \(expression(s.value, c)) \(position)")
        case .assert(let s):
            return Node(
                label: "assert \(expression(s.test, c)) \(position)",
                children: s.message.map { [Node(label: "message \(QuotedText.quote($0.text))")] } ?? [])
        case .if(let s):
            return Node(
                label: "if \(position)",
                children: s.branches.map { branch in
                    let test = branch.test.map { " " + expression($0, c) } ?? ""
                    return Node(label: "\(branch.kind.rawValue)\(test) \(at(branch.span))", children: branch.body.map { statementNode($0, c) })
                })
        case .for(let s):
            let range: String
            switch s.range {
            case .list(let list, let index):
                range = "in \(expression(list, c))" + (index.map { ", index \(declaration($0))" } ?? "")
            case .numbers(let from, let end, let inclusive, let step):
                range =
                    "from \(expression(from, c)) \(inclusive ? "through" : "to") \(expression(end, c))"
                    + (step.map { " step \(expression($0, c))" } ?? "")
            }
            return Node(label: "for \(declaration(s.variable)) \(range) \(position)", children: s.body.map { statementNode($0, c) })
        case .use(let s):
            var node = Node(label: "use → " + (s.target.map { "body \($0)" } ?? "unlinked") + " \(s.label) \(position)")
            node.children = attributeNodes(s.attributes, c)
            node.children += s.arguments.map { argument in
                Node(
                    label: "argument \(argument.name.text) → " + (argument.parameter.map { "parameter \($0)" } ?? "unknown")
                        + " = \(expression(argument.value, c))")
            }
            return node
        case .element(let s):
            var node = Node(label: "\(s.kind.rawValue)" + (s.declaration.map { " " + declaration($0) } ?? "") + " \(position)")
            node.children = attributeNodes(s.attributes, c).filter { s.declaration == nil || !$0.label.hasPrefix("name ") }
            if let text = s.text {
                node.children.append(
                    Node(
                        label: "content",
                        children: text.pieces.map { piece in
                            switch piece {
                            case .literal(let literal): return Node(label: QuotedText.quote(literal))
                            case .expression(let e): return Node(label: "{\(expression(e, c))}")
                            }
                        }))
            }
            if let data = s.pathData {
                node.children.append(Node(label: "d", children: data.commands.map { Node(label: pathCommand($0) + " " + at($0.span)) }))
            }
            if let data = s.interpolatedPathData {
                node.children.append(
                    Node(
                        label: "d interpolated",
                        children:
                            data.slots.enumerated().map { Node(label: "$\($0.offset) = \(expression($0.element, c))") }
                            + data.commands.map { Node(label: pathCommand($0) + " " + at($0.span)) }))
            }
            node.children += s.children.map { statementNode($0, c) }
            return node
        case .parameter(let index, _):
            return Node(label: "param → parameter \(index) \(position)")
        case .component(let body, _):
            return Node(label: "component → " + (body.map { "body \($0)" } ?? "none") + " \(position)")
        }
    }

    private func attributeNodes(_ attributes: ProgramAttributes, _ c: Context) -> [Node] {
        attributes.entries.map { entry in
            switch entry.value {
            case .expression(let e): return Node(label: "\(entry.id.rawValue) = \(expression(e, c))")
            case .word(let w): return Node(label: "\(entry.id.rawValue) \(QuotedText.quote(w.text))")
            }
        }
    }

    private func pathCommand(_ command: PathDataCommand) -> String {
        func n(_ values: Double...) -> String { values.map(number).joined(separator: " ") }
        switch command.operation {
        case .move(let x, let y): return "move " + n(x, y)
        case .line(let x, let y): return "line " + n(x, y)
        case .cubic(let x1, let y1, let x2, let y2, let x, let y): return "cubic " + n(x1, y1, x2, y2, x, y)
        case .quad(let x1, let y1, let x, let y): return "quad " + n(x1, y1, x, y)
        case .arc(let fromX, let fromY, let rx, let ry, let rotation, let largeArc, let sweep, let x, let y):
            return "arc " + n(fromX, fromY, rx, ry, rotation) + " large=\(largeArc) sweep=\(sweep) " + n(x, y)
        case .close: return "close"
        }
    }

    /// An interpolated command, as `pathCommand` writes a constant one, each number as its terms
    /// and constant (`$0`, `$0+10`, `2*$0-$1`).
    private func pathCommand(_ command: InterpolatedPathCommand) -> String {
        func n(_ values: PathNumber...) -> String { values.map(pathNumber).joined(separator: " ") }
        switch command.operation {
        case .move(let x, let y): return "move " + n(x, y)
        case .line(let x, let y): return "line " + n(x, y)
        case .cubic(let x1, let y1, let x2, let y2, let x, let y): return "cubic " + n(x1, y1, x2, y2, x, y)
        case .quad(let x1, let y1, let x, let y): return "quad " + n(x1, y1, x, y)
        case .arc(let fromX, let fromY, let rx, let ry, let rotation, let largeArc, let sweep, let x, let y):
            return "arc " + n(fromX, fromY, rx, ry, rotation) + " large=\(largeArc) sweep=\(sweep) " + n(x, y)
        case .close: return "close"
        }
    }

    private func pathNumber(_ p: PathNumber) -> String {
        var text = ""
        for term in p.terms {
            let k = term.coefficient
            let sign = k < 0 ? "-" : (text.isEmpty ? "" : "+")
            text += sign + (abs(k) == 1 ? "" : number(abs(k)) + "*") + "$\(term.slot)"
        }
        if text.isEmpty { return number(p.constant) }
        if p.constant != 0 { text += (p.constant < 0 ? "-" : "+") + number(abs(p.constant)) }
        return text
    }

    // MARK: expressions

    /// Swift's shortest text that reads back as the same Double (deterministic, locale-free).
    private func number(_ v: Double) -> String { "\(v)" }

    private func type(_ t: ValueType) -> String { t == .any ? ":?" : ":\(t)" }

    private func expression(_ e: ProgramExpression, _ c: Context) -> String {
        let text: String
        switch e.kind {
        case .constant(let constant):
            switch constant {
            case .int(let v): text = "\(v)"
            case .number(let v): text = number(v)
            case .string(let v): text = QuotedText.quote(v)
            case .bool(let v): text = "\(v)"
            case .color(let r, let g, let b, let a): text = "rgba(\(number(r)), \(number(g)), \(number(b)), \(number(a)))"
            }
        case .name(let reference):
            switch reference {
            case .parameter(let i):
                text = "param \(i)(\(i < c.body.parameters.count ? c.body.parameters[i].name.text : "?"))"
            case .sceneInput(let input): text = "input(\(input.rawValue))"
            case .predefined(.pi): text = "pi"
            case .predefined(.none): text = "none"
            case .predefined(.color(let i)):
                text = "css(\(i < PredefinedNames.cssColors.count ? PredefinedNames.cssColors[i].name : "?"))"
            case .local(let slot): text = "slot \(slot)(\(slot < c.slotNames.count ? c.slotNames[slot] : "?"))"
            }
        case .list(let items):
            text = "[" + items.map { expression($0, c) }.joined(separator: ", ") + "]"
        case .unary(let op, let operand):
            text = "(\(op.rawValue) \(expression(operand, c)))"
        case .binary(let op, let left, let right):
            text = "(\(expression(left, c)) \(op.rawValue) \(expression(right, c)))"
        case .conditional(let test, let then, let otherwise):
            text = "(\(expression(test, c)) ? \(expression(then, c)) : \(expression(otherwise, c)))"
        case .call(let call):
            text = "\(call.function.rawValue)#\(call.usage)(" + call.arguments.map { expression($0, c) }.joined(separator: ", ") + ")"
        case .index(let base, let index):
            text = "\(expression(base, c))[\(expression(index, c))]"
        case .unresolved(let unresolved):
            switch unresolved {
            case .undefinedName(let name): text = "!undefined(\(name))"
            case .functionAsValue(let function): text = "!function(\(function.rawValue))"
            case .unknownFunction(let name, let arguments):
                text = "!unknown \(name)(" + arguments.map { expression($0, c) }.joined(separator: ", ") + ")"
            case .argumentCount(let function, let arguments):
                text = "!arity \(function.rawValue)(" + arguments.map { expression($0, c) }.joined(separator: ", ") + ")"
            case .typeMismatch(let operands, _):
                text = "!type(" + operands.map { expression($0, c) }.joined(separator: ", ") + ")"
            }
        }
        return text + type(e.type)
    }
}
