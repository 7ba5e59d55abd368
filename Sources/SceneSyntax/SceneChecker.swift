import SceneSource
import SceneVocabulary

/// Checks a parsed element tree against the schema and parses every expression, collecting all
/// problems instead of stopping at the first. Produces the checked tree the evaluator runs.
public struct SceneChecker {
    private var diagnostics: [Diagnostic] = []
    /// Problems found after `maxDiagnostics` were kept: counted, not built.
    private var suppressed = 0
    /// The `<row>` or `<column>` whose body is being checked (through its `<if>`s and `<for>`s):
    /// its children are checked by `LayoutChecking`.
    private var layoutParent: ElementKind?

    /// The most diagnostics the checker keeps; the last one kept says how many more there were.
    /// (A file of a hundred thousand unknown elements must not cost a hundred thousand suggestions.)
    public static let maxDiagnostics = 100

    public static func check(_ root: Element, file: FileID) -> (scene: CheckedScene?, diagnostics: [Diagnostic]) {
        var checker = SceneChecker()
        guard root.name == ElementKind.scene.rawValue else {
            let help =
                Suggestion.closest(to: root.name, among: ["scene"]) != nil
                ? "did you mean 'scene'?"
                : ForeignNames.elements[root.name]?.ours == "scene"
                    ? ForeignNames.elementHelp(root.name)! + "; a scene file starts with <scene width=\"…\" height=\"…\">"
                    : "a scene file starts with <scene width=\"…\" height=\"…\">"
            return (nil, [.error(.wrongRoot, "the root element must be <scene>, not <\(root.name)>", at: root.nameSpan, help: help)])
        }
        let node = checker.node(root, kind: .scene, context: .drawing)
        checker.checkComponentNames(node)
        let scene = checker.diagnostics.isEmpty ? CheckedScene(root: node, file: file) : nil
        if checker.suppressed > 0 {
            checker.diagnostics[checker.diagnostics.count - 1].notes.append(
                .init("\(checker.suppressed) more problems are not shown; fix these first"))
        }
        return (scene, checker.diagnostics)
    }

    /// True once `maxDiagnostics` are kept: the caller counts the problem instead of describing it.
    private mutating func full() -> Bool {
        guard diagnostics.count >= SceneChecker.maxDiagnostics else { return false }
        suppressed += 1
        return true
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        if full() { return }
        diagnostics.append(diagnostic)
    }

    /// Each <component> name is declared once per file.
    private mutating func checkComponentNames(_ root: Node) {
        var seen: [String: SourceSpan] = [:]
        for node in root.children where node.kind == .component {
            guard let name = node.word(.name) else { continue }
            if let first = seen[name.text] {
                report(
                    .error(
                        .duplicateComponent, "component '\(name.text)' is declared twice", at: name.span,
                        notes: [.init("first declared here", at: first)]))
            } else {
                seen[name.text] = name.span
            }
        }
    }

    /// Reserved words cannot be declared as names.
    public static let reservedWords: Set<String> = ["and", "or", "not", "true", "false", "lt", "le", "gt", "ge"]

    public static func isIdentifier(_ text: String) -> Bool {
        // ASCII names (nearly all): for an ASCII scalar, isAlphabetic is exactly A–Z and a–z, so the
        // Unicode property lookups below are not needed to give the same answer.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            func letter(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
            guard let first = text.utf8.first, letter(first) else { return false }
            return text.utf8.allSatisfy { letter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
        }
        guard let first = text.unicodeScalars.first else { return false }
        let startOK = first == "_" || first.properties.isAlphabetic
        return startOK && text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    private mutating func node(_ element: Element, kind: ElementKind, context: BlockContext) -> Node {
        let spec = Schema.spec(kind)
        var expressions = AttributeTable<Expr>()
        var words = AttributeTable<Word>()
        var arguments: [Argument] = []
        for attribute in element.attributes {
            guard let attributeSpec = spec.attribute(attribute.name, in: context) else {
                if spec.acceptsArguments {
                    // Any other attribute of a <use> passes a value to the component's parameter.
                    switch ExpressionParser.parse(attribute) {
                    case .success(let expr): arguments.append(Argument(name: attribute.name, nameSpan: attribute.nameSpan, value: expr))
                    case .failure(let diagnostic): report(diagnostic)
                    }
                } else {
                    reportUnknownAttribute(attribute, on: element, spec: spec, context: context)
                }
                continue
            }
            switch attributeSpec.type {
            case .expression(let expected):
                switch ExpressionParser.parse(attribute, expected: expected) {
                case .success(let expr): expressions.set(attributeSpec.id, expr)
                case .failure(let diagnostic): report(diagnostic)
                }
            case .keyword(let allowed):
                let value = attribute.value.trimmingSpaces
                if allowed.contains(value) {
                    words.set(attributeSpec.id, Word(text: value, attribute: attribute))
                } else if attribute.name == "blend" {
                    report(BlendModeWords.diagnostic(value, at: attribute.valueSpan))
                } else if kind == .text, attribute.name == "font", !value.isEmpty {
                    // Besides the DejaVu families, a project's own fonts (docs/text.md, "Project fonts"),
                    // known only when it is compiled: the evaluator checks the family (E0529).
                    words.set(attributeSpec.id, Word(text: value, attribute: attribute))
                } else {
                    let list = allowed.joined(separator: ", ")
                    report(
                        .error(
                            .invalidKeyword, "'\(value)' is not a valid \(attribute.name) on <\(kind.rawValue)>", at: attribute.valueSpan,
                            help: Suggestion.didYouMean(value, among: allowed) ?? "use one of: \(list)"))
                }
            case .identifier:
                let value = attribute.value.trimmingSpaces
                if !SceneChecker.isIdentifier(value) {
                    report(
                        .error(
                            .invalidName, "'\(value)' is not a valid name", at: attribute.valueSpan,
                            help: "names start with a letter or '_' and continue with letters, digits or '_'"))
                } else if SceneChecker.reservedWords.contains(value) {
                    report(.error(.reservedWord, "'\(value)' is a reserved word and cannot be used as a name", at: attribute.valueSpan))
                } else {
                    words.set(attributeSpec.id, Word(text: value, attribute: attribute))
                }
            case .text, .parameterValue:
                words.set(attributeSpec.id, Word(text: attribute.value, attribute: attribute))
            }
        }
        for required in spec.attributes where required.required && element.attribute(required.name) == nil {
            report(.error(.missingAttribute, "<\(kind.rawValue)> needs a '\(required.name)' attribute", at: element.nameSpan))
        }
        checkCombinations(kind, element: element)
        if let layoutParent { LayoutChecking.childProblems(element, kind: kind, in: layoutParent).forEach { report($0) } }
        if kind == .row || kind == .column { LayoutChecking.layoutProblems(element, kind: kind).forEach { report($0) } }
        var text: TextTemplate?
        if spec.hasTextContent {
            if let content = element.text {
                switch TextTemplateParser.parse(content) {
                case .success(let template) where !template.pieces.isEmpty: text = template
                case .success:
                    report(.error(.emptyText, "<text> is empty", at: content.valueSpan, help: "write the text between <text …> and </text>"))
                case .failure(let diagnostic): report(diagnostic)
                }
            } else if element.children.isEmpty, !element.textRefused {
                // (Refused content was reported as such: one mistake, one error.)
                report(
                    .error(
                        .emptyText, "<text> needs content", at: element.nameSpan,
                        help: "write the text between the tags: <text x=\"10\" y=\"20\">Average: {average}</text>"))
            }
        } else if let content = element.text {
            report(.error(.unexpectedText, "unexpected text; only <text> has text content", at: content.valueSpan))
        }

        let childContext: BlockContext?
        switch kind {
        case .if, .elseif, .else, .for: childContext = context
        default: childContext = spec.childContext
        }
        var children: [Node] = []
        if let childContext {
            let enclosingLayout = layoutParent
            if kind == .row || kind == .column { layoutParent = kind } else if !LayoutChecking.control.contains(kind) { layoutParent = nil }
            children = block(element.children, context: childContext, parent: element, parentKind: kind)
            layoutParent = enclosingLayout
        } else if let first = element.children.first {
            report(
                .error(
                    .unexpectedChildren, "<\(kind.rawValue)> takes no child elements", at: first.nameSpan,
                    help: "close it with '/>' and move <\(first.name)> after it"))
        }
        var pathData: PathData?, interpolatedPathData: InterpolatedPathData<Expr>?
        if kind == .path, let d = words[.d] {
            // One source of geometry per <path>: mixing the two would leave the reader guessing
            // which comes first, and a pasted icon is complete on its own.
            if let first = element.children.first {
                report(
                    .error(
                        .unexpectedChildren, "a <path> with d=\"…\" takes no child elements", at: first.nameSpan,
                        help: "write the path either in d or as child elements (<move>, <line>, …), not both"))
            }
            switch PathDataParser.parseInterpolated(d.attribute) {
            case .success(.constant(let data)): pathData = data
            case .success(.interpolated(let data)): interpolatedPathData = data
            case .failure(let diagnostic): report(diagnostic)
            }
        }
        return Node(
            kind: kind, span: element.nameSpan, context: context, expressions: expressions, words: words,
            children: children, alternatives: [], arguments: arguments, text: text, pathData: pathData,
            interpolatedPathData: interpolatedPathData)
    }

    private mutating func block(_ elements: [Element], context: BlockContext, parent: Element, parentKind: ElementKind) -> [Node] {
        var nodes: [Node] = []
        var openIf: (node: Node, alternatives: [Node])?
        var previousWasElse = false

        func flush() {
            if let pending = openIf {
                nodes.append(
                    Node(
                        kind: pending.node.kind, span: pending.node.span, context: pending.node.context,
                        expressions: pending.node.expressions, words: pending.node.words,
                        children: pending.node.children, alternatives: pending.alternatives,
                        arguments: pending.node.arguments, text: pending.node.text))
                openIf = nil
            }
        }

        for (position, element) in elements.enumerated() {
            guard let kind = ElementKind(rawValue: element.name) else {
                flush()
                if full() { continue }
                let candidates = Schema.names(in: context)
                report(
                    .error(
                        .unknownElement, "unknown element <\(element.name)>", at: element.nameSpan,
                        help: ForeignNames.elementHelp(element.name)
                            ?? Suggestion.didYouMean(element.name, among: candidates)
                            ?? Suggestion.didYouMean(element.name, among: ElementKind.allCases.map(\.rawValue))
                            ?? "elements allowed here: " + candidates.joined(separator: ", ")))
                continue
            }
            let spec = Schema.spec(kind)
            if kind == .scene {
                report(.error(.misplacedElement, "<scene> can only be the root element", at: element.nameSpan))
                continue
            }
            if kind == .shape {
                if parentKind != .clip || position != 0 {
                    report(
                        .error(
                            .misplacedElement, "<shape> must be the first child of a <clip>", at: element.nameSpan,
                            help: "write <clip><shape>…</shape> …clipped elements…</clip>"))
                    continue
                }
            } else if kind == .content {
                if parentKind != .mask || position != 0 {
                    report(
                        .error(
                            .misplacedElement, "<content> must be the first child of a <mask>", at: element.nameSpan,
                            help: "write <mask><content>…the mask's drawing…</content> …masked elements…</mask>"))
                    continue
                }
            } else if !spec.contexts.contains(context) {
                report(
                    .error(
                        .misplacedElement, "<\(kind.rawValue)> is not allowed \(place(context, parentKind))", at: element.nameSpan,
                        help: placementHelp(kind)))
                continue
            }
            if kind == .param && parentKind != .scene && parentKind != .component {
                report(
                    .error(
                        .misplacedElement, "<param> must be a direct child of <scene> or <component>", at: element.nameSpan,
                        help: "declare parameters at the top level of the scene or of the component"))
                continue
            }
            if kind == .component && parentKind != .scene {
                report(
                    .error(
                        .misplacedElement, "<component> must be a direct child of <scene>", at: element.nameSpan,
                        help: "declare components at the top level of the file, then place them with <use component=…>"))
                continue
            }
            let checked = node(element, kind: kind, context: context)
            switch kind {
            case .elseif, .else:
                if openIf == nil || previousWasElse {
                    report(.error(.elseWithoutIf, "<\(kind.rawValue)> must follow an <if> or <elseif>", at: element.nameSpan))
                } else {
                    openIf!.alternatives.append(checked)
                    previousWasElse = kind == .else
                }
            case .if:
                flush()
                openIf = (checked, [])
                previousWasElse = false
            default:
                flush()
                nodes.append(checked)
            }
        }
        flush()
        if parentKind == .clip, elements.first.map({ $0.name != ElementKind.shape.rawValue }) ?? true {
            report(
                .error(
                    .clipWithoutShape, "<clip> must start with a <shape> that gives the clip region", at: parent.nameSpan,
                    help: "write <clip><shape><rect …/></shape> …clipped elements…</clip>"))
        }
        if parentKind == .mask, elements.first.map({ $0.name != ElementKind.content.rawValue }) ?? true {
            report(
                .error(
                    .maskWithoutContent, "<mask> must start with a <content> that draws the mask", at: parent.nameSpan,
                    help: "write <mask><content><rect … fill=\"…\"/></content> …masked elements…</mask>"))
        }
        return nodes
    }

    private func place(_ context: BlockContext, _ parent: ElementKind) -> String {
        switch context {
        case .drawing: return "here (inside <\(parent.rawValue)>, a drawing block)"
        case .path: return "inside <\(parent.rawValue)> (a path)"
        case .gradient: return "inside <gradient> (only <stop> and control flow)"
        }
    }

    private func placementHelp(_ kind: ElementKind) -> String {
        switch kind {
        case .move, .line, .curve, .quad, .close: return "<\(kind.rawValue)> is a path command: put it inside <path> or <shape>"
        case .stop: return "<stop> goes inside <gradient>"
        case .group, .layer, .clip, .mask, .gradient, .paint, .path, .translate, .rotate, .scale, .concatenate, .use, .text, .component, .row,
            .column:
            return "<\(kind.rawValue)> draws or sets up drawing: put it in <scene>, <group> or <clip>"
        default: return "see Grammar.md for where <\(kind.rawValue)> may appear"
        }
    }

    private mutating func reportUnknownAttribute(_ attribute: Attribute, on element: Element, spec: ElementSpec, context: BlockContext) {
        if full() { return }
        // A paint attribute (or a foreign name for one: stroke-width) on a shape inside a path.
        let ours = ForeignNames.ours(forAttribute: attribute.name, on: spec.kind) ?? attribute.name
        if context == .path, spec.drawingAttributes.contains(where: { $0.name == ours }) {
            report(
                .error(
                    .paintInsidePath, "'\(attribute.name)' has no effect on <\(element.name)> inside a path", at: attribute.nameSpan,
                    help: "set '\(ours)' on the enclosing <path>; inside it, <\(element.name)> only adds geometry"))
            return
        }
        // A shadow on an element that casts none (<group>, <use>, <paint>): say where it goes.
        if Schema.shadowAttributes.contains(where: { $0.name == attribute.name }) {
            report(
                .error(
                    .unknownAttribute, "<\(element.name)> casts no shadow ('\(attribute.name)')", at: attribute.nameSpan,
                    help: "wrap what should cast it in <layer \(attribute.name)=…> (one shadow of the whole), or put it on each shape"))
            return
        }
        let candidates = spec.allAttributes(in: context).map(\.name)
        // Names from SVG, Core Graphics and Android first: edit distance gets them wrong.
        let help =
            ForeignNames.attributeHelp(attribute.name, on: spec.kind, candidates: candidates)
            ?? Suggestion.didYouMean(attribute.name, among: candidates)
            ?? (candidates.isEmpty
                ? "<\(element.name)> takes no attributes"
                : "<\(element.name)> takes: " + candidates.joined(separator: ", "))
        report(.error(.unknownAttribute, "unknown attribute '\(attribute.name)' on <\(element.name)>", at: attribute.nameSpan, help: help))
    }

    private mutating func checkCombinations(_ kind: ElementKind, element: Element) {
        if kind == .use {
            switch (element.attribute("src"), element.attribute("component")) {
            case (nil, nil):
                report(
                    .error(
                        .missingAttribute, "<use> needs 'src' (a scene file) or 'component' (a <component> of this file)", at: element.nameSpan,
                        help: "for example <use src=\"counter.scene\" x=\"10\" y=\"10\" counter=\"3\"/>"))
            case (_?, let component?):
                report(.error(.conflictingAttributes, "<use> takes 'src' or 'component', not both", at: component.nameSpan))
            default: break
            }
            return
        }
        if kind == .text {
            // maxLines and lineHeight shape the lines of a wrapped text; without a width there is one line.
            for name in ["maxLines", "lineHeight"] where element.attribute("width") == nil {
                guard let attribute = element.attribute(name) else { continue }
                report(
                    .error(
                        .missingAttribute, "'\(name)' on <text> needs 'width': without a width the text is one line", at: attribute.nameSpan,
                        help: "give the width to wrap the text in, such as width=\"120\""))
            }
            return
        }
        guard kind == .for else { return }
        let has = { (name: String) in element.attribute(name) != nil }
        if let variable = element.attribute("var"), let index = element.attribute("index"),
            variable.value.trimmingSpaces == index.value.trimmingSpaces
        {
            report(
                .error(
                    .sameLoopNames, "'index' and 'var' name the same variable", at: index.valueSpan,
                    help: "give the index its own name, such as index=\"k\""))
        }
        if has("in") {
            for name in ["from", "to", "through", "step"] where has(name) {
                report(
                    .error(
                        .conflictingAttributes, "'\(name)' cannot be combined with 'in' on <for>", at: element.attribute(name)!.nameSpan,
                        help: "loop over a list with in=\"…\", or over numbers with from/to or from/through"))
            }
        } else {
            if has("index") {
                report(
                    .error(
                        .conflictingAttributes, "'index' is only available when looping over a list with 'in'",
                        at: element.attribute("index")!.nameSpan))
            }
            if !has("from") {
                report(
                    .error(
                        .missingAttribute, "<for> needs either 'in' (a list) or 'from' with 'to' or 'through'", at: element.nameSpan,
                        help: "for example <for var=\"i\" from=\"0\" to=\"count(points)\"> (to excludes the end, through includes it)"))
            } else if has("to") == has("through") {
                if has("to") {
                    report(.error(.conflictingAttributes, "<for> takes 'to' or 'through', not both", at: element.nameSpan))
                } else {
                    report(
                        .error(
                            .missingAttribute, "<for> needs 'to' (end excluded) or 'through' (end included)",
                            at: element.nameSpan))
                }
            }
        }
    }
}

extension String {
    /// Without leading and trailing spaces (only U+0020: attribute values are already normalized).
    public var trimmingSpaces: String {
        // Nearly every value has no space at either end: return it as it is, without a Substring.
        if utf8.first != UInt8(ascii: " ") && utf8.last != UInt8(ascii: " ") { return self }
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
