import DisplayList
import PixelDiff
import PNGBackend
import RasterImage
import SceneCompiler
import SceneProject
import Synchronization

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

/// Where the renders of a comparison may be kept and found again (`scenec diff --rev`): the build
/// cache, and each side's key (its inputs as `scenec build` keys them, and the review's scale).
public struct RenderKeys: Sendable {
    public let cache: OutputCache
    public let old: String
    public let new: String
    /// The largest cached PNG decoded (the compiler's pixel limit).
    public let maxPixels: Int
}

/// Renders both sides at the review's scale through the front door and compares them with
/// PixelDiff (pixelmatch's algorithm, anti-aliasing detected and not counted).
public enum PixelComparison {
    /// Renders made and renders taken from the cache by this process (`SCENEC_DEBUG_CACHE=1`
    /// prints them: how the tests see that an unchanged revision is not rendered again).
    public static let rendersMade = Atomic<Int>(0)
    public static let rendersReused = Atomic<Int>(0)

    public static func compare(
        _ old: Compilation, _ new: Compilation, _ options: ReviewOptions,
        _ keys: RenderKeys? = nil
    ) -> PixelOutcome {
        let a: RGBAImage, b: RGBAImage
        var oldPNG: [UInt8]?, newPNG: [UInt8]?
        do {
            // A side whose render is in the cache is decoded (a PNG at most `maxPixels`), not rendered.
            func image(_ side: Compilation, _ key: String?, _ png: inout [UInt8]?) throws(RasterError) -> RGBAImage? {
                if let keys, let key, let bytes = keys.cache.read(key),
                    let decoded = try? PNGCodec.decode(bytes, maxPixels: keys.maxPixels)
                {
                    rendersReused.add(1, ordering: .relaxed)
                    png = bytes
                    return decoded
                }
                guard let made = try side.image(scale: options.scale) else { return nil }
                rendersMade.add(1, ordering: .relaxed)
                if let keys, let key, side.evaluationDiagnostics.isEmpty, let encoded = try? PNGCodec.encode(made) {
                    keys.cache.store(encoded, key: key)
                    png = encoded
                }
                return made
            }
            guard let x = try image(old, keys?.old, &oldPNG), let y = try image(new, keys?.new, &newPNG) else {
                return PixelOutcome(summary: nil, images: nil)
            }
            (a, b) = (x, y)
        } catch {
            return PixelOutcome(summary: nil, images: nil, problem: "cannot render at @\(NumberFormat.format(options.scale))x: \(error.message)")
        }
        var settings = DiffOptions.forReview(threshold: options.threshold) // what `scenec test` judges by too
        settings.makeDiffImage = true
        let result = PixelDiff.compare(a, b, options: settings)
        let summary = PixelSummary(result, options: settings)
        let encode = { (image: RGBAImage?) -> [UInt8]? in image.flatMap { try? PNGCodec.encode($0) } }
        return PixelOutcome(
            summary: summary,
            images: PixelImages(
                old: oldPNG ?? encode(a), new: newPNG ?? encode(b),
                diff: encode(result.diffImage)))
    }
}

extension PixelSummary {
    /// The numbers of a PixelDiff comparison, for reports.
    public init(_ result: DiffResult, options: DiffOptions) {
        self.init(
            width: result.canvas.width, height: result.canvas.height, changedPixels: result.changedPixels,
            antialiasedPixels: result.antiAliasedPixels,
            regions: result.regions.map { PixelRegion(x: $0.x, y: $0.y, width: $0.width, height: $0.height, pixels: $0.changedPixels) },
            sizeChange: result.sizeChanged ? "\(result.oldSize) → \(result.newSize)" : nil,
            differingPixels: result.differingPixels, largestDifference: result.largestDifference,
            bound: options.boundText)
    }
}
