import DisplayList
import Foundation
import SVGBackend
import Testing

/// Scenes that exercise what renderers could disagree on. Set `SVG_BACKEND_SAMPLES=<dir>` to write
/// them as `<name>.svg` for rendering by hand (rsvg-convert, resvg, Chromium) and comparing pixels.
enum Samples {
    static func arc(_ cx: Double, _ cy: Double, _ r: Double, _ start: Double, _ sweep: Double, ry: Double? = nil) -> Arc {
        Arc(center: Point(cx, cy), radiusX: r, radiusY: ry ?? r, startAngle: start, sweep: sweep)
    }

    static func pie(_ a: Arc) -> Path { Path([.move(a.center), .line(a.startPoint), .arc(a), .close]) }
    static func open(_ a: Arc) -> Path { Path([.move(a.startPoint), .arc(a)]) }

    static let thick = StrokeStyle(width: 6, cap: .round)
    static let green = Paint.color(.rgb255(0, 160, 0))

    static var all: [(String, DisplayList)] {
        let arcs: [DisplayItem] = [
            // Row 1: full circle, 3π/2 clockwise from 0 (ends at the top), counter-clockwise 3π/2.
            fill(pie(arc(40, 40, 30, 0, 2 * .pi)), red),
            fill(pie(arc(120, 40, 30, 0, 3 * .pi / 2)), red),
            fill(pie(arc(200, 40, 30, 0, -3 * .pi / 2)), red),
            stroke(open(arc(40, 120, 30, 0, 2 * .pi)), blue, thick),
            stroke(open(arc(120, 120, 30, 0, 3 * .pi / 2)), blue, thick),
            stroke(open(arc(200, 120, 30, 0, -3 * .pi / 2)), blue, thick),
            // Row 3: ellipse quarter clockwise from π, two turns with evenodd (winding 2: empty),
            // three turns evenodd (winding 3: filled), and a negative-radius arc.
            fill(pie(arc(40, 200, 30, .pi, .pi / 2, ry: 15)), green),
            fill(Path([.move(Point(150, 200)), .arc(arc(120, 200, 30, 0, 4 * .pi)), .close]), green, rule: .evenodd),
            stroke(Path([.move(Point(150, 200)), .arc(arc(120, 200, 30, 0, 4 * .pi)), .close]), blue, StrokeStyle(width: 1)),
            fill(Path([.move(Point(230, 200)), .arc(arc(200, 200, 30, 0, 6 * .pi)), .close]), green, rule: .evenodd),
            fill(pie(arc(40, 200, -20, 0, .pi / 2)), blue),
        ]
        var lists: [(String, DisplayList)] = [("arcs", DisplayList(width: 240, height: 240, items: arcs))]
        for extend in GradientExtend.allCases {
            lists.append(
                (
                    "band-\(extend.rawValue)",
                    DisplayList(
                        width: 100, height: 100,
                        items: [
                            paint(.color(.rgb255(230, 230, 230))),
                            paint(redToBlue(extend, from: Point(30, 20), to: Point(70, 40))),
                        ])
                ))
        }
        lists.append(
            (
                "gradient-shapes",
                DisplayList(
                    width: 200, height: 120,
                    items: [
                        fill(rect(10, 10, 180, 40), redToBlue(.none, from: Point(60, 0), to: Point(140, 0))),
                        stroke(
                            Path([.move(Point(10, 80)), .line(Point(190, 80))]), redToBlue(.before, from: Point(60, 0), to: Point(140, 0)),
                            StrokeStyle(width: 20)),
                        group(
                            AffineTransform.rotation(.pi / 2).concatenating(.translation(200, 90)),
                            [
                                stroke(rect(0, 0, 20, 180), redToBlue(.after, from: Point(0, 60), to: Point(0, 140)), StrokeStyle(width: 4))
                            ]),
                    ])
            ))
        lists.append(
            (
                "clips",
                DisplayList(
                    width: 200, height: 200,
                    items: [
                        group(
                            AffineTransform.rotation(.pi / 6).concatenating(.translation(100, 20)),
                            [
                                clip(
                                    rect(0, 0, 80, 80),
                                    [
                                        clip(
                                            pie(arc(40, 40, 45, 0, 2 * .pi)), rule: .evenodd,
                                            [
                                                paint(redToBlue(.none, from: Point(10, 0), to: Point(70, 0)))
                                            ])
                                    ])
                            ]),
                        // The same clip path text reused in another user space.
                        group(.translation(10, 110), [clip(rect(0, 0, 80, 80), [paint(blue, opacity: 0.5)])]),
                        group(
                            AffineTransform.scale(0.5, 1).concatenating(.translation(100, 110)),
                            [
                                clip(rect(0, 0, 80, 80), [paint(redToBlue(.both, from: Point(0, 0), to: Point(80, 80)))])
                            ]),
                    ])
            ))
        // Paint under a rotating, scaling transform must still cover every pixel of the canvas.
        lists.append(
            (
                "paint-transformed",
                DisplayList(
                    width: 90, height: 70,
                    items: [
                        group(
                            AffineTransform.scale(7.3, 0.37).concatenating(.rotation(0.3)).concatenating(.translation(13, -7)),
                            [
                                paint(redToBlue(.both, from: Point(0, 0), to: Point(9, 90)))
                            ])
                    ])
            ))
        return lists
    }
}

@Suite("Samples")
struct SampleTests {
    @Test func samplesRender() throws {
        let directory = ProcessInfo.processInfo.environment["SVG_BACKEND_SAMPLES"]
        for (name, list) in Samples.all {
            let svg = SVGBackend.render(list)
            #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
            #expect(svg.hasSuffix("</svg>\n"))
            if let directory {
                try svg.write(toFile: directory + "/" + name + ".svg", atomically: true, encoding: .utf8)
            }
        }
    }
}
