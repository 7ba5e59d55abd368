import SceneSource
import SceneVocabulary

/// An element's start tag checked: its attributes against the schema (expressions parsed, words
/// and names checked), the ones it needs, the combinations it refuses, and its place in a layout.
extension SceneChecker {
    /// Checks the start tag of an element of `kind` standing in `context`, and opens it: its
    /// children are checked next, in the context it gives them.
    func open(_ tag: LocatedStartTag, kind: ElementKind, context: BlockContext) {
        let spec = Schema.spec(kind)
        var expressions = AttributeTable<Expr>()
        var words = AttributeTable<Word>()
        var arguments: [Argument] = []
        for attribute in tag.attributes {
            guard let attributeSpec = spec.attribute(attribute.name, in: context) else {
                if spec.acceptsArguments {
                    // Any other attribute of a <use> passes a value to the component's parameter.
                    switch ExpressionParser.parse(attribute) {
                    case .success(let expr): arguments.append(Argument(name: attribute.name, nameSpan: attribute.nameSpan, value: expr))
                    case .failure(let diagnostic): report(diagnostic)
                    }
                } else {
                    reportUnknownAttribute(attribute, on: tag, spec: spec, context: context)
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
        for required in spec.attributes where required.required && tag.attribute(required.name) == nil {
            report(.error(.missingAttribute, "<\(kind.rawValue)> needs a '\(required.name)' attribute", at: tag.nameSpan))
        }
        checkCombinations(kind, tag: tag)
        if let layoutParent { LayoutChecking.childProblems(tag, kind: kind, in: layoutParent).forEach { report($0) } }
        if kind == .row || kind == .column { LayoutChecking.layoutProblems(tag, kind: kind).forEach { report($0) } }

        let childContext: BlockContext?
        switch kind {
        case .if, .elseif, .else, .for: childContext = context
        default: childContext = spec.childContext
        }
        let enclosingLayout = layoutParent
        if childContext != nil {
            if kind == .row || kind == .column { layoutParent = kind } else if !LayoutChecking.control.contains(kind) { layoutParent = nil }
        }
        frames.append(
            Frame(
                kind: kind, nameSpan: tag.nameSpan, context: context, expressions: expressions, words: words, arguments: arguments,
                childContext: childContext, enclosingLayout: enclosingLayout))
    }

    private func reportUnknownAttribute(_ attribute: Attribute, on element: LocatedStartTag, spec: ElementSpec, context: BlockContext) {
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

    private func checkCombinations(_ kind: ElementKind, tag element: LocatedStartTag) {
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
