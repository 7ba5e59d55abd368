import SceneEvaluator
import Testing

/// `<row align="baseline">` (Grammar.md §18, "Rows and columns", Baselines): a text's baseline is its
/// first line's, anything else's its bottom; the common baseline is the lowest of them.
struct RowBaselineTests {
    @Test func textsOfTwoSizesAndARectSitOnOneBaseline() {
        let laidOut = compile(
            """
            <row x="10" y="5" spacing="4" align="baseline">
              <text size="20">Ab</text>
              <text size="10">cd</text>
              <rect width="6" height="8" fill="red"/>
            </row>
            """)
        // The 20-point text's ascent (18.56) is the lowest baseline: it touches the top; the rect's bottom is on it.
        let byHand = compile(
            """
            <let name="a" value="1901 / 2048"/>
            <let name="w1" value="textWidth('Ab', 20)"/>
            <let name="w2" value="textWidth('cd', 10)"/>
            <group x="10" y="5 + a * 20"><text size="20">Ab</text></group>
            <group x="10 + w1 + 4" y="5 + a * 20"><text size="10">cd</text></group>
            <group x="10 + w1 + 4 + w2 + 4" y="5 + a * 20 - 8"><rect width="6" height="8" fill="red"/></group>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func theRowIsAsTallAsItsChildrenHangBelowItsTop() {
        // The 30-point rect's bottom is the baseline: the text hangs from 30 − ascent to 30 + descent.
        let laidOut = compile(
            """
            <column x="0" y="0" spacing="2">
              <row align="baseline">
                <text size="20">Ab</text>
                <rect width="6" height="30" fill="red"/>
              </row>
              <rect width="5" height="5" fill="blue"/>
            </column>
            """)
        let byHand = compile(
            """
            <let name="w1" value="textWidth('Ab', 20)"/>
            <group y="30"><text size="20">Ab</text></group>
            <group x="w1"><rect width="6" height="30" fill="red"/></group>
            <group y="30 + 483 / 2048 * 20 + 2"><rect width="5" height="5" fill="blue"/></group>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func aWrappedTextSitsOnItsFirstLinesBaseline() {
        let laidOut = compile(
            """
            <row x="0" y="0" align="baseline">
              <text size="10" width="20">one two three</text>
              <text size="20">Ab</text>
            </row>
            """)
        let byHand = compile(
            """
            <let name="a" value="1901 / 2048"/>
            <group y="a * 20"><text size="10" width="20">one two three</text></group>
            <group x="20" y="a * 20"><text size="20">Ab</text></group>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func onlyARowAlignsOnBaselines() {
        let column = compile("<column align=\"baseline\"><rect width=\"1\" height=\"1\"/></column>")
        #expect(column.contains("error"), "\(column)")
    }
}
