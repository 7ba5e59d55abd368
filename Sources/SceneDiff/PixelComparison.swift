import DisplayList
import PixelDiff
import PNGBackend
import SceneCompiler

/// What the pixel half of a comparison found: the numbers, the images (PNG) for diff images and
/// review pages, or why a side could not be rendered (an image over the pixel limits).
public struct PixelOutcome: Sendable {
    public let summary: PixelSummary?
    public let images: PixelImages?
    public let problem: String?

    public init(summary: PixelSummary?, images: PixelImages?, problem: String? = nil) {
        self.summary = summary
        self.images = images
        self.problem = problem
    }
}

/// Renders both sides at the review's scale through the front door and compares them with
/// PixelDiff (pixelmatch's algorithm, anti-aliasing detected and not counted).
public enum PixelComparison {
    public static func compare(_ old: Compilation, _ new: Compilation, _ options: ReviewOptions) -> PixelOutcome {
        let a: RGBAImage, b: RGBAImage
        do {
            guard let x = try old.image(scale: options.scale), let y = try new.image(scale: options.scale) else {
                return PixelOutcome(summary: nil, images: nil)
            }
            (a, b) = (x, y)
        } catch {
            return PixelOutcome(summary: nil, images: nil, problem: "cannot render at @\(NumberFormat.format(options.scale))x: \(error.message)")
        }
        var settings = DiffOptions()  // PixelDiff's
        settings.threshold = options.threshold
        settings.makeDiffImage = true
        let result = PixelDiff.compare(a, b, options: settings)
        let summary = PixelSummary(result)
        let encode = { (image: RGBAImage?) -> [UInt8]? in image.flatMap { try? PNGCodec.encode($0) } }
        return PixelOutcome(summary: summary, images: PixelImages(old: encode(a), new: encode(b), diff: encode(result.diffImage)))
    }
}

extension PixelSummary {
    /// The numbers of a PixelDiff comparison, for reports.
    public init(_ result: DiffResult) {
        self.init(width: result.canvas.width, height: result.canvas.height, changedPixels: result.changedPixels,
                  antialiasedPixels: result.antiAliasedPixels,
                  regions: result.regions.map { PixelRegion(x: $0.x, y: $0.y, width: $0.width, height: $0.height, pixels: $0.changedPixels) },
                  sizeChange: result.sizeChanged ? "\(result.oldSize) → \(result.newSize)" : nil)
    }
}
