import Testing

/// `conic(g, cx, cy, angle)` (Grammar §11 "Conic gradients").
struct ConicGradientEvaluationTests {
    static let gradient =
        "<gradient name=\"g\" extend=\"both\"><stop offset=\"0\" color=\"red\"/><stop offset=\"1\" color=\"blue\" opacity=\"0.5\"/></gradient>\n"

    @Test func aConicPaintKeepsTheCenterTheAngleAndTheStops() {
        let out = compile(Self.gradient + "<paint fill=\"conic(g, 40, 45, -pi / 2)\"/>")
        #expect(out.contains("paint conic(40 45 angle=-1.5708 [#ff0000ff@0 #0000ff/0.5@1])"), "\(out)")
    }

    @Test func itIsAPaintLikeLinear() {
        let out = compile(
            Self.gradient + """
                <let name="p" value="conic(g, 5, 5, 0)"/>
                <rect x="0" y="0" width="10" height="10" fill="p" stroke="p"/>
                """)
        #expect(out.contains("fill conic(5 5 angle=0"), "\(out)")
        #expect(out.contains("stroke conic(5 5 angle=0"), "\(out)")
    }

    @Test(arguments: [
        ("conic(g, 1, 2)", "error[E0409]: conic() takes 4 arguments, not 3"),
        ("conic(red, 50, 50, 0)", "error[E0408]: conic() needs a gradient declared with <gradient name=…>, not a color"),
        ("conic(g, 50, 50, 64 * 2 * pi + 0.01)", "error[E0540]: conic()'s start angle 402.13386 is more than 64 turns from 0"),
        ("conic(g, 50, 50, -450)", "error[E0540]: conic()'s start angle -450 is more than 64 turns from 0"),
    ])
    func badArgumentsAreLocatedErrors(call: String, message: String) {
        let out = compile(Self.gradient + "<paint fill=\"\(call)\"/>")
        #expect(out.contains(message), "\(out)")
        #expect(out.hasPrefix("t.scene:3:"), "\(out)")
    }

    @Test func aWholeTurnAtTheLimitIsDrawn() {
        let out = compile(Self.gradient + "<paint fill=\"conic(g, 0, 0, -64 * 2 * pi)\"/>")
        #expect(out.contains("paint conic(0 0 angle=-402.1239"), "\(out)")
    }
}
