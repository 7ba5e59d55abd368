import DisplayList
import SceneVocabulary

/// The CSS named colors (`PredefinedNames.cssColors`) as the evaluator's colors.
enum CSSColors {
    static let table: [String: Color] = Dictionary(
        uniqueKeysWithValues: PredefinedNames.cssColors.map {
            ($0.name, Color.rgb255(Double($0.red), Double($0.green), Double($0.blue), alpha: $0.alpha))
        })

    static var names: [String] { PredefinedNames.colorNames }
}
