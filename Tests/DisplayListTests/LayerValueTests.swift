import DisplayList
import Foundation
import SceneSource
import Testing

/// `Layer` and `Shadow`: their invariants, their dump line read back, their JSON round trip.
struct LayerValueTests {
    let here = SourceSpan(file: FileID(0), start: 0, end: 0)
    let square = Path([.move(.zero), .line(Point(10, 0)), .line(Point(10, 10)), .close])

    @Test func opacityAndBlurAreClamped() {
        let s = Shadow(offsetX: .nan, offsetY: -.infinity, blur: -3, color: .black)
        #expect(s.offsetX == 0 && s.offsetY == -Double.greatestFiniteMagnitude && s.blur == 0)
        #expect(Shadow(offsetX: 0, offsetY: 0, blur: 8, color: .black).sigma == 4)
        #expect(Layer(opacity: 4, items: [], source: here).opacity == 1)
        #expect(Layer(opacity: .nan, items: [], source: here).opacity == 0)
    }

    var list: DisplayList {
        let shadow = Shadow(offsetX: -1.5, offsetY: 2, blur: 4, color: Color(red: 0, green: 0, blue: 0, alpha: 0.3))
        return DisplayList(
            width: 20, height: 20,
            items: [
                .layer(
                    Layer(
                        opacity: 0.4, shadow: shadow,
                        items: [
                            .fill(Fill(path: square, paint: .color(.white), source: here)),
                            .layer(Layer(opacity: 0.5, items: [.fill(Fill(path: square, paint: .color(.black), source: here))], source: here)),
                        ], source: here)),
                .layer(
                    Layer(shadow: shadow, blend: .multiply, items: [.fill(Fill(path: square, paint: .color(.white), source: here))], source: here)),
            ])
    }

    @Test func theDumpReadsBack() throws {
        let text = DisplayListDump().render(list)
        #expect(
            text == """
                scene 20 20
                  layer opacity=0.4 shadow=-1.5,2 blur=4 #000000/0.3
                    fill #ffffffff path M 0 0 L 10 0 L 10 10 Z
                    layer opacity=0.5
                      fill #000000ff path M 0 0 L 10 0 L 10 10 Z
                    end layer
                  end layer
                  layer shadow=-1.5,2 blur=4 #000000/0.3 blend=multiply
                    fill #ffffffff path M 0 0 L 10 0 L 10 10 Z
                  end layer

                """)
        #expect(try DisplayListDumpParser.parse(text) == list)
        #expect(throws: DisplayListDumpParser.Problem.self) {
            try DisplayListDumpParser.parse("scene 1 1\n  layer shadow=1 blur=2 #000000ff\n  end layer\n")
        }
    }

    @Test func jsonRoundTrips() throws {
        let data = try JSONEncoder().encode(list)
        #expect(try JSONDecoder().decode(DisplayList.self, from: data) == list)
    }
}
