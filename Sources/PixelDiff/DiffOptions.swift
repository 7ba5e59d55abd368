/// How `PixelDiff.compare` judges and draws. The defaults are pixelmatch's (v7.2.0, with semi-transparent
/// pixels blended over white, its `checkerboard: false`), except that lighter and darker changes get
/// different colors in the diff image.
public struct DiffOptions: Sendable, Hashable {
    /// How different two pixels must look to count, 0 (any difference) to 1: a pixel changes when its
    /// YIQ delta exceeds `35215 × threshold²` (35215 is pixelmatch's bound for the delta). pixelmatch's
    /// scale from v4.0.0 through v7.2.0 and PyPI pixelmatch's; pixelmatch's later OKLab versions
    /// use another one.
    public var threshold: Double = 0.1
    /// Count anti-aliased pixels as changes too (pixelmatch's `includeAA`, which turns its
    /// anti-aliasing detection off). By default they are counted apart, as `antiAliasedPixels`.
    public var includeAA: Bool = false

    /// Make `DiffResult.diffImage`. Off by default: the counts and regions cost less without it.
    public var makeDiffImage: Bool = false
    /// The opacity of the old image's faded gray copy under the diff image's colors.
    public var alpha: Double = 0.1
    /// Changed pixels where the new image is darker; all changed pixels when `diffColorAlt` is nil.
    public var diffColor = DiffColor(255, 0, 0)
    /// Changed pixels where the new image is lighter (or as bright, in another hue). A blue, so that
    /// red and blue read as "got darker" and "got lighter", also for red-green color blindness; nil
    /// paints every change `diffColor`, as pixelmatch does by default. (pixelmatch's own
    /// `diffColorAlt` is for the darker side: to reproduce its image with both set, swap them.)
    public var diffColorAlt: DiffColor? = DiffColor(0, 96, 255)
    /// Pixels that differ only by anti-aliasing (when `includeAA` is off).
    public var aaColor = DiffColor(255, 255, 0)

    /// Changed pixels with at most this many unchanged pixels between them, across, down or
    /// diagonally, belong to one region: small enough that separate shapes stay apart, large enough
    /// that a changed stroke with anti-aliased pixels along it, or a changed word, is one region.
    public var regionGap: Int = 4
    /// The most regions reported (the largest ones); `DiffResult.regionCount` says how many there were.
    public var maxRegions: Int = 100

    public init() {}
}

/// An opaque color of the diff image.
public struct DiffColor: Sendable, Hashable, CustomStringConvertible {
    public var red, green, blue: UInt8
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }
    public var description: String { "rgb(\(red), \(green), \(blue))" }
}
