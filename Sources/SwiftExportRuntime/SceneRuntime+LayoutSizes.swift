import Foundation

// `<row>` and `<column>` (Grammar.md "Rows and columns"): the sizes a layout places its children
// by, checked as the evaluator checks them (Evaluation+Layout.swift). The placing itself, which
// draws, is `SceneRuntime.Layout` (SceneRuntime+Layout.swift).
extension SceneRuntime {
    /// A given `width` or `height` of a `<row>` or `<column>`: 0 or more.
    public static func layoutLength(_ n: Double, _ attribute: String, of kind: String, at site: String) throws -> Double {
        guard n >= 0 else {
            throw fail(
                "E0507", "'\(attribute)' of a <\(kind)> must not be negative, not \(readable(n))", site,
                help: "give the length the children are placed in, 0 or more")
        }
        return n
    }

    /// The box of one line of text in a layout: the width the text measures (the measurement
    /// `textWidth` uses) by its line box, ascent plus descent; its top is the ascent above the
    /// baseline, which is drawn at y = 0.
    public static func textLineBox(
        _ line: String, family: String, size: Double, weight: Int, at site: String
    ) throws -> (minY: Double, width: Double, height: Double) {
        guard let width = SceneText.width(of: line, family: family, size: size, weight: weight) else {
            throw fail(
                "E0530", "a <text> in a layout must be measured, and nothing measures text here", site,
                help: "set SceneTextMeasurement.measure before drawing, or give the row a known size with a <rect> or <use>")
        }
        return (-fontAscent * size, width, (fontAscent + fontDescent) * size)
    }
}
