import SceneEvaluator
import Testing

/// `<row>` and `<column>` (Grammar.md §18, "Rows and columns"). Each test compares a layout with
/// the same children placed by hand, at positions worked out in the test from the rules.
struct RowsAndColumnsTests {
    @Test func aRowPlacesItsChildrenOneAfterAnotherWithSpacingAndAlignment() {
        let laidOut = compile(
            """
            <row x="10" y="5" spacing="4" align="center">
              <rect width="20" height="10" fill="red"/>
              <oval width="30" height="20" fill="blue"/>
              <rect width="6" height="16" fill="green"/>
            </row>
            """)
        // Height 20 (the largest); x: 10, 10 + 20 + 4 = 34, 34 + 30 + 4 = 68; y centered.
        let byHand = compile(
            """
            <group x="10" y="10"><rect width="20" height="10" fill="red"/></group>
            <group x="34" y="5"><oval width="30" height="20" fill="blue"/></group>
            <group x="68" y="7"><rect width="6" height="16" fill="green"/></group>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func aColumnAlignsTrailingAndSpreadsItsChildrenInItsHeight() {
        let laidOut = compile(
            """
            <column x="0" y="0" width="50" height="90" align="trailing" justify="space-between" spacing="99">
              <rect width="20" height="10" fill="red"/>
              <rect width="30" height="20" fill="blue"/>
              <rect width="50" height="30" fill="green"/>
            </column>
            """)
        // The gaps share 90 - 60 = 30 (spacing is not used); right edges at 50.
        let byHand = compile(
            """
            <group x="30" y="0"><rect width="20" height="10" fill="red"/></group>
            <group x="20" y="25"><rect width="30" height="20" fill="blue"/></group>
            <group x="0" y="60"><rect width="50" height="30" fill="green"/></group>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func justifyCenterAndEndPlaceTheChildrenInTheGivenWidth() {
        let centered = compile(
            "<row x=\"0\" y=\"0\" width=\"100\" spacing=\"10\" justify=\"center\"><rect width=\"20\" height=\"5\" fill=\"red\"/><rect width=\"30\" height=\"5\" fill=\"red\"/></row>"
        )
        // Content 20 + 10 + 30 = 60: starts at (100 - 60) / 2 = 20.
        #expect(
            centered
                == compile(
                    "<group x=\"20\"><rect width=\"20\" height=\"5\" fill=\"red\"/></group><group x=\"50\"><rect width=\"30\" height=\"5\" fill=\"red\"/></group>"
                ),
            "\(centered)")
        let atTheEnd = compile(
            "<row x=\"0\" y=\"0\" width=\"100\" spacing=\"10\" justify=\"end\"><rect width=\"20\" height=\"5\" fill=\"red\"/><rect width=\"30\" height=\"5\" fill=\"red\"/></row>"
        )
        #expect(
            atTheEnd
                == compile(
                    "<group x=\"40\"><rect width=\"20\" height=\"5\" fill=\"red\"/></group><group x=\"70\"><rect width=\"30\" height=\"5\" fill=\"red\"/></group>"
                ),
            "\(atTheEnd)")
    }

    @Test func aLoopsChildrenArePlacedInTurnAndNestedLayoutsAreBoxes() {
        let laidOut = compile(
            """
            <row x="0" y="0" spacing="5" align="bottom">
              <for var="h" in="[10, 30]">
                <column align="center" spacing="2">
                  <rect width="10" height="h" fill="red"/>
                  <rect width="16" height="4" fill="blue"/>
                </column>
              </for>
            </row>
            """)
        // Columns 16 wide, 16 and 36 high; the row is 36 high, bottom-aligned.
        let byHand = compile(
            """
            <group y="20"><group x="3"><rect width="10" height="10" fill="red"/></group><group y="12"><rect width="16" height="4" fill="blue"/></group></group>
            <group x="21"><group x="3"><rect width="10" height="30" fill="red"/></group><group y="32"><rect width="16" height="4" fill="blue"/></group></group>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func aRectOfNegativeSizeIsPlacedByItsBox() {
        let laidOut = compile("<row x=\"10\" y=\"10\"><rect width=\"-20\" height=\"-10\" fill=\"red\"/></row>")
        #expect(laidOut == compile("<group x=\"30\" y=\"20\"><rect width=\"-20\" height=\"-10\" fill=\"red\"/></group>"), "\(laidOut)")
    }

    @Test func aComponentTakesItsDeclaredSizeOrItsUsesSize() {
        let laidOut = compile(
            """
            <component name="Dot" width="12" height="8"><rect width="width" height="height" fill="red"/></component>
            <row x="0" y="0" spacing="1"><use component="Dot"/><use component="Dot" width="20" height="4"/><use component="Dot"/></row>
            """)
        let byHand = compile(
            """
            <component name="Dot" width="12" height="8"><rect width="width" height="height" fill="red"/></component>
            <use component="Dot"/><use component="Dot" x="13" width="20" height="4"/><use component="Dot" x="34"/>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func aTextIsItsMeasuredWidthByItsLineBox() {
        // The pill: a label and a 12-point icon against the end of a 168-point row, no arithmetic.
        let laidOut = compile(
            """
            <row x="16" y="10" width="168" height="40" spacing="6" align="center" justify="end">
              <text size="14" weight="bold">Glasses today</text>
              <rect width="12" height="12" fill="red"/>
            </row>
            """, width: 220)
        let byHand = compile(
            """
            <let name="w" value="textWidth('Glasses today', 14, 'DejaVu Sans', 'bold')"/>
            <let name="lineHeight" value="(1901 + 483) / 2048 * 14"/>
            <group x="16 + 168 - 12 - 6 - w" y="10 + (40 - lineHeight) / 2 + 1901 / 2048 * 14"><text size="14" weight="bold">Glasses today</text></group>
            <group x="16 + 168 - 12" y="10 + 14"><rect width="12" height="12" fill="red"/></group>
            """, width: 220)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }

    @Test func childrenWithoutASizeOrWithAPositionAreStaticErrors() {
        let circle = compile("<row><circle cx=\"5\" cy=\"5\" radius=\"5\" fill=\"red\"/></row>")
        #expect(circle.contains("error[E0560]"), "\(circle)")
        let group = compile("<column><if test=\"true\"><group><rect width=\"1\" height=\"1\"/></group></if></column>")
        #expect(group.contains("error[E0560]"), "\(group)")
        // Inside a group inside a row, elements are free again (the group itself is refused).
        #expect(!group.contains("E0561"))
        let positioned = compile("<row><rect x=\"5\" width=\"1\" height=\"1\"/><text align=\"end\">a</text></row>")
        #expect(positioned.components(separatedBy: "error[E0561]").count == 3, "\(positioned)")
        let justify = compile("<row justify=\"end\"><rect width=\"1\" height=\"1\"/></row>")
        #expect(justify.contains("error[E0562]"), "\(justify)")
        #expect(!compile("<row width=\"9\" justify=\"end\"><rect width=\"1\" height=\"1\"/></row>").contains("error"))
    }

    @Test func aNegativeLengthIsAnError() {
        let out = compile("<row width=\"-1\"><rect width=\"1\" height=\"1\"/></row>")
        #expect(out.contains("error[E0507]") && out.contains("must not be negative"), "\(out)")
    }
}
