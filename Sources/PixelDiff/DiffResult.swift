import RasterImage

/// What `PixelDiff.compare` found. All coordinates and counts are over the canvas: the union of the
/// two images, each anchored at the top left, with transparent pixels where one has none.
public struct DiffResult: Sendable, Hashable {
    /// The sizes compared; `canvas` is the larger of each side.
    public let oldSize: PixelSize
    public let newSize: PixelSize
    public let canvas: PixelSize
    public var sizeChanged: Bool { oldSize != newSize }

    /// Pixels whose color changed beyond the threshold, anti-aliasing excluded (unless `includeAA`).
    public let changedPixels: Int
    /// Of those, the ones where the new image is lighter (or as bright, in another hue); the rest
    /// are darker.
    public let lighterPixels: Int
    /// Pixels beyond the threshold that anti-aliasing explains, not counted as changed.
    public let antiAliasedPixels: Int
    /// Pixels whose bytes differ at all, changed or not: more than `changedPixels +
    /// antiAliasedPixels` when some changed below the threshold.
    public let differingPixels: Int
    /// The largest difference of a pixel that did not count (below the bound), on the bound's scale
    /// (`DiffOptions.bound`: ΔE00, or pixelmatch's threshold); 0 when there is none.
    public let largestDifference: Double
    /// Pixels that changed, but not beyond the threshold (anti-aliasing apart).
    public var belowThresholdPixels: Int { differingPixels - changedPixels - antiAliasedPixels }

    /// `changedPixels` over the canvas's pixels, 0 to 1 (0 for an empty canvas).
    public var changedShare: Double {
        canvas.pixelCount == 0 ? 0 : Double(changedPixels) / Double(canvas.pixelCount)
    }

    /// The changed regions, largest (most changed pixels) first, at most `DiffOptions.maxRegions`.
    public let regions: [DiffRegion]
    /// How many regions there were in all; more than `regions.count` when the list was capped.
    public let regionCount: Int
    public var regionsCapped: Bool { regionCount > regions.count }

    /// The diff image, when `DiffOptions.makeDiffImage` asked for it: canvas-sized, changed pixels in
    /// `diffColor` / `diffColorAlt`, anti-aliasing in `aaColor`, the rest a faded gray copy of the old image.
    public let diffImage: RGBAImage?

    /// Nothing changed: no changed pixels and the same size (anti-aliasing alone does not count).
    public var matches: Bool { changedPixels == 0 && !sizeChanged }
}

/// A width and a height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public var pixelCount: Int { width * height }
    public var description: String { "\(width)×\(height)" }
}
