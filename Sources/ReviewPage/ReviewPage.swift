#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneDiff
import SceneIO

/// One file of a review page, relative to the page's folder: `index.html`, `images/counter-3-old.png`.
public struct PageFile: Sendable, Hashable {
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// The review page of `scenec diff --html DIR`: one self-contained `DIR/index.html` (its CSS and
/// script inline, nothing fetched from anywhere) with each compared variant's images beside it in
/// `DIR/images/`. For every changed, added, removed or failing variant it shows the before, after
/// and diff images in four views (side by side, swipe, onion skin, diff) at three zooms (fit, 1:1,
/// 4× with crisp pixels), the structural diff with each side's location and source line, the
/// parameter values and size used, and the diagnostics of a side that does not compile; a summary
/// on top, and keys to move between changes. Clicking an image names and outlines the changed
/// operations whose bounds hold that point, smallest first.
///
/// The same result and images always give the same bytes.
public enum ReviewPage {
    /// The review as data beside the page (`review.json`, the `ReviewResult` with sorted keys),
    /// so that the pages of several shards can be merged into one (`scenec report merge`).
    public static let dataFile = "review.json"

    /// The page's files, `index.html` first, then the images in the order of the variants, then
    /// `review.json`. Images of unchanged variants are left out.
    public static func files(_ result: ReviewResult, images: ReviewImages) -> [PageFile] {
        var files = PageBuilder(result: result, images: images).build()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(result) { files.append(PageFile(path: dataFile, bytes: Array(data) + [10])) }
        return files
    }

    /// Reads back a page this module wrote: its review and its images (for merging pages).
    public static func read(_ folder: String) throws(InputError) -> (ReviewResult, ReviewImages) {
        let data = try InputFile.read(FilePath.join(folder, dataFile), maxBytes: 256 << 20).bytes
        let result: ReviewResult
        do {
            result = try JSONDecoder().decode(ReviewResult.self, from: Data(data))
        } catch {
            throw InputError(.other, "'\(folder)' is not a review page scenec wrote (its \(dataFile) does not read back)", path: folder)
        }
        var images: ReviewImages = [:]
        let names = SafeNames(result.variants.map(\.name))
        for variant in result.variants {
            func image(_ role: String) -> [UInt8]? {
                (try? InputFile.read(FilePath.join(folder, "images/\(names[variant.name])-\(role).png"), maxBytes: 256 << 20))?.bytes
            }
            let pictures = PixelImages(old: image("old"), new: image("new"), diff: image("diff"))
            if pictures.old != nil || pictures.new != nil { images[variant.name] = pictures }
        }
        return (result, images)
    }

    /// The page's HTML alone (what `files` puts in `index.html`).
    public static func html(_ result: ReviewResult, images: ReviewImages) -> String {
        String(decoding: files(result, images: images)[0].bytes, as: UTF8.self)
    }

    /// Writes the page into `folder`, which is replaced as a whole and never seen half-written
    /// (see `PageFolder`). `folder` must not exist, be empty, or hold an earlier review page;
    /// anything else is refused with nothing changed.
    public static func write(_ result: ReviewResult, images: ReviewImages, to folder: String) throws(OutputError) {
        try PageFolder.write(files(result, images: images), to: folder)
    }
}
