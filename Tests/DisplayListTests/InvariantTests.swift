import DisplayList
import SceneSource
import Testing

/// What `DisplayList` documents holds for every value, however it was built.
struct InvariantTests {
    let here = SourceSpan(file: FileID(0), start: 0, end: 0)

    @Test func lengthsAndOpacitiesAreClamped() {
        let nan = Double.nan, inf = Double.infinity
        #expect(DisplayList(width: -5, height: nan, items: []).width == 0)
        #expect(DisplayList(width: 5, height: nan, items: []).height == 0)
        let style = StrokeStyle(width: -2, miterLimit: 0.2, dash: [3, -1, nan], dashPhase: -inf)
        #expect(style.width == 0 && style.miterLimit == 1 && style.dash == [3, 0, 0])
        #expect(style.dashPhase == -Double.greatestFiniteMagnitude)
        let fill = Fill(path: Path(), paint: .color(.black), opacity: 7, source: here)
        #expect(fill.opacity == 1)
        #expect(PaintRegion(paint: .color(.black), opacity: -1, source: here).opacity == 0)
        let text = TextRun(
            string: "x", position: .zero, anchor: .start, fontFamily: "DejaVu Sans", fontSize: -3,
            fontWeight: 5000, color: .black, opacity: nan, source: here)
        #expect(text.fontSize == 0 && text.fontWeight == 1000 && text.opacity == 0)
    }

    @Test func gradientsHaveOrderedStopsInZeroToOne() {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let g = LinearGradient(
            stops: [
                GradientStop(offset: 0.6, color: red), GradientStop(offset: 0.2, color: blue),
                GradientStop(offset: 3, color: red),
            ], start: .zero, end: Point(1, 0))
        #expect(g.stops.map(\.offset) == [0.6, 0.6, 1])
        #expect(g.stops.map(\.color) == [red, blue, red])
        #expect(LinearGradient(stops: [], start: .zero, end: .zero).stops.count == 1)
    }

    @Test func colorsAreChannelsInZeroToOne() {
        let c = Color(red: 2, green: -1, blue: .nan, alpha: 0.5)
        #expect([c.red, c.green, c.blue, c.alpha] == [1, 0, 0, 0.5])
        #expect(c.with(alpha: 9).alpha == 1)
        #expect(Color.rgb255(87, 218, 213).hexRGBA == "#57dad5ff")
    }
}

/// The dump: one operation per line, children indented, the format Grammar.md §17 describes.
struct DumpTests {
    let here = SourceSpan(file: FileID(0), start: 0, end: 0)

    @Test func everyKindOfOperation() {
        let square = Path([.move(.zero), .line(Point(10, 0)), .line(Point(10, 10)), .close])
        let arc = Path([.arc(Arc(center: Point(5, 5), radiusX: 5, radiusY: 3, startAngle: 0, sweep: .pi))])
        let list = DisplayList(
            width: 100, height: 50.5,
            items: [
                .fill(Fill(path: square, paint: .color(.white), rule: .evenodd, opacity: 0.5, source: here)),
                .stroke(Stroke(path: arc, paint: .color(.black), style: StrokeStyle(width: 2, cap: .round, dash: [1, 2]), source: here)),
                .group(
                    Group(
                        transform: .translation(3, 4),
                        items: [
                            .clip(
                                Clip(
                                    path: square,
                                    items: [
                                        .paint(
                                            PaintRegion(
                                                paint: .linearGradient(
                                                    LinearGradient(
                                                        stops: [GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: .white)],
                                                        start: .zero, end: Point(0, 10), extend: .after)), source: here))
                                    ], source: here))
                        ], source: here)),
                .text(
                    TextRun(
                        string: "a \"q\" \\ b\nc", position: Point(1, 2), anchor: .middle, fontFamily: "DejaVu Sans",
                        fontSize: 12, fontWeight: 700, color: .black, source: here)),
            ])
        #expect(
            DisplayListDump().render(list) == """
                scene 100 50.5
                  fill #ffffffff rule=evenodd opacity=0.5 path M 0 0 L 10 0 L 10 10 Z
                  stroke #000000ff width=2 cap=round dash=1,2 path ARC 5 5 r=5,3 start=0 sweep=3.1416
                  group matrix(1 0 0 1 3 4)
                    clip path M 0 0 L 10 0 L 10 10 Z
                      paint linear(0 0 -> 0 10 extend=after [#000000ff@0 #ffffffff@1])
                    end clip
                  end group
                  text "a \\"q\\" \\\\ b\\nc" at 1 2 anchor=middle font="DejaVu Sans" size=12 weight=700 #000000ff

                """)
    }

    @Test func locationsNameComponentFiles() {
        var sources = SourceMap()
        let main = sources.add(SourceFile(path: "main.scene", text: "<scene>\n  <rect/>\n</scene>\n"))
        let part = sources.add(SourceFile(path: "part.scene", text: "<scene><oval/></scene>\n"))
        let list = DisplayList(
            width: 1, height: 1,
            items: [
                .paint(PaintRegion(paint: .color(.black), source: SourceSpan(file: main, start: 10, end: 17))),
                .paint(PaintRegion(paint: .color(.black), source: SourceSpan(file: part, start: 7, end: 14))),
            ])
        #expect(
            DisplayListDump(sources: sources).render(list) == """
                scene 1 1
                  paint #000000ff @2:3
                  paint #000000ff @part.scene:1:8

                """)
    }
}
