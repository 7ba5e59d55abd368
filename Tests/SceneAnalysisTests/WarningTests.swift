import Testing

/// The warnings of Grammar.md section 15 (W02xx): likely mistakes, never errors.
struct WarningTests {
    @Test func unusedLetGradientAndParameter() throws {
        let body = """
            <param name="unused" type="int" default="1"/>
            <param name="_spare" type="int" default="1"/>
            <let name="x" value="2"/>
            <let name="_kept" value="2"/>
            <gradient name="g"><stop offset="0" color="red"/></gradient>
            <rect width="1" height="1" fill="red"/>
            """
        let out = staticCheck(body)
        #expect(out.contains("t.scene:2:14: warning[W0203]: parameter 'unused' is never used"))
        #expect(out.contains("t.scene:4:12: warning[W0201]: 'x' is never used"))
        #expect(out.contains("t.scene:6:17: warning[W0202]: gradient 'g' is never used"))
        #expect(!out.contains("_spare") && !out.contains("_kept"), "a name starting with '_' is unused on purpose")
        // Warnings do not make the scene fail.
        #expect(try compiled(body).hasSuffix("compiled"))
    }

    @Test func componentParametersToo() {
        let out = staticCheck(
            """
            <component name="c" width="10" height="10">
              <param name="size" type="number" default="1"/>
              <rect width="1" height="1" fill="red"/>
            </component>
            <use component="c"/>
            """)
        #expect(out.contains("warning[W0203]: parameter 'size' is never used"))
    }

    @Test func letInALoopShadowingAnOuterName() {
        let out = staticCheck(
            """
            <let name="acc" value="0"/>
            <for var="v" in="[1, 2, 3]">
              <let name="acc" value="acc + v"/>
              <rect x="acc" width="1" height="1" fill="red"/>
            </for>
            """)
        #expect(out.contains("t.scene:4:14: warning[W0204]: this <let> makes a new 'acc' in every iteration"))
        #expect(out.contains("runningSum(list)"))
        #expect(out.contains("note: t.scene:2:12: the outer 'acc' is declared here"))
        // A let in a loop with a name of its own is fine, and so is shadowing outside loops.
        #expect(
            staticCheck(
                """
                <let name="a" value="1"/>
                <group><let name="a" value="2"/><rect x="a" width="1" height="1" fill="red"/></group>
                <for var="v" in="[1]"><let name="b" value="v + a"/><rect x="b" width="1" height="1" fill="red"/></for>
                """) == "")
    }

    @Test func rgbWithFractions() {
        let out = staticCheck(#"<rect width="1" height="1" fill="rgb(0.2, 0.5, 1.0)" stroke="rgba(1.0, 0, 0, 0.5)"/>"#)
        #expect(out.contains("warning[W0205]: rgb() channels run from 0 to 255"))
        #expect(out.contains("did you mean rgb(51, 128, 255)?"))
        #expect(out.contains("did you mean rgba(255, 0, 0, …)?"))
        // Whole numbers in 0…1 can be meant; computed channels are not judged.
        #expect(staticCheck(#"<let name="k" value="0.5"/><rect width="1" height="1" fill="rgb(0, 0, 1)" stroke="rgb(k, k, k)"/>"#) == "")
    }

    @Test func anglesThatLookLikeDegrees() {
        let out = staticCheck(
            """
            <group rotate="45"><rotate angle="-90"/><arc cx="5" cy="5" radius="4" startAngle="0" endAngle="360" stroke="red"/></group>
            """)
        #expect(out.contains("warning[W0206]: rotate=\"45\" is 45 radians (7.2 turns); angles are in radians"))
        #expect(out.contains("help: if you mean 45°, write radians(45)"))
        #expect(out.contains("angle=\"-90\" is -90 radians"))
        #expect(out.contains("endAngle=\"360\""))
        // Radians, fractions and expressions are left alone.
        #expect(
            staticCheck(
                """
                <group rotate="3"><rotate angle="pi / 2"/><arc cx="5" cy="5" radius="4" startAngle="0" endAngle="6.2832" stroke="red"/></group>
                <rotate angle="radians(45)"/>
                """) == "")
    }
}
