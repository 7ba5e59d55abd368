import DisplayList
import Foundation
import SceneSource
import Testing

/// `ConicGradient` (Grammar §11 "Conic gradients"): colors around the turn, the wedges the SVG and
/// the generated code's fallback draw, and the stops turned to start along +x.
struct ConicGradientTests {
    static let red = Color.rgb255(255, 0, 0), blue = Color.rgb255(0, 0, 255)
    static let wheel = ConicGradient(
        stops: [
            GradientStop(offset: 0, color: red), GradientStop(offset: 0.5, color: blue),
            GradientStop(offset: 1, color: red),
        ],
        center: Point(10, 20), startAngle: -Double.pi / 2)

    @Test func colorsPadBeforeTheFirstAndAfterTheLastStop() {
        let g = ConicGradient(
            stops: [GradientStop(offset: 0.25, color: Self.red), GradientStop(offset: 0.75, color: Self.blue)],
            center: .zero, startAngle: 0)
        #expect(g.color(at: 0) == Self.red)
        #expect(g.color(at: 0.5) == Color(red: 0.5, green: 0, blue: 0.5))
        #expect(g.color(at: 0.9) == Self.blue)
        // Two stops at one offset: the later one wins from there on.
        let hard = ConicGradient(
            stops: [GradientStop(offset: 0.5, color: Self.red), GradientStop(offset: 0.5, color: Self.blue)],
            center: .zero, startAngle: 0)
        #expect(hard.color(at: 0.4999) == Self.red)
        #expect(hard.color(at: 0.5) == Self.blue)
    }

    @Test func wedgesCoverTheTurnAndNeighboursDifferByOneStepAtMost() {
        let wedges = Self.wheel.wedges
        #expect(wedges.first?.from == 0)
        #expect(wedges.last?.to == 1)
        for (a, b) in zip(wedges, wedges.dropFirst()) {
            #expect(a.to == b.from)
            let steps = zip(a.color.bytes, b.color.bytes).map { abs($0 - $1) }
            #expect(steps.max()! <= 1, "\(a) \(b)")
            #expect(steps.max()! >= 1, "equal neighbours are merged: \(a) \(b)")
        }
        // Red to blue changes two channels by 255: 256 wedges each way, a few merged away.
        #expect(wedges.count > 2 * 250 && wedges.count <= 2 * 256, "\(wedges.count)")
        #expect(wedges.allSatisfy { $0.to - $0.from <= ConicGradient.maxWedge })
    }

    @Test func aConstantGradientIsOneWedge() {
        let g = ConicGradient(stops: [GradientStop(offset: 0.3, color: Self.red)], center: .zero, startAngle: 1)
        #expect(g.wedges.map(\.from) == [0])
        #expect(g.wedges.map(\.to) == [1])
        #expect(g.wedges.map(\.color) == [Self.red])
    }

    @Test func stopsFromZeroDrawTheSameColorsTurnedToPlusX() {
        for angle in [-Double.pi / 2, 0.7, 3 * Double.pi + 0.2, -10.0] {
            let g = ConicGradient(
                stops: [
                    GradientStop(offset: 0.1, color: Self.red), GradientStop(offset: 0.6, color: Self.blue),
                    GradientStop(offset: 0.8, color: .white),
                ],
                center: .zero, startAngle: angle)
            let turned = ConicGradient(stops: g.stopsFromZero, center: .zero, startAngle: 0)
            #expect(turned.stops.map(\.offset) == turned.stops.map(\.offset).sorted())
            for k in 0..<97 {
                let direction = 2 * Double.pi * (Double(k) + 0.5) / 97 // an angle from +x
                var t = (direction - angle) / (2 * Double.pi)
                t -= t.rounded(.down)
                let a = g.color(at: t), b = turned.color(at: direction / (2 * Double.pi))
                #expect(
                    abs(a.red - b.red) < 1e-9 && abs(a.green - b.green) < 1e-9 && abs(a.blue - b.blue) < 1e-9,
                    "angle \(angle), direction \(direction): \(a) vs \(b)")
            }
        }
    }

    @Test func codingAndDumpRoundTrip() throws {
        let g = ConicGradient(
            stops: [GradientStop(offset: 0, color: Self.red), GradientStop(offset: 1, color: .rgb255(0, 0, 255, alpha: 0.5))],
            center: Point(1.5, 2), startAngle: -1.5708)
        let list = DisplayList(
            width: 10, height: 10, items: [.paint(PaintRegion(paint: .conicGradient(g), source: SourceSpan(file: FileID(0), start: 0, end: 0)))])
        let decoded = try JSONDecoder().decode(DisplayList.self, from: try JSONEncoder().encode(list))
        #expect(decoded == list)
        let dump = DisplayListDump().render(list)
        #expect(dump.contains("paint conic(1.5 2 angle=-1.5708 [#ff0000ff@0 #0000ff/0.5@1])"), "\(dump)")
        #expect(DisplayListDump().render(try DisplayListDumpParser.parse(dump)) == dump)
    }
}
