/// How `PixelDiff.compare` judges and draws. The defaults are pixelmatch's (v7.2.0, with semi-transparent
/// pixels blended over white, its `checkerboard: false`), except that lighter and darker changes get
/// different colors in the diff image.
public struct DiffOptions: Sendable, Hashable {
    /// How a pixel's change is measured and judged.
    public enum Measure: Sendable, Hashable {
        /// pixelmatch's YIQ delta against `threshold` (the port's, for its agreement with pixelmatch).
        case pixelmatch
        /// CIEDE2000 (`CIEDE2000`: each pixel over white and over black) against `maxDeltaE`: what a
        /// person can see, for two renders made by the same renderer (scenec's default, `forReview`).
        case ciede2000
    }

    /// The measure; pixelmatch's by default, so that the port stays pixelmatch.
    public var measure: Measure = .pixelmatch
    /// With `.ciede2000`: a pixel changes when its ΔE00 exceeds this.
    public var maxDeltaE: Double = DiffOptions.visibleDeltaE
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

    /// scenec's ΔE00 bound of a visible change: above the largest difference one step of one
    /// 8-bit channel makes (1.25, a dark green) and above the largest a move below the structural
    /// tolerance made on the bench manifest (1.95: at 1.5 only the anti-aliasing detector kept such
    /// pixels from counting), so neither is ever a change; well below a 10% gray on white (5.2).
    /// docs/snapshots.md, has the measurements.
    public static let visibleDeltaE = 2.0

    /// What `scenec diff` and `scenec test` judge by, the same for both: with no `threshold`, a
    /// change a person can see (`.ciede2000` beyond `visibleDeltaE`); with one (a team whose
    /// references come from other machines), pixelmatch's measure at that threshold.
    public static func forReview(threshold: Double?) -> DiffOptions {
        var options = DiffOptions()
        if let threshold { options.threshold = threshold } else { options.measure = .ciede2000 }
        return options
    }

    /// The bound a pixel must exceed, in the measure's own unit (ΔE00, or pixelmatch's threshold).
    public var bound: Double { measure == .ciede2000 ? maxDeltaE : threshold }
}

/// An opaque color of the diff image.
public struct DiffColor: Sendable, Hashable, CustomStringConvertible {
    public var red, green, blue: UInt8
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }
    public var description: String { "rgb(\(red), \(green), \(blue))" }
}
