import DisplayList
import SVGBackend
import Testing

/// Radial gradients in the SVG: a focal-point `<radialGradient>` (no `fr`) whose stops are moved
/// so the circles' family is Core Graphics', cut to the region the extend allows.
struct RadialTests {
    static func radial(_ extend: GradientExtend, _ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double) -> Paint {
        .radialGradient(
            RadialGradient(
                stops: [GradientStop(offset: 0, color: .rgb255(255, 0, 0)), GradientStop(offset: 1, color: .rgb255(0, 0, 255))],
                startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1, extend: extend))
    }

    @Test func focalPointAndStopsFollowTheCircles() {
        // Start circle (40, 50) r 10 inside end circle (50, 50) r 30: the family shrinks to a point
        // at t* = -10/20 = -0.5, x = 40 - 0.5·10 = 35; s0 = 10/30.
        let svg = render(100, 100, [paint(Self.radial(.both, Point(40, 50), 10, Point(50, 50), 30))])
        #expect(
            body(svg) == """
                  <radialGradient id="g1" gradientUnits="userSpaceOnUse" cx="50" cy="50" r="30" fx="35" fy="50">
                    <stop offset="0.3333" stop-color="#ff0000"/>
                    <stop offset="1" stop-color="#0000ff"/>
                  </radialGradient>
                  <path d="M -1 -1 L 101 -1 L 101 101 L -1 101 Z" fill="url(#g1)" fill-rule="evenodd"/>
                """)
    }

    @Test func aLargerStartCircleMirrorsTheStops() {
        // Concentric, start r 40 → end r 0: outward the colors run blue → red; `after` (t > 1) is
        // the inside of the end circle, a point here, `before` would be outside: not painted.
        let svg = render(100, 100, [paint(Self.radial(.after, Point(50, 50), 40, Point(50, 50), 0))])
        #expect(
            body(svg) == """
                  <radialGradient id="g1" gradientUnits="userSpaceOnUse" cx="50" cy="50" r="40">
                    <stop offset="0" stop-color="#0000ff"/>
                    <stop offset="1" stop-color="#ff0000"/>
                  </radialGradient>
                  <path d="M 90 50 A 40 40 0 0 1 10 50 A 40 40 0 0 1 90 50 Z" fill="url(#g1)" fill-rule="evenodd"/>
                """)
    }

    @Test(arguments: [
        // none: the ring between the circles; before: the end disc; after: all but the start disc.
        (GradientExtend.none, "M 80 50 A 30 30 0 0 1 20 50 A 30 30 0 0 1 80 50 Z M 60 50 A 10 10 0 0 1 40 50 A 10 10 0 0 1 60 50 Z"),
        (.before, "M 80 50 A 30 30 0 0 1 20 50 A 30 30 0 0 1 80 50 Z"),
        (.after, "M -1 -1 L 101 -1 L 101 101 L -1 101 Z M 60 50 A 10 10 0 0 1 40 50 A 10 10 0 0 1 60 50 Z"),
    ])
    func extendCutsTheRegion(extend: GradientExtend, region: String) {
        let svg = render(100, 100, [fill(rect(0, 0, 100, 100), Self.radial(extend, Point(50, 50), 10, Point(50, 50), 30))])
        #expect(svg.contains("<clipPath id=\"clip1\"><path d=\"\(region)\" clip-rule=\"evenodd\"/></clipPath>"))
        #expect(svg.contains("<g clip-path=\"url(#clip1)\">"))
    }

    @Test func circlesThatAreNotNestedDrawNothing() {
        // A cone (Core Graphics) has no SVG equivalent; the evaluator refuses it, a hand-built list
        // draws nothing rather than something else.
        let cone = Self.radial(.both, Point(10, 50), 10, Point(90, 50), 20)
        let same = Self.radial(.both, Point(50, 50), 20, Point(50, 50), 20)
        #expect(!RadialGradient(stops: [], startCenter: Point(10, 50), startRadius: 10, endCenter: Point(90, 50), endRadius: 20).isNested)
        #expect(body(render(100, 100, [paint(cone), fill(rect(0, 0, 10, 10), same)])) == "")
    }
}
