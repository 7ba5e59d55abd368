import ResolvedProgram
import SceneSyntax

/// `<mask>` as Swift (Grammar.md §11, "Masks"): the content drawn at opacity 1 as an image of its
/// own, the body as another, shown where the content is opaque (alpha) or bright (luminance).
/// - alpha: a transparency layer holding the content, then, with the `.sourceIn` blend mode, a
///   transparency layer holding the body: source-in keeps the body where the layer under it
///   (the content) is opaque, by its alpha; exact, at the context's resolution.
/// - luminance: Core Graphics turns no color into coverage by blending, so the content is drawn
///   into a gray bitmap without alpha (`R.LuminanceMask`), and the body, in a transparency layer,
///   is clipped to that image with `clip(to:mask:)`.
extension SwiftBodyWriter {
    mutating func mask(_ e: ElementStatement) throws {
        guard case .element(let content)? = e.children.first, content.kind == .content else { return }
        let luminance = e.attributes.word(.mode)?.text == "luminance"
        out.open("do {  // \(lineComment(e.span))")
        let before = fresh("operations"), drawn = fresh("contentOperations"), bitmap = fresh("mask")
        let outer = opacity
        if luminance {
            out.line("// The content into a gray bitmap; the body, in a layer, shows as bright as the bitmap is.")
            out.line("let \(bitmap) = R.LuminanceMask(over: _context)")
        } else {
            out.line("// The content in a layer; the body in a layer over it, kept by source-in where the content is opaque.")
            out.line("_context?.beginTransparencyLayer(auxiliaryInfo: nil)")
            out.line("defer { _context?.endTransparencyLayer() }")
        }
        out.line("let \(before) = _budget.operations")
        // The content starts afresh at opacity 1: enclosing groups fade the body, not the mask.
        opacity = "1.0"
        out.open("do {  // \(lineComment(content.span))")
        let shadowing = "let _context = \(bitmap).context"
        if luminance { out.line(shadowing) }
        try block(content.children, .drawing)
        // A content that draws nothing (only <let>s) does not use the bitmap's context.
        if luminance, out.text.components(separatedBy: shadowing).last?.contains("_context") == false {
            out.replaceLast(shadowing, with: "_ = \(bitmap).context")
        }
        out.close()
        opacity = outer
        out.line("let \(drawn) = _budget.operations")
        if luminance {
            out.line("_context?.saveGState()")
            out.line("defer { _context?.restoreGState() }")
            out.line("\(bitmap).clip(_context)")
        } else {
            out.line("_context?.setBlendMode(.sourceIn)")
        }
        out.line("_context?.beginTransparencyLayer(auxiliaryInfo: nil)")
        out.line("defer { _context?.endTransparencyLayer() }")
        try block(Array(e.children.dropFirst()), .drawing)
        // One operation when both the content and the body draw something (Evaluation+Masks.swift).
        out.line("if \(drawn) > \(before) && _budget.operations > \(drawn) { try _budget.operation(at: \(at(e.span))) }")
        out.close()
    }
}
