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

    /// The box of a wrapped `<text>` in a layout: the wrap width by the block's height
    /// (TextWrapping.blockHeight: one line box plus `lineHeight` for each further line, empty
    /// ones included); its top is the ascent above the first baseline, drawn at y = 0. Nil when
    /// the text has no lines: it takes no slot (Evaluation+Layout.swift).
    public static func wrappedTextBox(
        _ text: String, _ wrap: TextWrap, family: String, size: Double, weight: Int, at site: String
    ) throws -> (minY: Double, width: Double, height: Double)? {
        let lines = try wrappedLines(text, wrap, family: family, size: size, weight: weight, at: site)
        guard !lines.isEmpty else { return nil }
        let height = (fontAscent + fontDescent) * size + Double(lines.count - 1) * wrap.lineHeight
        return (-fontAscent * size, wrap.width, height)
    }
}
