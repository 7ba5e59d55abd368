import ResolvedProgram
import SceneSyntax
import SceneVocabulary

/// `<mask>` (Grammar.md section 11): its `<content>` drawn first at opacity 1, then the rest of its
/// body, as the evaluator draws them (Evaluation+Masks.swift), composited by `SceneMasks` (layers and
/// PorterDuff.Mode.SRC_IN; a luminance mask through a ColorMatrixColorFilter).
extension KotlinBodyWriter {
    mutating func mask(_ e: ElementStatement) throws {
        guard case .element(let content)? = e.children.first, content.kind == .content else { return }
        let luminance = e.attributes.word(.mode)?.text == "luminance"
        out.open("run {  // \(lineComment(e.span))")
        let before = fresh("operations"), drawn = fresh("operations")
        out.line("val \(before) = _budget.operations")
        out.line("SceneMasks.beginContent(\(luminance), _canvas)")
        let outer = opacity
        opacity = "1.0"
        try scoped(content.children, .drawing, comment: "  // " + lineComment(content.span))
        opacity = outer
        out.line("val \(drawn) = _budget.operations")
        out.line("SceneMasks.beginMasked(\(luminance), _canvas)")
        try scoped(Array(e.children.dropFirst()), .drawing)
        out.line("SceneMasks.end(_canvas)")
        // One operation when both the content and the masked drawing drew something (Evaluation.mask).
        out.line("if (\(drawn) > \(before) && _budget.operations > \(drawn)) _budget.operation(1, false, \(at(e.span)))")
        out.close()
    }
}
