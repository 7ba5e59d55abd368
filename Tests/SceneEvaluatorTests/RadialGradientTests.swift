import Testing

/// `radial(g, x0, y0, r0, x1, y1, r1)` (Grammar §11 "Radial gradients").
struct RadialGradientEvaluationTests {
    static let gradient =
        "<gradient name=\"g\" extend=\"before\"><stop offset=\"0\" color=\"red\"/><stop offset=\"1\" color=\"blue\" opacity=\"0.5\"/></gradient>\n"

    @Test func aRadialPaintKeepsBothCirclesAndTheExtend() {
        let out = compile(Self.gradient + "<paint fill=\"radial(g, 40, 45, 5, 50, 50, 30)\"/>")
        #expect(out.contains("paint radial(40 45 r=5 -> 50 50 r=30 extend=before [#ff0000ff@0 #0000ff/0.5@1])"))
    }

    @Test func itIsAPaintLikeLinear() {
        // Stored with <let>, used by fill and stroke, in the coordinates of the element.
        let out = compile(
            Self.gradient + """
                <let name="p" value="radial(g, 0, 0, 0, 0, 0, 10)"/>
                <rect x="0" y="0" width="10" height="10" fill="p" stroke="p"/>
                """)
        #expect(out.contains("fill radial(0 0 r=0 -> 0 0 r=10"))
        #expect(out.contains("stroke radial(0 0 r=0 -> 0 0 r=10"))
    }

    @Test(arguments: [
        ("radial(g, 1, 2, 3, 4, 5)", "error[E0409]: radial() takes 7 arguments, not 6"),
        ("radial(red, 50, 50, 0, 50, 50, 40)", "error[E0408]: radial() needs a gradient declared with <gradient name=…>, not a color"),
        ("radial(g, 50, 50, -1, 50, 50, 40)", "error[E0521]: radial() needs a radius of 0 or more, not -1"),
        ("radial(g, 50, 50, 0, 50, 50, -40)", "error[E0521]: radial() needs a radius of 0 or more, not -40"),
        (
            "radial(g, 10, 50, 10, 90, 50, 20)",
            "error[E0522]: radial()'s circles are not nested: the centers are 80 apart but the radii differ by only 10"
        ),
        ("radial(g, 50, 50, 20, 50, 50, 20)", "error[E0522]: radial() has the same start and end circle, so the gradient has no width"),
        (
            "radial(g, 40, 50, 10, 50, 50, 20)",
            "error[E0522]: radial()'s circles are not nested: the centers are 10 apart but the radii differ by only 10"
        ),
    ])
    func badArgumentsAreLocatedErrors(call: String, message: String) {
        let out = compile(Self.gradient + "<paint fill=\"\(call)\"/>")
        #expect(out.contains(message), "\(out)")
        #expect(out.hasPrefix("t.scene:3:"), "\(out)")
    }

    @Test func aMisspeltNameSuggestsRadial() {
        let out = compile(Self.gradient + "<paint fill=\"radail(g, 0, 0, 0, 0, 0, 10)\"/>")
        #expect(out.contains("did you mean 'radial'?"), "\(out)")
    }
}
