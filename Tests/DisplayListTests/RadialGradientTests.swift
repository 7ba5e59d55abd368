import DisplayList
import Foundation
import SceneSource
import Testing

struct RadialGradientTests {
    @Test func radiiAndStopsKeepTheInvariants() {
        let g = RadialGradient(
            stops: [GradientStop(offset: 0.6, color: .white), GradientStop(offset: 0.2, color: .white)],
            startCenter: .zero, startRadius: -3, endCenter: .zero, endRadius: .infinity)
        #expect(g.startRadius == 0)
        #expect(g.endRadius == Double.greatestFiniteMagnitude)
        #expect(g.stops.map(\.offset) == [0.6, 0.6])
        #expect(RadialGradient(stops: [], startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1).stops.count == 1)
    }

    @Test func nestingIsStrict() {
        func nested(_ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double) -> Bool {
            RadialGradient(stops: [], startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1).isNested
        }
        #expect(nested(Point(0, 0), 0, Point(0, 0), 1))
        #expect(nested(Point(0, 0), 5, Point(1, 0), 1)) // the end circle inside the start circle
        #expect(!nested(Point(0, 0), 1, Point(1, 0), 2)) // touching inside: a cone's edge case
        #expect(!nested(Point(0, 0), 2, Point(0, 0), 2))
    }

    @Test func codingAndDumpRoundTrip() throws {
        let paint = Paint.radialGradient(
            RadialGradient(
                stops: [GradientStop(offset: 0, color: .rgb255(255, 0, 0)), GradientStop(offset: 1, color: .rgb255(0, 0, 255, alpha: 0.5))],
                startCenter: Point(1.5, 2), startRadius: 0, endCenter: Point(3, 4), endRadius: 10, extend: .after))
        let list = DisplayList(
            width: 10, height: 10, items: [.paint(PaintRegion(paint: paint, source: SourceSpan(file: FileID(0), start: 0, end: 0)))])
        let decoded = try JSONDecoder().decode(DisplayList.self, from: try JSONEncoder().encode(list))
        #expect(decoded == list)
        let dump = DisplayListDump().render(list)
        #expect(dump.contains("paint radial(1.5 2 r=0 -> 3 4 r=10 extend=after [#ff0000ff@0 #0000ff/0.5@1])"))
        #expect(DisplayListDump().render(try DisplayListDumpParser.parse(dump)) == dump)
    }

    @Test func blendModesRoundTrip() throws {
        let span = SourceSpan(file: FileID(0), start: 0, end: 0)
        let square = Path([.move(Point(0, 0)), .line(Point(1, 0)), .line(Point(1, 1)), .close])
        let list = DisplayList(
            width: 10, height: 10,
            items: [
                .group(
                    Group(
                        transform: .identity,
                        items: [
                            .fill(Fill(path: square, paint: .color(.white), blend: .multiply, source: span)),
                            .stroke(Stroke(path: square, paint: .color(.white), style: StrokeStyle(), blend: .hardLight, source: span)),
                        ], blend: .screen, source: span)),
                .paint(PaintRegion(paint: .color(.white), blend: .exclusion, source: span)),
            ])
        #expect(try JSONDecoder().decode(DisplayList.self, from: try JSONEncoder().encode(list)) == list)
        let dump = DisplayListDump().render(list)
        #expect(dump.contains("group matrix(1 0 0 1 0 0) blend=screen\n"))
        #expect(dump.contains("stroke #ffffffff width=1 blend=hard-light path"))
        #expect(DisplayListDump().render(try DisplayListDumpParser.parse(dump)) == dump)
        // Without blend modes the JSON has no `blend` key at all.
        let plain = DisplayList(width: 1, height: 1, items: [.paint(PaintRegion(paint: .color(.white), source: span))])
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("blend"))
    }
}
