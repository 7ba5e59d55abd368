import DisplayList
import SceneCompiler
import SceneEvaluator
import SceneSource
import Testing

/// The evaluator's side of text measurement: `textWidth` and the missing-glyph warning ask the
/// `TextMeasuring` they are given (a fake here, so these tests say nothing about Pango; the
/// TextMeasurementTests and Tests/render/check_text_width.py do).
struct TextMeasuringTests {
    /// Every character is 0.5 em wide; '☃' and '東' have no glyph.
    struct HalfEm: TextMeasuring {
        var families: [String] { ["DejaVu Sans", "DejaVu Sans Mono", "Brand Sans"] }
        func width(of string: String, family: String, size: Double, weight: Int) -> Double? {
            Double(string.unicodeScalars.count) * size / 2 + (family == "DejaVu Sans Mono" ? 1000 : 0) + (weight == 700 ? 100 : 0)
        }
        func missingCharacters(in string: String, family: String, weight: Int) -> [Unicode.Scalar] {
            var seen: [Unicode.Scalar] = []
            for s in string.unicodeScalars where (s == "☃" || s == "東") && !seen.contains(s) { seen.append(s) }
            return seen
        }
    }

    func evaluate(_ body: String, measurer: (any TextMeasuring)?) -> (dump: String, diagnostics: String) {
        let text = "<scene width=\"100\" height=\"100\">\n\(body)\n</scene>\n"
        let loaded = SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8))
        guard let resolved = loaded.resolvedProgram else { return ("", "not loaded") }
        let (list, diagnostics) = SceneEvaluator.evaluate(resolved, sources: loaded.sources, measurer: measurer)
        // The analysis's errors first (evaluation never repeats them), as the compiler shows them.
        let errors = loaded.staticDiagnostics.filter { $0.severity == .error }
        return (
            list.map { DisplayListDump().render($0) } ?? "",
            DiagnosticRenderer(sources: loaded.sources, style: .short).render(errors + diagnostics)
        )
    }

    @Test func textWidthAsksTheMeasurerWithTheTextAttributes() {
        let out = evaluate(
            "<text>{textWidth('abcd', 10)} {textWidth(12, 10, 'DejaVu Sans Mono')} {textWidth('a', 10, 'DejaVu Sans', 'bold')}</text>",
            measurer: HalfEm())
        #expect(out.diagnostics == "")
        #expect(out.dump.contains("\"20 1010 105\""))
    }

    @Test func familiesAreTheMeasurersOnes() {
        // A project family the measurer lists is accepted; a DejaVu family it does not list is not.
        let out = evaluate("<text font=\"Brand Sans\">{textWidth('ab', 10, 'Brand Sans')}</text>", measurer: HalfEm())
        #expect(out.diagnostics == "")
        #expect(out.dump.contains("text \"10\" at 0 0 anchor=start font=\"Brand Sans\""))
        let wrong = evaluate("<text font=\"Brand Sanz\">x</text><let name=\"w\" value=\"textWidth('a', 10, 'DejaVu Serif')\"/>", measurer: HalfEm())
        #expect(wrong.diagnostics.contains("t.scene:2:13: error[E0529]: there is no font family 'Brand Sanz'"))
        #expect(wrong.diagnostics.contains("did you mean 'Brand Sans'?"))
        #expect(wrong.diagnostics.contains("t.scene:2:73: error[E0529]: there is no font family 'DejaVu Serif'"))
    }

    @Test func withoutAMeasurerTextWidthIsALocatedError() {
        let out = evaluate("<let name=\"w\" value=\"textWidth('a', 10)\"/>", measurer: nil)
        #expect(out.diagnostics.contains("t.scene:2:22: error[E0530]: textWidth() is not available here"))
    }

    @Test func missingGlyphsAreAWarningThatNamesThemOnce() {
        let out = evaluate("<text x=\"1\">snow ☃ ☃ {'東'}</text>", measurer: HalfEm())
        #expect(out.dump.contains("text \"snow ☃ ☃ 東\""))
        #expect(
            out.diagnostics.contains(
                "t.scene:2:13: warning[W0516]: no pinned font has these 2 characters, drawn as boxes: '☃' (\\u{2603}), '東' (\\u{6771})"))
        #expect(evaluate("<text>snow</text>", measurer: HalfEm()).diagnostics == "")
    }

    @Test func invisibleCharactersAreNamedByTheirCodeOnly() {
        #expect(Evaluation_describe("\u{9B}") == "\\u{9B}")
        #expect(Evaluation_describe("東") == "'東' (\\u{6771})")
    }
}

/// The evaluator's naming of a character (internal; reached through the warning's text).
private func Evaluation_describe(_ scalar: Unicode.Scalar) -> String {
    struct Only: TextMeasuring {
        let scalar: Unicode.Scalar
        var families: [String] { ["DejaVu Sans"] }
        func width(of string: String, family: String, size: Double, weight: Int) -> Double? { 0 }
        func missingCharacters(in string: String, family: String, weight: Int) -> [Unicode.Scalar] { [scalar] }
    }
    let text = "<scene width=\"10\" height=\"10\"><text>x</text></scene>"
    let loaded = SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8))
    guard let resolved = loaded.resolvedProgram else { return "" }
    let message =
        SceneEvaluator.evaluate(resolved, sources: loaded.sources, measurer: Only(scalar: scalar))
        .diagnostics.first?.message ?? ""
    return String(message.split(separator: ": ", maxSplits: 1).last ?? "")
}
