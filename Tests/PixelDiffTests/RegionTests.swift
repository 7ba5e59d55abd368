import PNGBackend
import PixelDiff
import Testing

struct RegionTests {
    @Test func separateShapesAreSeparateRegions() {
        let old = image(100, 60, .white)
        let blob = (10..<20).flatMap { x in (5..<9).map { (x, $0) } }
        let dot = [(80, 50)]
        let result = compare(old, image(100, 60, .white, blob + dot))
        #expect(result.changedPixels == 41)
        #expect(
            result.regions == [
                DiffRegion(x: 10, y: 5, width: 10, height: 4, changedPixels: 40),
                DiffRegion(x: 80, y: 50, width: 1, height: 1, changedPixels: 1),
            ])
    }

    @Test(arguments: [0, 1, 4, 7])
    func theGapBothSides(gap: Int) {
        let old = image(40, 40, .white)
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1), (-1, 1)] {
            // gap unchanged pixels between: one region; one more: two.
            let near = [(15, 15), (15 + dx * (gap + 1), 15 + dy * (gap + 1))]
            let far = [(15, 15), (15 + dx * (gap + 2), 15 + dy * (gap + 2))]
            #expect(compare(old, image(40, 40, .white, near)) { $0.regionGap = gap }.regionCount == 1, "\(dx), \(dy)")
            #expect(compare(old, image(40, 40, .white, far)) { $0.regionGap = gap }.regionCount == 2, "\(dx), \(dy)")
        }
    }

    /// Chains join: a U shape whose arms only meet at the bottom, and a staircase.
    @Test func connectedThroughChains() {
        let u = (0..<10).flatMap { y in [(5, y), (25, y)] } + (5...25).map { ($0, 10) }
        let stairs = (0..<12).map { (50 + 3 * $0, 5 + 3 * $0) }
        let result = compare(image(100, 50, .white), image(100, 50, .white, u + stairs)) { $0.regionGap = 2 }
        #expect(
            result.regions.sorted { $0.x < $1.x } == [
                DiffRegion(x: 5, y: 0, width: 21, height: 11, changedPixels: 41),
                DiffRegion(x: 50, y: 5, width: 34, height: 34, changedPixels: 12),
            ])
    }

    @Test func theRegionListIsCapped() {
        let dots = (0..<30).map { (5 + 10 * ($0 % 6), 5 + 10 * ($0 / 6)) }
        let blob = [(65, 55), (66, 55)]
        let result = compare(image(70, 60, .white), image(70, 60, .white, dots + blob)) { $0.maxRegions = 3 }
        #expect(result.regionCount == 31 && result.regions.count == 3 && result.regionsCapped)
        // The largest first, then top to bottom, left to right.
        #expect(result.regions[0] == DiffRegion(x: 65, y: 55, width: 2, height: 1, changedPixels: 2))
        #expect(result.regions[1] == DiffRegion(x: 5, y: 5, width: 1, height: 1, changedPixels: 1))
        #expect(result.regions[2] == DiffRegion(x: 15, y: 5, width: 1, height: 1, changedPixels: 1))
        #expect(compare(image(70, 60, .white), image(70, 60, .white, dots)) { $0.maxRegions = 0 }.regions.isEmpty)
    }

    /// A rendered stroke that changes color is one region, anti-aliased ends and all.
    @Test func aChangedStrokeIsOneRegion() throws {
        func arc(_ color: String) -> String {
            scene(
                80, 80,
                """
                <oval x="4" y="4" width="72" height="72" fill="rgb(87, 218, 213)"/>
                <path stroke="\(color)" lineWidth="3"><move x="15" y="60"/><line x="40" y="20"/><line x="65" y="60"/></path>
                """)
        }
        let result = compare(try render(arc("white"), scale: 2), try render(arc("rgb(34, 110, 100)"), scale: 2))
        #expect(result.regionCount == 1, "\(result.regions)")
        let region = try #require(result.regions.first)
        #expect(region.x >= 26 && region.x <= 30 && region.x + region.width >= 130 && region.x + region.width <= 134, "\(region)")
        #expect(result.lighterPixels == 0)
    }
}
