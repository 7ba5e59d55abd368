import DisplayList
import SVGBackend
import Testing

/// `SVGBackend.stream` hands out exactly `render`'s bytes, in pieces of about a megabyte.
struct StreamTests {
    @Test func streamedBytesAreTheDocument() {
        // 40 000 shapes, rectangles kept as four numbers and general paths, with groups and clips:
        // several megabytes, so several pieces.
        var items: [DisplayItem] = []
        for i in 0..<40_000 {
            let x = Double(i % 200), y = Double(i / 200)
            let shape = i % 3 == 0 ? Path.rect(x: x, y: y, width: 0.8, height: 0.8) : rect(x, y, 0.8, 0.5)
            items.append(fill(shape, .color(.rgb255(Double(i % 256), 90, 160))))
            if i % 1000 == 0 {
                items.append(group(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y), [clip(rect(0, 0, 5, 5), [fill(rect(1, 1, 2, 2), red)])]))
            }
        }
        let list = DisplayList(width: 200, height: 200, items: items)
        var pieces: [[UInt8]] = []
        SVGBackend.stream(list) { pieces.append(Array($0)) }
        let whole = Array(SVGBackend.render(list).utf8)
        #expect(whole.count > 2 << 20)
        #expect(pieces.count >= 2)
        #expect(pieces.dropLast().allSatisfy { $0.count >= 1 << 20 && $0.last == UInt8(ascii: "\n") })
        #expect(pieces.flatMap { $0 } == whole)
    }

    @Test func aRectangleKeptAsFourNumbersIsTheSamePath() {
        let kept = Path.rect(x: 1.5, y: -2, width: 3, height: 4.25)
        let spelled = Path([.move(Point(1.5, -2)), .line(Point(4.5, -2)), .line(Point(4.5, 2.25)), .line(Point(1.5, 2.25)), .close])
        #expect(kept == spelled && spelled == kept)
        #expect(kept.hashValue == spelled.hashValue)
        #expect(kept.segments == spelled.segments && kept.segmentCount == 5 && !kept.isEmpty)
        #expect(render(10, 10, [fill(kept, red)]) == render(10, 10, [fill(spelled, red)]))
        #expect(kept != Path.rect(x: 1.5, y: -2, width: 3, height: 4))
    }
}
