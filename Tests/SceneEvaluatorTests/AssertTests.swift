import Testing

/// A failed <assert> stops the scene: one error, not the one it was written to prevent.
struct AssertTests {
    @Test func aFailedAssertStopsBeforeTheDivisionItGuards() {
        let out = compile(
            """
            <param name="count" type="int" default="0"/>
            <assert test="count gt 0" message="count must be positive"/>
            <rect width="100 / count" height="1" fill="red"/>
            <for var="i" from="0" to="3"><rect x="10 // count" width="1" height="1" fill="red"/></for>
            """)
        #expect(out == "t.scene:3:15: error[E0505]: count must be positive\n  help: this is an <assert> in the scene\n")
    }

    @Test func anAssertInsideAGradientOrLoopStopsEverything() {
        // No "gradient without stops" after the assert, and the loop does not go on.
        let out = compile(
            """
            <gradient name="g">
              <for var="i" from="0" to="3">
                <assert test="i lt 1" message="one stop only"/>
                <stop offset="i" color="red"/>
              </for>
            </gradient>
            <rect width="1" height="1" fill="linear(g, 0, 0, 1, 1)"/>
            <rect width="1 / 0" height="1" fill="red"/>
            """)
        #expect(
            out == "t.scene:4:19: error[E0505]: one stop only\n  note: t.scene:3:4: in iteration i = 1\n  help: this is an <assert> in the scene\n")
    }

    @Test func aPassingAssertChangesNothing() {
        let out = compile(
            """
            <param name="count" type="int" default="2"/>
            <assert test="count gt 0" message="count must be positive"/>
            <rect width="100 / count" height="1" fill="red"/>
            """)
        #expect(!out.contains("error"))
        #expect(out.contains("fill #ff0000ff path M 0 0 L 50 0"))
    }
}
