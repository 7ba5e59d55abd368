import Testing

/// `blend` on shapes, `<paint>` and `<group>` (Grammar §11 "Blend modes").
struct BlendModeTests {
    @Test func shapesPaintsAndGroupsCarryTheirMode() {
        let out = compile(
            """
            <rect width="10" height="10" fill="red" stroke="blue" blend="multiply"/>
            <paint fill="white" blend="soft-light"/>
            <group blend="screen"><circle cx="5" cy="5" radius="2" fill="red"/></group>
            """)
        #expect(out.contains("fill #ff0000ff blend=multiply path"))
        #expect(out.contains("stroke #0000ffff width=1 blend=multiply path"))
        #expect(out.contains("paint #ffffffff blend=soft-light"))
        // Untransformed, a blended group is still a group: its content is one layer.
        #expect(out.contains("group matrix(1 0 0 1 0 0) blend=screen\n    fill #ff0000ff path"))
    }

    @Test func normalIsTheDefaultAndWritesNothing() {
        let out = compile("<group blend=\"normal\"><rect width=\"10\" height=\"10\" fill=\"red\" blend=\"normal\"/></group>")
        #expect(out == "scene 100 100\n  fill #ff0000ff path M 0 0 L 10 0 L 10 10 L 0 10 Z\n")
    }

    @Test(arguments: [
        ("multipy", "error[E0314]: 'multipy' is not a blend mode"),
        ("softLight", "error[E0314]: 'softLight' is not a blend mode"),
        ("hue", "error[E0315]: blend mode 'hue' is not available: the renderers do not draw it alike"),
        ("color-dodge", "error[E0315]: blend mode 'color-dodge' is not available"),
        ("color-burn", "error[E0315]: blend mode 'color-burn' is not available"),
    ])
    func wrongModesAreLocatedErrors(mode: String, message: String) {
        let out = compile("<rect width=\"10\" height=\"10\" fill=\"red\" blend=\"\(mode)\"/>")
        #expect(out.hasPrefix("t.scene:2:48: " + message), "\(out)")
    }

    @Test func suggestions() {
        #expect(compile("<rect width=\"10\" height=\"10\" fill=\"red\" blend=\"multipy\"/>").contains("did you mean 'multiply'?"))
        #expect(compile("<rect width=\"10\" height=\"10\" fill=\"red\" blend=\"softLight\"/>").contains("did you mean 'soft-light'?"))
    }

    @Test func insideAClipItIsAnErrorOnce() {
        let out = compile(
            """
            <clip><shape><rect width="5" height="5"/></shape>
              <rect width="10" height="10" fill="red" stroke="blue" blend="multiply"/>
            </clip>
            """)
        #expect(out.hasPrefix("t.scene:3:64: error[E0316]: blend=\"multiply\" inside a <clip>"), "\(out)")
        #expect(out.components(separatedBy: "E0316").count == 2)
        // The way out the help gives: the group around the clip blends.
        let fixed = compile(
            """
            <group blend="multiply"><clip><shape><rect width="5" height="5"/></shape>
              <rect width="10" height="10" fill="red"/>
            </clip></group>
            """)
        #expect(fixed.contains("group matrix(1 0 0 1 0 0) blend=multiply\n    clip path"), "\(fixed)")
    }

    @Test func notOnGeometry() {
        let out = compile("<clip><shape><rect width=\"5\" height=\"5\" blend=\"multiply\"/></shape><paint fill=\"red\"/></clip>")
        #expect(out.contains("error[E0309]"), "\(out)")
    }
}
