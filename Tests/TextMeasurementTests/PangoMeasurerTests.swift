import TextMeasurement
import Testing

/// Pango under the pinned fonts measures what the DejaVu files say (advances from their hmtx
/// tables, 2048 units per em) and finds characters none of them has. The pixel comparison with
/// librsvg, resvg and Chromium is Tests/render/check_text_width.py.
struct PangoMeasurerTests {
    let measurer = PangoMeasurer.shared

    /// `n` units of 2048 per em at `size`, as Pango rounds it: to 1/1024 of a point.
    func units(_ n: Double, size: Double) -> Double { (n / 2048 * size * 1024).rounded() / 1024 }

    @Test func advancesAreTheFontsOwn() throws {
        // DejaVu Sans 'M' 1767 units; DejaVu Sans Mono: every glyph 1233 units; Sans Bold 'M' 2038 (read
        // from each file's cmap and hmtx tables with a 40-line table reader, not from Pango).
        #expect(try #require(measurer.width(of: "M", family: "DejaVu Sans", size: 100, weight: 400)) == units(1767, size: 100))
        #expect(try #require(measurer.width(of: "Mono", family: "DejaVu Sans Mono", size: 10, weight: 400)) == units(4 * 1233, size: 10))
        #expect(try #require(measurer.width(of: "M", family: "DejaVu Sans", size: 100, weight: 700)) == units(2038, size: 100))
    }

    @Test func widthGrowsWithSizeAndLengthAndIsRepeatable() throws {
        let a = try #require(measurer.width(of: "Average: 4.6", family: "DejaVu Serif", size: 12, weight: 400))
        let b = try #require(measurer.width(of: "Average: 4.6", family: "DejaVu Serif", size: 24, weight: 400))
        #expect(abs(b - 2 * a) < 0.002)
        #expect(try #require(measurer.width(of: "Average: 4.6!", family: "DejaVu Serif", size: 12, weight: 400)) > a)
        #expect(measurer.width(of: "Average: 4.6", family: "DejaVu Serif", size: 12, weight: 400) == a)
    }

    @Test func ligaturesAreNotFormedAsInLibrsvg() throws {
        // librsvg sets a letter-spacing attribute, so Pango keeps "fi" as two glyphs: f + i.
        let fi = try #require(measurer.width(of: "fi", family: "DejaVu Serif", size: 100, weight: 400))
        let f = try #require(measurer.width(of: "f", family: "DejaVu Serif", size: 100, weight: 400))
        let i = try #require(measurer.width(of: "i", family: "DejaVu Serif", size: 100, weight: 400))
        #expect(abs(fi - (f + i)) < 0.002)
    }

    @Test func missingCharactersAreFoundOnceInOrder() {
        #expect(measurer.missingCharacters(in: "Tokyo 東京 東 ✓ café ☃", family: "DejaVu Sans", weight: 400) == ["東", "京"])
        #expect(measurer.missingCharacters(in: "plain ASCII", family: "DejaVu Sans", weight: 400).isEmpty)
        #expect(measurer.missingCharacters(in: "Ωμέγα ДЖ ✓", family: "DejaVu Serif", weight: 700).isEmpty)
        // Asked twice (the second from the cache of covered characters) gives the same answer.
        #expect(measurer.missingCharacters(in: "東 and é", family: "DejaVu Sans", weight: 400) == ["東"])
    }
}
