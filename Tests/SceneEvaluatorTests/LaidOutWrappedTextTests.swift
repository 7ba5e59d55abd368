import SceneEvaluator
import Testing

/// A wrapped `<text width=…>` as a child of a layout (Grammar.md §18, "Rows and columns"): its box is
/// its `width` by its block's height, its lines placed within it by its own `align`.
struct LaidOutWrappedTextTests {
    @Test func aWrappedTextIsItsWidthByItsLinesHeight() {
        // "750 ml" at 10 points is about 35 wide: two lines in 30.
        let laidOut = compile(
            """
            <column x="10" y="5" spacing="4" align="center">
              <text size="10" width="30" align="middle">750 ml</text>
              <rect width="40" height="8" fill="red"/>
            </column>
            """)
        #expect(laidOut.components(separatedBy: "text ").count - 1 == 2, "two lines: \(laidOut)")
        // Column 40 wide: the text's box (30 wide) at x 15; its first baseline an ascent below 5; the
        // rect below the two-line block, (ascent + descent) × 10 + 1.2 × 10 tall, and the spacing.
        let byHand = compile(
            """
            <group x="15" y="5 + 1901 / 2048 * 10"><text size="10" width="30" align="middle">750 ml</text></group>
            <group x="10" y="5 + (1901 + 483) / 2048 * 10 + 12 + 4"><rect width="40" height="8" fill="red"/></group>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func aWrappedTextsLineHeightAndMaxLinesMakeItsHeight() {
        let laidOut = compile(
            """
            <row x="0" y="0" align="bottom">
              <text size="10" width="20" lineHeight="15" maxLines="2">one two three four</text>
              <rect width="5" height="60" fill="red"/>
            </row>
            """)
        // Two lines (the second cut with "…"): (ascent + descent) × 10 + 15 tall, at the bottom of 60.
        let byHand = compile(
            """
            <group y="60 - (1901 + 483) / 2048 * 10 - 15 + 1901 / 2048 * 10"><text size="10" width="20" lineHeight="15" maxLines="2">one two three four</text></group>
            <group x="20"><rect width="5" height="60" fill="red"/></group>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func aWrappedTextMayAlignItsLinesButNotPlaceItself() {
        let aligned = compile("<row><text width=\"40\" align=\"end\">a b</text></row>")
        #expect(!aligned.contains("error"), "\(aligned)")
        let placed = compile("<row><text width=\"40\" baseline=\"top\" x=\"3\">a b</text></row>")
        #expect(placed.components(separatedBy: "error[E0561]").count == 3, "\(placed)")
    }

    @Test func aWrappedTextWithNoLinesTakesNoPlace() {
        let laidOut = compile(
            """
            <row x="0" y="0" spacing="10"><text width="40">{' '}</text><rect width="5" height="5" fill="red"/></row>
            """)
        #expect(laidOut == compile("<rect width=\"5\" height=\"5\" fill=\"red\"/>"), "\(laidOut)")
    }
}
