import DisplayList
import Foundation
import SVGBackend
import Testing

/// Conic gradients in the SVG (Grammar §11 "Conic gradients"): a `<pattern>` of flat wedges over
/// the visible canvas, each reaching under the next; translucent ones take their alpha from a mask.
struct ConicTests {
    static func conic(_ stops: [GradientStop], at center: Point = Point(50, 50), angle: Double = 0) -> Paint {
        .conicGradient(ConicGradient(stops: stops, center: center, startAngle: angle))
    }
    static let redToBlue = conic([GradientStop(offset: 0, color: .rgb255(255, 0, 0)), GradientStop(offset: 1, color: .rgb255(0, 0, 255))])

    /// The `fill` colors of the `<path>`s between `<pattern` and `</pattern>`.
    static func wedgeColors(_ svg: String, in element: String = "pattern") -> [String] {
        guard let start = svg.range(of: "<\(element) "), let end = svg.range(of: "</\(element)>") else { return [] }
        return svg[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            guard line.contains("<path"), let f = line.range(of: "fill=\"") else { return nil }
            return String(line[f.upperBound...].prefix(7))
        }
    }

    /// The points of the `n`th wedge's polygon.
    static func wedgePoints(_ svg: String, _ n: Int) -> [Point] {
        let lines = svg.split(separator: "\n").filter { $0.contains("<path d=\"M") && $0.contains("fill=\"#") }
        let d = lines[n].split(separator: "\"")[1]
        let numbers = d.split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "L" || $0 == "Z" }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { Point(numbers[$0], numbers[$0 + 1]) }
    }

    @Test func aFillIsPaintedWithAPatternOfTheGradientsWedges() {
        let svg = render(100, 100, [fill(rect(10, 10, 80, 80), Self.redToBlue)])
        #expect(svg.contains("<pattern id=\"g1\" patternUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"100\" height=\"100\">"), "\(svg)")
        #expect(svg.contains("<path d=\"M 10 10 L 90 10 L 90 90 L 10 90 Z\" fill=\"url(#g1)\"/>"), "\(svg)")
        guard case .conicGradient(let g) = Self.redToBlue else { return }
        #expect(Self.wedgeColors(svg) == g.wedges.map { $0.color.hexRGB })
        #expect(!svg.contains("<mask"))
    }

    @Test func eachWedgeReachesUnderTheNextAndTheFirstUnderTheLast() {
        // Start angle 0: the first wedge starts 1/32 of a turn before +x (under the last wedge).
        let svg = render(100, 100, [paint(Self.redToBlue)])
        let first = Self.wedgePoints(svg, 0)
        #expect(first[0] == Point(50, 50))
        let start = atan2(first[1].y - 50, first[1].x - 50)
        #expect(abs(start - (-2 * Double.pi / 32)) < 1e-3, "\(start)")
        guard case .conicGradient(let g) = Self.redToBlue else { return }
        let w = g.wedges
        let second = Self.wedgePoints(svg, 1)
        let end = atan2(first.last!.y - 50, first.last!.x - 50), next = atan2(second[1].y - 50, second[1].x - 50)
        #expect(abs(end - 2 * Double.pi * (w[0].to + 1.0 / 32)) < 1e-3)
        #expect(abs(next - 2 * Double.pi * w[1].from) < 1e-3)
        // The last ends exactly at the start direction.
        let last = Self.wedgePoints(svg, w.count - 1)
        #expect(abs(atan2(last.last!.y - 50, last.last!.x - 50)) < 1e-3)
    }

    @Test func theWedgesReachPastEveryCornerOfTheVisibleCanvas() {
        // A center off the canvas: each wedge's rim is farther than the farthest corner.
        let svg = render(
            100, 60,
            [
                paint(
                    Self.conic(
                        [
                            GradientStop(offset: 0, color: .rgb255(255, 0, 0)),
                            GradientStop(offset: 1, color: .rgb255(0, 0, 255)),
                        ], at: Point(-30, 90)))
            ])
        let farthest: Double = hypot(131.0, 91.0)
        for n in [0, 100, Self.wedgeColors(svg).count - 1] {
            for p in Self.wedgePoints(svg, n).dropFirst() { #expect(hypot(p.x + 30, p.y - 90) > farthest) }
        }
    }

    @Test func oneWedgeStopsUnderADegreeOfArc() {
        // Red to red: one wedge, its rim in pieces of at most π/8 whose chords stay outside the reach.
        let svg = render(100, 100, [paint(Self.conic([GradientStop(offset: 0, color: .rgb255(255, 0, 0))]))])
        #expect(Self.wedgeColors(svg) == ["#ff0000"])
        #expect(Self.wedgePoints(svg, 0).count == 1 + 17 + 1) // center, 16 pieces and the overlap's piece
    }

    @Test func translucentStopsTakeTheirAlphaFromAMaskOfGrays() {
        let g = Self.conic([GradientStop(offset: 0, color: .rgb255(255, 0, 0)), GradientStop(offset: 1, color: .rgb255(255, 0, 0, alpha: 0))])
        let svg = render(100, 100, [paint(g)])
        #expect(svg.contains("<mask id=\"g1m\">"), "\(svg)")
        #expect(svg.contains("<g mask=\"url(#g1m)\">"))
        let grays = Self.wedgeColors(svg, in: "mask")
        #expect(grays.count > 250 && grays.count <= 256, "\(grays.count)")
        #expect(grays.first == "#ffffff")
        #expect(grays.last == "#000000")
        // The colors themselves are opaque: all red.
        #expect(Set(Self.wedgeColors(svg)) == ["#ff0000"])
    }

    @Test func theSamePaintInTheSameSpaceIsOnePattern() {
        let svg = render(100, 100, [fill(rect(0, 0, 10, 10), Self.redToBlue), stroke(rect(20, 20, 10, 10), Self.redToBlue)])
        #expect(svg.components(separatedBy: "<pattern ").count == 2)
        #expect(svg.contains("fill=\"none\" stroke=\"url(#g1)\""))
    }

    @Test func thePatternCoversTheCanvasInTheCurrentSpace() {
        // Scaled by 2: the tile is the canvas in canvas pixels, the wedges drawn in the user space.
        let svg = render(100, 100, [group(AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0), [paint(Self.redToBlue)])])
        #expect(
            svg.contains(
                "<pattern id=\"g1\" patternUnits=\"userSpaceOnUse\" patternTransform=\"matrix(0.5 0 0 0.5 0 0)\" x=\"0\" y=\"0\" width=\"100\" height=\"100\">"
            ), "\(svg)")
        #expect(svg.contains("<g transform=\"matrix(2 0 0 2 0 0)\">"), "\(svg)")
    }

    @Test func theSVGIsTheSameEveryTime() {
        let items = [fill(rect(10, 10, 80, 80), Self.redToBlue)]
        #expect(render(100, 100, items) == render(100, 100, items))
    }
}
