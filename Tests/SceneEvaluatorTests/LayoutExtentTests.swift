import SceneEvaluator
import Testing

/// A layout's length where the scene gives none is the children's extent, their sizes plus the
/// spacing (Grammar.md "Rows and columns"): with negative spacing it can be below 0, and that is
/// no error (only a given `width` or `height` must not be negative). Found by the Swift export's
/// proof with random spacing: the evaluator stopped (a force-unwrap of the missing attribute).
struct LayoutExtentTests {
    @Test func negativeSpacingPastTheChildrenIsNoErrorAndANestedRowTakesItsExtent() {
        let laidOut = compile(
            """
            <column x="0" y="0">
              <row spacing="-20"><rect width="5" height="5" fill="red"/><rect width="5" height="5" fill="blue"/></row>
              <rect width="5" height="5" fill="green"/>
            </column>
            """)
        // The row's extent is 5 - 20 + 5 = -10 wide, 5 high: the green rect follows 5 below its top.
        let byHand = compile(
            """
            <rect width="5" height="5" fill="red"/>
            <group x="-15"><rect width="5" height="5" fill="blue"/></group>
            <group y="5"><rect width="5" height="5" fill="green"/></group>
            """)
        #expect(laidOut == byHand, "\(laidOut)\n---\n\(byHand)")
    }
}
