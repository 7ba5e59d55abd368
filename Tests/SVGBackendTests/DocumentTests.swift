import DisplayList
import SVGBackend
import Testing

@Suite("Documents")
struct DocumentTests {
    @Test func emptyDocument() {
        let svg = SVGBackend.render(DisplayList(width: 120, height: 80.5, items: []))
        #expect(
            svg == """
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="120" height="80.5" viewBox="0 0 120 80.5">
                </svg>

                """)
    }

    @Test func solidFill() {
        let svg = render(100, 50, [fill(rect(10, 10, 30, 20), red)])
        #expect(
            svg == """
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="100" height="50" viewBox="0 0 100 50">
                  <path d="M 10 10 L 40 10 L 40 30 L 10 30 Z" fill="#ff0000"/>
                </svg>

                """)
    }

    @Test func fillRuleAndOpacity() {
        let color = Paint.color(.rgb255(0, 128, 255, alpha: 0.5))
        let svg = render(100, 50, [fill(rect(0, 0, 1, 1), color, rule: .evenodd, opacity: 0.5)])
        #expect(body(svg) == ##"  <path d="M 0 0 L 1 0 L 1 1 L 0 1 Z" fill="#0080ff" fill-rule="evenodd" fill-opacity="0.25"/>"##)
    }

    @Test func strokeWithEveryStyleAttribute() {
        let style = StrokeStyle(width: 2.5, cap: .round, join: .bevel, miterLimit: 10, dash: [4, 2], dashPhase: 1)
        let path = Path([.move(Point(0, 0)), .line(Point(10, 10))])
        let svg = render(20, 20, [stroke(path, .color(.rgb255(0, 128, 255)), style, opacity: 0.8)])
        #expect(
            body(svg)
                == ##"  <path d="M 0 0 L 10 10" fill="none" stroke="#0080ff" stroke-opacity="0.8" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="bevel" stroke-miterlimit="10" stroke-dasharray="4 2" stroke-dashoffset="1"/>"##
        )
    }

    @Test func strokeDefaults() {
        let path = Path([.move(Point(0, 0)), .line(Point(10, 0))])
        let svg = render(
            20, 20,
            [
                stroke(path, .color(.black)),
                // Miter limit 4 is SVG's default; square caps and round joins are written.
                stroke(path, red, StrokeStyle(width: 3, cap: .square, join: .round, miterLimit: 4)),
                // An all-zero dash list is solid, and the phase is then irrelevant.
                stroke(path, red, StrokeStyle(dash: [0, 0], dashPhase: 3)),
                // Odd dash lists are written as they are (SVG repeats them, as Core Graphics does).
                stroke(path, red, StrokeStyle(dash: [5], dashPhase: -2)),
            ])
        #expect(
            body(svg) == """
                  <path d="M 0 0 L 10 0" fill="none" stroke="#000000" stroke-width="1" stroke-miterlimit="10"/>
                  <path d="M 0 0 L 10 0" fill="none" stroke="#ff0000" stroke-width="3" stroke-linecap="square" stroke-linejoin="round"/>
                  <path d="M 0 0 L 10 0" fill="none" stroke="#ff0000" stroke-width="1" stroke-miterlimit="10"/>
                  <path d="M 0 0 L 10 0" fill="none" stroke="#ff0000" stroke-width="1" stroke-miterlimit="10" stroke-dasharray="5" stroke-dashoffset="-2"/>
                """)
    }

    @Test func groupsWithRotationAndIndentation() {
        let rotate = AffineTransform.rotation(Double.pi / 6).concatenating(.translation(50, 25))
        let svg = render(
            100, 50,
            [
                group(
                    rotate,
                    [
                        fill(rect(0, 0, 10, 10), red),
                        group(.identity, [fill(rect(1, 1, 2, 2), blue)]),
                    ]),
                group(.scale(2, -1), [fill(rect(0, 0, 1, 1), red)]),
            ])
        #expect(
            body(svg) == """
                  <g transform="matrix(0.866 0.5 -0.5 0.866 50 25)">
                    <path d="M 0 0 L 10 0 L 10 10 L 0 10 Z" fill="#ff0000"/>
                    <g>
                      <path d="M 1 1 L 3 1 L 3 3 L 1 3 Z" fill="#0000ff"/>
                    </g>
                  </g>
                  <g transform="matrix(2 0 0 -1 0 0)">
                    <path d="M 0 0 L 1 0 L 1 1 L 0 1 Z" fill="#ff0000"/>
                  </g>
                """)
    }

    @Test func emptyAndSingularGroupsAreLeftOut() {
        let svg = render(
            100, 50,
            [
                group(.translation(5, 5), []),
                group(.scale(0, 1), [fill(rect(0, 0, 10, 10), red)]),
                group(.scale(1, 2), [group(.scale(1, 0), [fill(rect(0, 0, 10, 10), red)])]),
                fill(Path(), red),
                clip(rect(0, 0, 5, 5), []),
                clip(Path(), [fill(rect(0, 0, 10, 10), red)]),
            ])
        #expect(
            body(svg) == """
                  <g transform="matrix(1 0 0 2 0 0)">
                  </g>
                """)
    }

    @Test func nestedClips() {
        let circle = Path([.move(Point(35, 25)), .arc(Arc(center: Point(25, 25), radiusX: 10, radiusY: 10, startAngle: 0, sweep: 2 * .pi)), .close])
        let svg = render(
            100, 50,
            [
                clip(
                    rect(0, 0, 50, 50),
                    [
                        clip(
                            circle, rule: .evenodd,
                            [
                                fill(rect(0, 0, 100, 50), red)
                            ]),
                        paint(blue, opacity: 0.5),
                    ])
            ])
        #expect(
            body(svg) == """
                  <clipPath id="clip1"><path d="M 0 0 L 50 0 L 50 50 L 0 50 Z"/></clipPath>
                  <g clip-path="url(#clip1)">
                    <clipPath id="clip2"><path d="M 35 25 A 10 10 0 0 1 15 25 A 10 10 0 0 1 35 25 Z" clip-rule="evenodd"/></clipPath>
                    <g clip-path="url(#clip2)">
                      <path d="M 0 0 L 100 0 L 100 50 L 0 50 Z" fill="#ff0000"/>
                    </g>
                    <path d="M -1 -1 L 101 -1 L 101 51 L -1 51 Z" fill="#0000ff" fill-opacity="0.5"/>
                  </g>
                """)
    }

    @Test func solidPaintCoversTheCanvasInTheCurrentSpace() {
        let svg = render(
            100, 100,
            [
                group(.translation(10, 20), [paint(red)]),
                group(.rotation(Double.pi / 2), [paint(blue)]),
            ])
        #expect(
            body(svg) == """
                  <g transform="matrix(1 0 0 1 10 20)">
                    <path d="M -11 -21 L 91 -21 L 91 81 L -11 81 Z" fill="#ff0000"/>
                  </g>
                  <g transform="matrix(0 1 -1 0 0 0)">
                    <path d="M -1 1 L -1 -101 L 101 -101 L 101 1 Z" fill="#0000ff"/>
                  </g>
                """)
    }

    static let gradientDefinition = """
          <linearGradient id="g1" gradientUnits="userSpaceOnUse" x1="20" y1="0" x2="80" y2="0">
            <stop offset="0" stop-color="#ff0000"/>
            <stop offset="1" stop-color="#0000ff"/>
          </linearGradient>
        """

    @Test(arguments: [
        (GradientExtend.none, "M 20 -1 L 80 -1 L 80 101 L 20 101 Z"),
        (.before, "M -1 -1 L 80 -1 L 80 101 L -1 101 Z"),
        (.after, "M 20 -1 L 101 -1 L 101 101 L 20 101 Z"),
        (.both, "M -1 -1 L 101 -1 L 101 101 L -1 101 Z"),
    ])
    func gradientPaint(extend: GradientExtend, region: String) {
        let svg = render(100, 100, [paint(redToBlue(extend))])
        #expect(body(svg) == Self.gradientDefinition + "\n" + "  <path d=\"\(region)\" fill=\"url(#g1)\"/>")
    }

    @Test func gradientPaintOpacityAndStopAlpha() {
        let gradient = Paint.linearGradient(
            LinearGradient(
                stops: [GradientStop(offset: 0.25, color: .rgb255(255, 0, 0, alpha: 0.5)), GradientStop(offset: 0.75, color: .white)],
                start: Point(0, 0), end: Point(0, 10), extend: .both))
        let svg = render(10, 10, [paint(gradient, opacity: 0.4)])
        #expect(
            body(svg) == """
                  <linearGradient id="g1" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="10">
                    <stop offset="0.25" stop-color="#ff0000" stop-opacity="0.5"/>
                    <stop offset="0.75" stop-color="#ffffff"/>
                  </linearGradient>
                  <path d="M -1 -1 L 11 -1 L 11 11 L -1 11 Z" fill="url(#g1)" fill-opacity="0.4"/>
                """)
    }

    @Test func diagonalGradientBand() {
        // The canvas cut by the two oblique lines x + y = 0 and x + y = 100; duplicate vertices
        // where a line passes through a corner are dropped.
        let svg = render(100, 100, [paint(redToBlue(.none, from: Point(0, 0), to: Point(50, 50)))])
        let lines = body(svg).split(separator: "\n")
        #expect(lines.last == #"  <path d="M -1 1 L 1 -1 L 101 -1 L -1 101 Z" fill="url(#g1)"/>"#)
    }

    @Test func gradientBandInATransformedGroup() {
        // Under scale(2, 1) the canvas spans x in -0.5...50.5 of the group's space; the band
        // 20...80 is cut at 20 on the left and reaches past the canvas on the right.
        let svg = render(100, 100, [group(.scale(2, 1), [paint(redToBlue(.none))])])
        #expect(
            body(svg) == """
                  <g transform="matrix(2 0 0 1 0 0)">
                    <linearGradient id="g1" gradientUnits="userSpaceOnUse" x1="20" y1="0" x2="80" y2="0">
                      <stop offset="0" stop-color="#ff0000"/>
                      <stop offset="1" stop-color="#0000ff"/>
                    </linearGradient>
                    <path d="M 20 -1 L 50.5 -1 L 50.5 101 L 20 101 Z" fill="url(#g1)"/>
                  </g>
                """)
    }

    @Test func gradientFillIsClippedToTheBand() {
        let svg = render(100, 100, [fill(rect(10, 40, 80, 20), redToBlue(.none))])
        #expect(
            body(svg) == Self.gradientDefinition + "\n" + """
                  <clipPath id="clip1"><path d="M 20 -1 L 80 -1 L 80 101 L 20 101 Z"/></clipPath>
                  <g clip-path="url(#clip1)">
                    <path d="M 10 40 L 90 40 L 90 60 L 10 60 Z" fill="url(#g1)"/>
                  </g>
                """)
    }

    @Test func gradientStrokeExtendingBothWaysNeedsNoClip() {
        let path = Path([.move(Point(0, 50)), .line(Point(100, 50))])
        let svg = render(100, 100, [stroke(path, redToBlue(.both), StrokeStyle(width: 4), opacity: 0.5)])
        #expect(
            body(svg) == Self.gradientDefinition + "\n" + """
                  <path d="M 0 50 L 100 50" fill="none" stroke="url(#g1)" stroke-opacity="0.5" stroke-width="4" stroke-miterlimit="10"/>
                """)
    }

    @Test func gradientBandOffTheCanvasPaintsNothing() {
        let svg = render(
            100, 100,
            [
                paint(redToBlue(.none, from: Point(200, 0), to: Point(300, 0))),
                fill(rect(0, 0, 10, 10), redToBlue(.after, from: Point(-50, 0), to: Point(-20, 0))),
            ])
        // .after extends past x = -20, so the fill is drawn (with a clip that covers the canvas).
        #expect(
            body(svg) == """
                  <linearGradient id="g1" gradientUnits="userSpaceOnUse" x1="-50" y1="0" x2="-20" y2="0">
                    <stop offset="0" stop-color="#ff0000"/>
                    <stop offset="1" stop-color="#0000ff"/>
                  </linearGradient>
                  <clipPath id="clip1"><path d="M -1 -1 L 101 -1 L 101 101 L -1 101 Z"/></clipPath>
                  <g clip-path="url(#clip1)">
                    <path d="M 0 0 L 10 0 L 10 10 L 0 10 Z" fill="url(#g1)"/>
                  </g>
                """)
    }

    @Test func degenerateGradients() {
        let point = Point(30, 30)
        let svg = render(
            10, 10,
            [
                paint(redToBlue(.none, from: point, to: point)),
                paint(redToBlue(.before, from: point, to: point)),
                paint(redToBlue(.after, from: point, to: point), opacity: 0.5),
                fill(rect(0, 0, 1, 1), redToBlue(.both, from: point, to: point)),
                fill(rect(0, 0, 1, 1), redToBlue(.none, from: point, to: point)),
                fill(rect(0, 0, 1, 1), .linearGradient(LinearGradient(stops: [], start: .zero, end: point, extend: .both))),
            ])
        #expect(
            body(svg) == """
                  <path d="M -1 -1 L 11 -1 L 11 11 L -1 11 Z" fill="#ff0000"/>
                  <path d="M -1 -1 L 11 -1 L 11 11 L -1 11 Z" fill="#0000ff" fill-opacity="0.5"/>
                  <path d="M 0 0 L 1 0 L 1 1 L 0 1 Z" fill="#0000ff"/>
                  <linearGradient id="g1" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="30" y2="30">
                    <stop offset="0" stop-color="#000000" stop-opacity="0"/>
                  </linearGradient>
                  <path d="M 0 0 L 1 0 L 1 1 L 0 1 Z" fill="url(#g1)"/>
                """)
        // A gradient built without stops holds one transparent stop (the display list's invariant): it paints nothing.
        #expect(
            LinearGradient(stops: [], start: .zero, end: point).stops == [GradientStop(offset: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0))])
    }
}
