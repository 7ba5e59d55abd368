import SceneEvaluator
import Testing

/// `<text width=…>` in the evaluator: the lines TextWrapping breaks, measured by the measurer that
/// `textWidth` asks (TextMeasuringTests.HalfEm: every character 0.5 em), placed as Grammar.md
/// section 19 ("Wrapped text") says.
struct WrappedTextTests {
    let tests = TextMeasuringTests()

    func evaluate(_ body: String) -> (dump: String, diagnostics: String) {
        tests.evaluate(body, measurer: TextMeasuringTests.HalfEm())
    }

    @Test func eachLineIsATextRunPlacedWithinTheWidthAndTheBlockHangsByItsBaseline() {
        // 5 points a character: "aaaa bbbb" is 45 wide, "aaaa bbbb cc" 60 > 50.
        let out = evaluate(#"<text x="10" y="20" width="50" size="10" align="middle" baseline="bottom" lineHeight="12">aaaa bbbb cc</text>"#)
        #expect(out.diagnostics == "")
        // bottom: the last line's descent (0.2358 × 10) above y = 20, the first line 12 higher.
        #expect(out.dump.contains(#"text "aaaa bbbb" at 35 5.6416 anchor=middle"#), "\(out.dump)")
        #expect(out.dump.contains(#"text "cc" at 35 17.6416 anchor=middle"#), "\(out.dump)")
    }

    @Test func startAlignedTopLinesStartAtXAndTheDefaultLineHeightIs1Point2TimesTheSize() {
        let out = evaluate(#"<text x="10" y="20" width="50" size="10" baseline="top" maxLines="2">aaaa bbbb cc dddd eeee ffff</text>"#)
        #expect(out.diagnostics == "")
        #expect(out.dump.contains(#"text "aaaa bbbb" at 10 29.2822 anchor=start"#), "\(out.dump)")
        // Line 2 with the ellipsis: "cc dddd…" is 8 characters, 40 ≤ 50.
        #expect(out.dump.contains(#"text "cc dddd…" at 10 41.2822 anchor=start"#), "\(out.dump)")
        #expect(!out.dump.contains("eeee"))
    }

    @Test func endAlignedLinesEndAtTheRightEdgeAndMiddleCentresTheBlock() {
        let out = evaluate(#"<text x="10" y="50" width="50" size="10" align="end" baseline="middle" lineHeight="10">aaaa bbbb cc</text>"#)
        // middle: one line's middle at y + (0.9282 − 0.2358) / 2 × 10 = 53.4619, the block of two 5 higher.
        #expect(out.dump.contains(#"text "aaaa bbbb" at 60 48.4619 anchor=end"#), "\(out.dump)")
        #expect(out.dump.contains(#"text "cc" at 60 58.4619 anchor=end"#), "\(out.dump)")
    }

    @Test func aTextThatFitsOnOneLineDrawsAsWithoutWidth() {
        let wrapped = evaluate(#"<text x="10" y="20" width="500" size="10" baseline="top">aaaa bbbb</text>"#)
        let plain = evaluate(#"<text x="10" y="20" size="10" baseline="top">aaaa bbbb</text>"#)
        #expect(wrapped.dump == plain.dump)
    }

    @Test func wrongWrappingAttributesAreErrorsWithTheirCodes() {
        #expect(evaluate(#"<text width="0">a b</text>"#).diagnostics.contains("E0555"))
        #expect(evaluate(#"<text width="10" maxLines="0">a b</text>"#).diagnostics.contains("E0556"))
        #expect(evaluate(#"<text width="10" maxLines="1.5">a b</text>"#).diagnostics.contains("E0408"))
        #expect(evaluate(#"<text width="10" lineHeight="-2">a b</text>"#).diagnostics.contains("E0557"))
        // maxLines or lineHeight without width: the checker's E0303 (error-text-wrap-without-width.scene).
    }

    @Test func withoutAMeasurerAWrappedTextIsAnErrorNotOneLine() {
        let out = tests.evaluate(#"<text width="10">a b</text>"#, measurer: nil)
        #expect(out.diagnostics.contains("E0530"))
        #expect(!out.dump.contains("text \""))
    }
}
