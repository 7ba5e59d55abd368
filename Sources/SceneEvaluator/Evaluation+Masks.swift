import DisplayList
import ResolvedProgram
import SceneSource

/// Masks (Grammar.md §11, "Masks").
extension Evaluation {
    /// `<mask mode>`: its `<content>` drawn as an image of its own, the rest of its body drawn as one
    /// image and shown where the content's alpha (or luminance) says. The content starts afresh at
    /// opacity 1, as a separate image (Core Graphics' mask image) does: the opacity of enclosing
    /// groups fades the masked drawing, not the mask. A mask whose content or body draws nothing
    /// shows nothing, and produces no operation.
    func mask(_ node: ElementStatement, opacity: Double) -> [DisplayItem] {
        guard case .element(let contentNode)? = node.children.first, contentNode.kind == .content else { return [] }
        let mode = MaskMode(rawValue: node.word(.mode)?.text ?? MaskMode.alpha.rawValue) ?? .alpha
        let content = drawingBlock(contentNode.children, opacity: 1)
        let items = drawingBlock(Array(node.children.dropFirst()), opacity: opacity)
        guard !content.isEmpty, !items.isEmpty, countOperation(at: node.span) else { return [] }
        return [.mask(Mask(mode: mode, content: content, items: items, source: node.span, origin: origin))]
    }
}
