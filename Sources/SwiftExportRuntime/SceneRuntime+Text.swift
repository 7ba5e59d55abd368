import Foundation
#if canImport(CoreText)
    import CoreText
#endif

// Text: measured and drawn with Core Text on Apple platforms, in the scene's font family. Where
// there is no Core Text (Linux), whoever runs the code supplies the measurement through
// `SceneTextMeasurement.measure` (scenec's recorder sets it to Pango's, through TextMeasurement,
// so results match `scenec dump`); while it is unset, `textWidth` returns an error (E0530).
enum SceneText {
    static func width(of text: String, family: String, size: Double, weight: Int) -> Double? {
        #if canImport(CoreText)
            return Double(CTLineGetTypographicBounds(line(text, family: family, size: size, weight: weight), nil, nil, nil))
        #else
            return SceneTextMeasurement.measure?(text, family, size, weight)
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

#if !canImport(CoreText)
    /// How text is measured where there is no Core Text: `(text, family, size in points, CSS weight)`
    /// to the advance width in points, or nil when it cannot be measured. Set it once before drawing
    /// (scenec's tests set Pango's measure, the one `scenec` uses).
    public enum SceneTextMeasurement {
        public typealias Measure = @Sendable (_ text: String, _ family: String, _ size: Double, _ weight: Int) -> Double?

        public static var measure: Measure? {
            get { storage.lock.lock(); defer { storage.lock.unlock() }; return storage.measure }
            set { storage.lock.lock(); defer { storage.lock.unlock() }; storage.measure = newValue }
        }

        /// The hook behind a lock, so that setting it is safe from any thread.
        private final class Storage: @unchecked Sendable {
            let lock = NSLock()
            var measure: Measure?
        }
        private static let storage = Storage()
    }
#endif

extension SceneRuntime {
    /// Ascent and descent of the pinned DejaVu families, as fractions of the font size (the
    /// evaluator's, Evaluation+Text.swift): where `baseline="top"`, `"middle"` and `"bottom"` put it.
    public static let fontAscent = 1901.0 / 2048.0
    public static let fontDescent = 483.0 / 2048.0

    /// A `{value}` of a `<text>`, as the evaluator shows it.
    public static func showable(_ v: Value, at site: String) throws -> String {
        guard let text = text(of: v) else {
            throw fail("E0803", "\(article(v.typeName)) cannot be shown as text", site, help: "interpolate numbers, strings, bools or colors")
        }
        return text
    }

    /// The whole text of a `<text>`: at most `maxStringLength` bytes.
    public static func textContent(_ pieces: [String], at site: String) throws -> String {
        let text = pieces.joined()
        guard text.utf8.count <= maxStringLength else {
            throw fail("E0609", "the text is longer than the limit of \(maxStringLength) bytes", site)
        }
        return text
    }

    /// `size` of a `<text>`: above 0, at most 10000 points.
    public static func fontSize(_ size: Double, at site: String) throws -> Double {
        guard size > 0, size.isFinite, size <= 10_000 else {
            throw fail("E0507", "'size' must be a positive number of points up to 10000, not \(readable(size))", site)
        }
        return size
    }

    /// `fill` of a `<text>`: a color.
    public static func textColor(_ v: Value, at site: String) throws -> Color {
        guard case .color(let c) = v else { throw fail("E0408", "a text's fill must be a color, not \(article(v.typeName))", site) }
        return c
    }

    /// A font family the scene names that there is not.
    public static func unknownFont(_ family: String, at site: String) throws {
        throw fail(
            "E0529", "there is no font family '\(family)'", site,
            help: "the families are 'DejaVu Sans', 'DejaVu Sans Condensed', 'DejaVu Sans Mono', 'DejaVu Serif', 'DejaVu Serif Condensed'")
    }
}

extension SceneRuntime {
    /// How a `<text width=…>` wraps, checked as the evaluator checks it (Evaluation+WrappedText.swift).
    public struct TextWrap {
        public let width: Double, maxLines: Int?, lineHeight: Double
    }

    /// `width`, `lineHeight` (nil: 1.2 × size) and `maxLines` (nil: none) of a wrapped `<text>`.
    public static func textWrap(width: Double, lineHeight: Double?, maxLines: Value?, size: Double, at site: String) throws -> TextWrap {
        guard width > 0 else { throw fail("E0555", "a text's width must be above 0 points, not \(readable(width))", site) }
        let lineHeight = lineHeight ?? 1.2 * size
        guard lineHeight > 0 else { throw fail("E0557", "'lineHeight' must be above 0 points, not \(readable(lineHeight))", site) }
        guard let maxLines else { return TextWrap(width: width, maxLines: nil, lineHeight: lineHeight) }
        guard case .int(let n) = maxLines else { throw fail("E0408", "'maxLines' must be an int, not \(article(maxLines.typeName))", site) }
        guard n >= 1 else { throw fail("E0556", "'maxLines' must be at least 1, not \(n)", site) }
        return TextWrap(width: width, maxLines: n, lineHeight: lineHeight)
    }

    /// The lines of a wrapped `<text>` (Grammar.md section 19, "Wrapped text"), measured by
    /// Core Text (elsewhere `SceneTextMeasurement.measure`): the evaluator's steps (TextWrapping.swift),
    /// greedy at spaces, a line feed ending a line, "…" ending line `maxLines` when the text goes on.
    public static func wrappedLines(
        _ text: String, _ wrap: TextWrap, family: String, size: Double, weight: Int,
        at site: String
    ) throws -> [String] {
        guard text.unicodeScalars.count <= 1_000 else {
            throw fail("E0617", "a wrapped text has at most 1000 characters, not \(text.unicodeScalars.count)", site)
        }
        func measure(_ line: String) throws -> Double {
            guard let w = SceneText.width(of: line, family: family, size: size, weight: weight) else {
                throw fail("E0530", "nothing measures text here, so it cannot be wrapped", site)
            }
            return w
        }
        let ellipsis = "\u{2026}"
        func truncated(_ lines: [String]) throws -> [String] {
            var lines = lines
            let last = lines.removeLast()
            if try measure(last + ellipsis) <= wrap.width { return lines + [last + ellipsis] }
            let scalars = Array(last.unicodeScalars)
            var fitting = ""
            for end in scalars.indices {
                var prefix = String.UnicodeScalarView(scalars[0...end])
                while prefix.last == " " { prefix.removeLast() }
                if try measure(String(prefix) + ellipsis) > wrap.width { break }
                fitting = String(prefix)
            }
            return lines + [fitting + ellipsis]
        }
        let paragraphs = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: " ").map { String(String.UnicodeScalarView($0)) } }
        guard paragraphs.contains(where: { !$0.isEmpty }) else { return [] }
        var lines: [String] = []
        for (p, words) in paragraphs.enumerated() {
            var line = ""
            for (w, word) in words.enumerated() {
                if w == 0 { line = word; continue }
                if try measure(line + " " + word) <= wrap.width { line += " " + word; continue }
                lines.append(line)
                if lines.count == wrap.maxLines { return try truncated(lines) }
                line = word
            }
            lines.append(line)
            if lines.count == wrap.maxLines, p < paragraphs.count - 1 { return try truncated(lines) }
        }
        return lines
    }
}
