import DisplayList
import PNGBackend
import SceneSource
import Testing

/// The memory bound of PNG output (issue 5): librsvg needs about 2 KB for each SVG element, so the
/// number of elements is checked, like the pixels, before librsvg sees the document.
struct PNGLimitTests {
    static func squares(_ n: Int) -> DisplayList {
        let items = (0..<n).map { i -> DisplayItem in
            let x = Double(i % 10)
            let path = Path([.move(Point(x, 0)), .line(Point(x + 1, 0)), .line(Point(x + 1, 1)), .close])
            return .fill(Fill(path: path, paint: .color(.rgb255(255, 0, 0)), source: SourceSpan(file: FileID(0), start: 0, end: 0)))
        }
        return DisplayList(width: 10, height: 10, items: items)
    }

    @Test func theElementLimitBothSides() throws {
        var options = RasterOptions()
        #expect(options.maxElements == 50_000)
        // 9 paths and the <svg> root: 10 elements.
        options.maxElements = 10
        let png = try PNGBackend.render(Self.squares(9), options: options)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        do {
            _ = try PNGBackend.render(Self.squares(10), options: options)
            Issue.record("11 elements were rendered with a limit of 10")
        } catch {
            #expect(
                error.description == "the image's SVG has 11 elements, over the limit of 10 for PNG output "
                    + "(librsvg needs about 2 KB of memory for each)")
            #expect(error.kind == .tooManyElements)
        }
    }
}
