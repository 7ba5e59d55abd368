import PNGBackend
import RasterImage
@testable import PixelDiff
import Testing

struct PixelDiffTests {
    @Test func identicalImagesDifferNowhere() throws {
        let counter = try render(scene(60, 40, "<oval x=\"5\" y=\"5\" width=\"40\" height=\"30\" fill=\"rgb(87, 218, 213)\"/>"), scale: 2)
        let result = compare(counter, counter) { $0.makeDiffImage = true }
        #expect(result.changedPixels == 0 && result.antiAliasedPixels == 0 && result.lighterPixels == 0)
        #expect(result.regions.isEmpty && result.regionCount == 0 && !result.regionsCapped)
        #expect(result.matches && !result.sizeChanged && result.changedShare == 0)
        #expect(result.canvas == PixelSize(width: 120, height: 80))
        // The diff image is the faded gray copy everywhere: white where transparent.
        let diff = try #require(result.diffImage)
        #expect(diff[0, 0] == .white)
        #expect(diff[60, 40].r == diff[60, 40].g && diff[60, 40].r < 255)
        // An empty canvas too.
        #expect(compare(RGBAImage(width: 0, height: 0), RGBAImage(width: 0, height: 0)).matches)
    }

    @Test func onePixelChange() {
        let old = image(20, 10, .white)
        let new = image(20, 10, .white, [(7, 3)])
        let result = compare(old, new)
        #expect(result.changedPixels == 1 && result.antiAliasedPixels == 0)
        #expect(result.regions == [DiffRegion(x: 7, y: 3, width: 1, height: 1, changedPixels: 1)])
        #expect(result.changedShare == 1.0 / 200)
        #expect(!result.matches)
        // Also in the corners, where the neighbourhoods are cut.
        for (x, y) in [(0, 0), (19, 0), (0, 9), (19, 9)] {
            #expect(compare(old, image(20, 10, .white, [(x, y)])).changedPixels == 1, "(\(x), \(y))")
        }
    }

    @Test func darkerAndLighterChanges() throws {
        let old = image(10, 10, .gray)
        let darker = compare(old, image(10, 10, .gray, [(2, 2), (3, 2)], .init(0, 0, 0))) { $0.makeDiffImage = true }
        #expect(darker.changedPixels == 2 && darker.lighterPixels == 0)
        #expect(try #require(darker.diffImage)[2, 2] == .init(255, 0, 0))
        let lighter = compare(old, image(10, 10, .gray, [(2, 2), (3, 2)], .white)) { $0.makeDiffImage = true }
        #expect(lighter.changedPixels == 2 && lighter.lighterPixels == 2)
        #expect(try #require(lighter.diffImage)[3, 2] == .init(0, 96, 255))
        // pixelmatch's default: one color for both.
        let plain = compare(old, image(10, 10, .gray, [(2, 2)], .white)) {
            $0.makeDiffImage = true; $0.diffColorAlt = nil
        }
        #expect(try #require(plain.diffImage)[2, 2] == .init(255, 0, 0))
        // A hue change of about the same brightness is a change too.
        let hue = compare(image(4, 4, .init(200, 50, 50)), image(4, 4, .init(50, 120, 80)))
        #expect(hue.changedPixels == 16)
    }

    @Test func theThresholdBothSides() {
        // 128 → 140 in gray: a YIQ delta of 0.5053 × 12² ≈ 72.8, under 35215 × 0.1² = 352.15.
        let old = image(5, 5, .gray), new = image(5, 5, .gray, [(2, 2)], .init(140, 140, 140))
        #expect(compare(old, new).changedPixels == 0)
        #expect(compare(old, new) { $0.threshold = 0.04 }.changedPixels == 1) // 35215 × 0.04² ≈ 56.3
        // 128 → 155: 0.5053 × 27² ≈ 368.4, over 352.15.
        #expect(compare(old, image(5, 5, .gray, [(2, 2)], .init(155, 155, 155))).changedPixels == 1)
        #expect(compare(old, image(5, 5, .gray, [(2, 2)], .init(154, 154, 154))).changedPixels == 0) // ≈ 341.6
        // Black against white: 0.5053 × 255² ≈ 32857, which 35215 × 0.97² ≈ 33134 covers and 0.96² ≈ 32454 does not.
        #expect(compare(image(3, 3, .white), image(3, 3, .init(0, 0, 0))) { $0.threshold = 0.97 }.changedPixels == 0)
        #expect(compare(image(3, 3, .white), image(3, 3, .init(0, 0, 0))) { $0.threshold = 0.96 }.changedPixels == 9)
    }

    @Test func translucentPixelsAreBlendedOverWhite() {
        // Any color under alpha 0 is white; half-transparent black looks like mid gray.
        #expect(compare(image(3, 3, .clear), image(3, 3, .init(12, 200, 7, 0))).changedPixels == 0)
        #expect(compare(image(3, 3, .clear), image(3, 3, .white)).changedPixels == 0)
        #expect(compare(image(3, 3, .init(0, 0, 0, 128)), image(3, 3, .gray)).changedPixels == 0)
        #expect(compare(image(3, 3, .clear), image(3, 3, .init(0, 0, 0, 128))).changedPixels == 9)
    }

    /// The same edge, a fraction of a pixel apart: only anti-aliasing differs.
    @Test(arguments: [0.3, 0.5, 0.75])
    func shiftedEdgesAreAntiAliasing(shift: Double) throws {
        func square(_ x: Double) -> String {
            scene(40, 30, "<rect x=\"\(x)\" y=\"8\" width=\"20\" height=\"14\" fill=\"rgb(34, 110, 100)\"/>")
        }
        let old = try render(square(10)), new = try render(square(10 + shift))
        let result = compare(old, new) { $0.makeDiffImage = true }
        #expect(result.changedPixels == 0, "\(result.regions)")
        #expect(result.antiAliasedPixels > 0)
        #expect(try #require(result.diffImage)[10, 15] == .init(255, 255, 0))
        // With anti-aliasing included, the two edge columns (left and right) count.
        let counted = compare(old, new) { $0.includeAA = true }
        #expect(counted.changedPixels == result.antiAliasedPixels)
        #expect(counted.changedPixels == 2 * 14, "\(counted.regions)")
    }

    @Test func differentSizesAreComparedOverBothCanvases() {
        let red = RGBAImage.Pixel(255, 0, 0)
        let result = compare(image(10, 8, red), image(12, 6, red))
        #expect(result.sizeChanged && !result.matches)
        #expect(result.oldSize == PixelSize(width: 10, height: 8) && result.newSize == PixelSize(width: 12, height: 6))
        #expect(result.canvas == PixelSize(width: 12, height: 8))
        // Two new columns at the right, two lost rows at the bottom; the corner they share is
        // transparent in both.
        #expect(result.changedPixels == 2 * 6 + 10 * 2)
        #expect(result.regions == [DiffRegion(x: 0, y: 0, width: 12, height: 8, changedPixels: 32)])
        // A size change alone, into pixels that look the same (transparent is white).
        let grown = compare(image(4, 4, .white), image(6, 4, .clear))
        #expect(grown.changedPixels == 0 && grown.sizeChanged && !grown.matches)
    }

    @Test func diffImageIsPixelmatchStyle() throws {
        let old = image(4, 1, .white).replacing([(1, 0, .init(0, 0, 0)), (2, 0, .init(10, 20, 30, 0)), (3, 0, .init(0, 0, 0, 128))])
        let diff = try #require(compare(old, old) { $0.makeDiffImage = true }.diffImage)
        // 255 + (Y − 255) × 0.1 × alpha / 255, truncated.
        #expect(diff[0, 0] == .white)
        #expect(diff[1, 0] == .init(229, 229, 229)) // 229.5
        #expect(diff[2, 0] == .white)
        #expect(diff[3, 0] == .init(242, 242, 242)) // 255 − 25.5 × 128 / 255 ≈ 242.2
        let faint = try #require(
            compare(old, old) {
                $0.makeDiffImage = true; $0.alpha = 1
            }.diffImage)
        #expect(faint[1, 0] == .init(0, 0, 0))
    }
}

/// scenec's own measure beside the port (issue 27): CIEDE2000 against a bound of a visible change.
struct VisibleChangeMeasureTests {
    /// Sharma, Wu and Dalal's (2005) test pairs: ΔE00 to their 4 decimals.
    @Test func ciede2000AgreesWithSharmasTestData() {
        let pairs: [((Double, Double, Double), (Double, Double, Double), Double)] = [
            ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
            ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615),
            ((50, -1.3802, -84.2814), (50, 0, -82.7485), 1.0000),
            ((50, 0, 0), (50, -1, 2), 2.3669),
            ((50, 2.5, 0), (73, 25, -18), 27.1492),
            ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
            ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
            ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
        ]
        for (x, y, expected) in pairs {
            let e = CIEDE2000.difference(.init(l: x.0, a: x.1, b: x.2), .init(l: y.0, a: y.1, b: y.2))
            #expect(abs(e - expected) < 0.00005, "\(x) \(y): \(e)")
            let back = CIEDE2000.difference(.init(l: y.0, a: y.1, b: y.2), .init(l: x.0, a: x.1, b: x.2))
            #expect(abs(back - expected) < 0.00005, "symmetric: \(back)")
        }
    }

    /// White to a 10% gray: below pixelmatch's 0.1, beyond the visible bound.
    @Test func aTenPercentGrayIsAVisibleChange() {
        let old = image(4, 4, .white), new = image(4, 4, .init(0xe6, 0xe6, 0xe6))
        let pixelmatch = compare(old, new)
        #expect(pixelmatch.changedPixels == 0)
        #expect(pixelmatch.differingPixels == 16)
        #expect(abs(pixelmatch.largestDifference - 0.0947) < 0.0005, "\(pixelmatch.largestDifference)")
        let visible = PixelDiff.compare(old, new, options: .forReview(threshold: nil))
        #expect(visible.changedPixels == 16)
        #expect(visible.lighterPixels == 0, "darker")
        #expect(visible.differingPixels == 16 && visible.largestDifference == 0, "all counted, none below: \(visible.largestDifference)")
        // A threshold given is pixelmatch's, as in a manifest.
        #expect(PixelDiff.compare(old, new, options: .forReview(threshold: 0.1)).changedPixels == 0)
    }

    /// One step of one channel is never a visible change, whatever the color (the bound sits above
    /// the largest such step), and an opacity change is seen over black as well as over white.
    @Test func oneStepOfAChannelIsNeverAChange() {
        var largest = 0.0
        for r in stride(from: 0, to: 255, by: 5) {
            for g in stride(from: 0, to: 255, by: 5) {
                for b in stride(from: 0, to: 255, by: 5) {
                    let x = CIEDE2000.lab(r, g, b)
                    for step in [(1, 0, 0), (0, 1, 0), (0, 0, 1)] {
                        largest = max(largest, CIEDE2000.difference(x, CIEDE2000.lab(r + step.0, g + step.1, b + step.2)))
                    }
                }
            }
        }
        #expect(largest < DiffOptions.visibleDeltaE, "\(largest)")
        #expect(largest > 1, "the bound is not far above what one step makes: \(largest)")
        // White at half opacity against opaque white: invisible over white, plain over black.
        let half = PixelDiff.compare(image(2, 2, .white), image(2, 2, .init(255, 255, 255, 128)), options: .forReview(threshold: nil))
        #expect(half.changedPixels == 4)
    }
}
