import DisplayList
import Foundation
import SceneSource
import Testing

/// `DisplayItem.mask`: its content's items, then its masked items, in the one numbering, in the
/// dump (between `content` and `end content`, one level deeper) and in JSON.
struct MaskValueTests {
    static let here = SourceSpan(file: FileID(0), start: 0, end: 0)

    static func square(_ x: Double) -> DisplayItem {
        .fill(Fill(path: Path([.move(Point(x, 0)), .line(Point(x + 1, 0)), .line(Point(x + 1, 1)), .close]), paint: .color(.black), source: here))
    }

    /// A mask whose content holds a group, and whose masked items hold a mask of their own.
    static let list = DisplayList(
        width: 10, height: 10,
        items: [
            .mask(
                Mask(
                    mode: .alpha,
                    content: [
                        square(1),
                        .group(Group(transform: .translation(1, 2), items: [square(3)], source: here)),
                    ],
                    items: [
                        square(4),
                        .mask(Mask(mode: .luminance, content: [square(6)], items: [square(7)], source: here)),
                    ], source: here)),
            square(8),
        ])

    @Test func theContentComesFirstInTheNumbering() throws {
        let walk = Array(Self.list.preOrder)
        #expect(walk.map(\.index) == Array(0..<9))
        #expect(Self.list.operationCount == 9)
        for (index, item, _) in walk {
            if case .fill(let f) = item { #expect(f.path.segments.first == .move(Point(Double(index), 0))) }
        }
        guard case .mask(let outer) = Self.list.items[0], case .mask(let inner) = outer.items[1] else {
            Issue.record("no masks")
            return
        }
        #expect(outer.firstItemIndex(at: 0) == 4)
        #expect(inner.firstItemIndex(at: 5) == 7)
    }

    @Test func theDumpReadsBack() throws {
        let text = DisplayListDump().render(Self.list)
        #expect(
            text == """
                scene 10 10
                  mask mode=alpha
                    content
                      fill #000000ff path M 1 0 L 2 0 L 2 1 Z
                      group matrix(1 0 0 1 1 2)
                        fill #000000ff path M 3 0 L 4 0 L 4 1 Z
                      end group
                    end content
                    fill #000000ff path M 4 0 L 5 0 L 5 1 Z
                    mask mode=luminance
                      content
                        fill #000000ff path M 6 0 L 7 0 L 7 1 Z
                      end content
                      fill #000000ff path M 7 0 L 8 0 L 8 1 Z
                    end mask
                  end mask
                  fill #000000ff path M 8 0 L 9 0 L 9 1 Z

                """)
        #expect(try DisplayListDumpParser.parse(text) == Self.list)
    }

    @Test func anEmptyContentOrBodyStillDumpsAndReadsBack() throws {
        let list = DisplayList(
            width: 10, height: 10,
            items: [
                .mask(Mask(mode: .alpha, content: [], items: [Self.square(1)], source: Self.here)),
                .mask(Mask(mode: .luminance, content: [Self.square(3)], items: [], source: Self.here)),
            ])
        let text = DisplayListDump().render(list)
        #expect(text.contains("    content\n    end content\n    fill"))
        #expect(try DisplayListDumpParser.parse(text) == list)
    }

    @Test func aMaskWithoutItsContentLineIsNamed() {
        #expect(throws: DisplayListDumpParser.Problem(line: 3, message: "expected 'content' after 'mask'")) {
            try DisplayListDumpParser.parse("scene 10 10\n  mask mode=alpha\n    fill #000000ff path M 0 0 Z\n  end mask\n")
        }
        #expect(throws: DisplayListDumpParser.Problem(line: 2, message: "unknown keyword 'soft'")) {
            try DisplayListDumpParser.parse("scene 10 10\n  mask mode=soft\n    content\n    end content\n  end mask\n")
        }
    }

    @Test func jsonRoundTrips() throws {
        let data = try JSONEncoder().encode(Self.list)
        #expect(try JSONDecoder().decode(DisplayList.self, from: data) == Self.list)
    }
}
