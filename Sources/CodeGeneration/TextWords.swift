import ResolvedProgram
import SceneSyntax
import SceneVocabulary

/// The words of a `<text>` that the generated code takes as they are written: the font family
/// (and whether it is one of the pinned fonts), the weight, the alignment and the baseline.
public struct TextWords {
    /// `font`, by default DejaVu Sans.
    public let family: String
    /// The `font` word when it names no pinned font: the generated code reports it (as the
    /// evaluator does) when the text it draws is not empty.
    public let unknownFamily: ProgramWord?
    /// `weight` as a number: normal 400, bold 700.
    public let weight: Int
    /// `align`: start, middle or end.
    public let anchor: String
    /// `baseline`: alphabetic, top, middle or bottom.
    public let baseline: String

    public init(_ e: ElementStatement) {
        let font = e.attributes.word(.font)
        family = font?.text ?? "DejaVu Sans"
        unknownFamily = font.flatMap { Schema.fontFamilies.contains($0.text) ? nil : $0 }
        let weightWord = e.attributes.word(.weight)?.text ?? "normal"
        weight = weightWord == "normal" ? 400 : weightWord == "bold" ? 700 : Int(weightWord) ?? 400
        anchor = e.attributes.word(.align)?.text ?? "start"
        baseline = e.attributes.word(.baseline)?.text ?? "alphabetic"
    }

    /// The baseline's y for a text whose `y` is `y`: moved by the font's ascent or descent
    /// (`ascent`, `descent`: their fractions of the size as the language writes them) times `size`.
    public func baselineY(_ y: String, size: String, ascent: String, descent: String) -> String {
        switch baseline {
        case "top": "\(y) + \(ascent) * \(size)"
        case "bottom": "\(y) - \(descent) * \(size)"
        case "middle": "\(y) + (\(ascent) - \(descent)) / 2 * \(size)"
        default: y
        }
    }
}
