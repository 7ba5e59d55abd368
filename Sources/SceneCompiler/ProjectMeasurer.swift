import SceneEvaluator
import TextMeasurement

/// What the evaluator measures text with: Pango under the pinned fonts (which include every project
/// font this process added), and the families this project may name.
struct ProjectMeasurer: TextMeasuring {
    let families: [String]

    func width(of string: String, family: String, size: Double, weight: Int) -> Double? {
        PangoMeasurer.shared.width(of: string, family: family, size: size, weight: weight)
    }

    func missingCharacters(in string: String, family: String, weight: Int) -> [Unicode.Scalar] {
        PangoMeasurer.shared.missingCharacters(in: string, family: family, weight: weight)
    }
}
