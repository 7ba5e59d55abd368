import Foundation
#if canImport(CoreText)
import CoreText
#endif

// Text: measured and drawn with Core Text on Apple platforms, in the scene's font family. Where
// there is no Core Text (Linux), the recorder that proves generated code (Tests/CoreGraphicsRecorder,
// compiled with -D SCENEC_RECORDER) measures with scenec's own TextMeasurement, so results match
// `scenec dump`; anywhere else text cannot be measured and `textWidth` returns an error.
enum SceneText {
    static func width(of text: String, family: String, size: Double, weight: Int) -> Double? {
        #if canImport(CoreText)
        return Double(CTLineGetTypographicBounds(line(text, family: family, size: size, weight: weight), nil, nil, nil))
        #elseif SCENEC_RECORDER
        return recorderTextWidth(text, family: family, size: size, weight: weight)
        #else
        return nil
        #endif
    }

    #if canImport(CoreText)
    /// CSS weights as Core Text's weight trait (NSFont.Weight's values).
    static func weightTrait(_ weight: Int) -> Double {
        let table: [Int: Double] = [100: -0.8, 200: -0.6, 300: -0.4, 400: 0, 500: 0.23, 600: 0.3, 700: 0.4, 800: 0.56, 900: 0.62]
        return table[weight] ?? 0
    }

    static func line(_ text: String, family: String, size: Double, weight: Int) -> CTLine {
        let traits = [kCTFontWeightTrait as String: weightTrait(weight)]
        let descriptor = CTFontDescriptorCreateWithAttributes(
            [kCTFontFamilyNameAttribute as String: family, kCTFontTraitsAttribute as String: traits] as CFDictionary)
        let font = CTFontCreateWithFontDescriptor(descriptor, CGFloat(size), nil)
        let attributes = [kCTFontAttributeName as String: font, kCTForegroundColorFromContextAttributeName as String: true] as CFDictionary
        return CTLineCreateWithAttributedString(CFAttributedStringCreate(nil, text as CFString, attributes)!)
    }
    #endif
}
