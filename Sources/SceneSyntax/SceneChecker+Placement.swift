import SceneSource
import SceneVocabulary

/// Where an element may stand: the rules of a block (a drawing, a path, a gradient) about its
/// children, checked at each child's start tag and, for the first child, at the block's end.
extension SceneChecker {
    /// The kind of the element `tag`, the child at `position` of the open element `parent` (whose
    /// children are checked in `context`), when it may stand there; nil when it may not (reported:
    /// it is then not checked further).
    func placedKind(of tag: LocatedStartTag, at position: Int, in parent: Int, context: BlockContext) -> ElementKind? {
        let parentKind = frames[parent].kind
        guard let kind = ElementKind(rawValue: tag.name) else {
            frames[parent].flush()
            if full() { return nil }
            let candidates = Schema.names(in: context)
            report(
                .error(
                    .unknownElement, "unknown element <\(tag.name)>", at: tag.nameSpan,
                    help: ForeignNames.elementHelp(tag.name)
                        ?? Suggestion.didYouMean(tag.name, among: candidates)
                        ?? Suggestion.didYouMean(tag.name, among: ElementKind.allCases.map(\.rawValue))
                        ?? "elements allowed here: " + candidates.joined(separator: ", ")))
            return nil
        }
        let spec = Schema.spec(kind)
        if kind == .scene {
            report(.error(.misplacedElement, "<scene> can only be the root element", at: tag.nameSpan))
            return nil
        }
        if kind == .shape {
            if parentKind != .clip || position != 0 {
                report(
                    .error(
                        .misplacedElement, "<shape> must be the first child of a <clip>", at: tag.nameSpan,
                        help: "write <clip><shape>…</shape> …clipped elements…</clip>"))
                return nil
            }
        } else if kind == .content {
            if parentKind != .mask || position != 0 {
                report(
                    .error(
                        .misplacedElement, "<content> must be the first child of a <mask>", at: tag.nameSpan,
                        help: "write <mask><content>…the mask's drawing…</content> …masked elements…</mask>"))
                return nil
            }
        } else if !spec.contexts.contains(context) {
            report(
                .error(
                    .misplacedElement, "<\(kind.rawValue)> is not allowed \(place(context, parentKind))", at: tag.nameSpan,
                    help: placementHelp(kind)))
            return nil
        }
        if kind == .param && parentKind != .scene && parentKind != .component {
            report(
                .error(
                    .misplacedElement, "<param> must be a direct child of <scene> or <component>", at: tag.nameSpan,
                    help: "declare parameters at the top level of the scene or of the component"))
            return nil
        }
        if kind == .component && parentKind != .scene {
            report(
                .error(
                    .misplacedElement, "<component> must be a direct child of <scene>", at: tag.nameSpan,
                    help: "declare components at the top level of the file, then place them with <use component=…>"))
            return nil
        }
        return kind
    }

    /// A `<clip>` starts with its `<shape>`, a `<mask>` with its `<content>`: checked once all of
    /// the block's children are known.
    func checkFirstChild(of frame: Frame) {
        if frame.kind == .clip, frame.firstChild.map({ $0.name != ElementKind.shape.rawValue }) ?? true {
            report(
                .error(
                    .clipWithoutShape, "<clip> must start with a <shape> that gives the clip region", at: frame.nameSpan,
                    help: "write <clip><shape><rect …/></shape> …clipped elements…</clip>"))
        }
        if frame.kind == .mask, frame.firstChild.map({ $0.name != ElementKind.content.rawValue }) ?? true {
            report(
                .error(
                    .maskWithoutContent, "<mask> must start with a <content> that draws the mask", at: frame.nameSpan,
                    help: "write <mask><content><rect … fill=\"…\"/></content> …masked elements…</mask>"))
        }
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
}
