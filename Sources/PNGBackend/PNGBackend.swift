#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import DisplayList
import RasterImage
import SVGBackend
import SceneFonts

/// How a display list becomes pixels.
public struct RasterOptions: Sendable {
    /// Pixels per point: 1 gives an image of the scene's size, 2 twice as wide and high. Any finite
    /// number above 0.
    public var scale: Double = 1
    /// The largest image allowed, as width × height in pixels after scaling. A guard against
    /// accidental giant allocations and keeps a render under 300 MB: 25,000,000 pixels are 100 MB of
    /// ARGB32, and a render of that size peaked at 238 MB (64,000,000 pixels peaked at 543 MB).
    public var maxPixels: Int = PNGCodec.defaultMaxPixels
    /// The most SVG elements rendered: librsvg needs about 2 KB of memory for each (a million
    /// would need over 2 GB), so this bounds the memory of a PNG like `maxPixels` bounds its pixels.
    public var maxElements: Int = 50_000

    public init() {}
}

/// The display list as pixels or PNG: the SVG backend's document, rendered in-process by librsvg and
/// cairo exactly as `rsvg-convert -z SCALE` renders it (96 DPI, an image of ⌈width × scale⌉ ×
/// ⌈height × scale⌉ pixels, transparent where nothing is drawn).
///
/// - Every call parses its own librsvg handle from memory, with no base file, so the document can
///   load nothing external; handles are never shared, so calls from several threads at once are safe.
/// - The same list and options give the same bytes, run after run; text uses only the pinned DejaVu
///   fonts (see `PinnedFonts`), so it gives the same pixels on every machine with the same libraries.
/// - The size is checked before any pixel memory is allocated: cairo's limit of 32767 pixels a side
///   and `RasterOptions.maxPixels`.
public enum PNGBackend {
    /// Cairo image surfaces are at most this many pixels wide and high.
    static let maxSide = 32767

    /// PNG bytes of a document the SVG backend wrote, at `options.scale`: `image(document, options:)`
    /// encoded by `PNGCodec`.
    public static func render(_ document: SVGDocument, options: RasterOptions = .init()) throws(RasterError) -> [UInt8] {
        try PNGCodec.encode(image(document, options: options))
    }

    /// `render(SVGBackend.document(list))`.
    public static func render(_ list: DisplayList, options: RasterOptions = .init()) throws(RasterError) -> [UInt8] {
        try render(SVGBackend.document(list), options: options)
    }

    /// The pixels of a document the SVG backend wrote, at `options.scale`: the one way scenec makes
    /// pixels (`render` encodes these). Everything that bounds a render is checked here, before
    /// librsvg sees the document: the scale, the pinned fonts, the element limit and (in the
    /// rasterizer, before any pixel memory exists) the image size.
    public static func image(_ document: SVGDocument, options: RasterOptions = .init()) throws(RasterError) -> RGBAImage {
        try checkScale(options.scale)
        if let problem = PinnedFonts.installed { throw RasterError(.fontsMissing, problem.message) }
        guard document.elementCount <= options.maxElements else {
            throw RasterError(
                .tooManyElements,
                "the image's SVG has \(document.elementCount) elements, over the limit of "
                    + "\(max(0, options.maxElements)) for PNG output (librsvg needs about 2 KB of memory for each)")
        }
        return try Rasterizer.image(svg: document.text, scale: options.scale, maxPixels: options.maxPixels)
    }

    /// A one-page vector PDF of a document the SVG backend wrote: that SVG drawn by librsvg onto a
    /// cairo PDF surface the size of the scene in points (no second drawing path). The same checks
    /// as `image` apply before librsvg sees the document, except the pixel limits (a PDF has no
    /// pixels): the pinned fonts (embedded in the file) and the element limit. The same document
    /// gives the same bytes: the file carries no creation or modification date.
    public static func pdf(_ document: SVGDocument, options: RasterOptions = .init()) throws(RasterError) -> [UInt8] {
        if let problem = PinnedFonts.installed { throw RasterError(.fontsMissing, problem.message) }
        guard document.elementCount <= options.maxElements else {
            throw RasterError(
                .tooManyElements,
                "the image's SVG has \(document.elementCount) elements, over the limit of "
                    + "\(max(0, options.maxElements)) for PDF output (librsvg needs about 2 KB of memory for each)")
        }
        return try Rasterizer.pdf(svg: document.text)
    }

    /// `image(SVGBackend.document(list))`.
    public static func image(_ list: DisplayList, options: RasterOptions = .init()) throws(RasterError) -> RGBAImage {
        try image(SVGBackend.document(list), options: options)
    }

    /// The smallest scale: below it cairo's matrix can become singular (a renderer warning and an
    /// empty image instead of an error), and no output name (4 decimals) can tell it from 0.
    public static let minScale = 0.0001

    static func checkScale(_ scale: Double) throws(RasterError) {
        guard scale.isFinite, scale >= minScale else {
            throw RasterError(.badScale, "the scale must be a number from 0.0001 up, such as 1, 2 or 1.5, got \(text(scale))")
        }
    }

    /// The pixel size of a document of `width` × `height` points at `scale`, or why it cannot be made.
    static func pixelSize(
        width: Double, height: Double, scale: Double,
        maxPixels: Int
    ) throws(RasterError) -> (width: Int, height: Int) {
        try checkScale(scale)
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        // An infinite side (a huge scale) is reported as too large below; only NaN is unusable.
        guard w >= 0, h >= 0 else {
            throw RasterError(.tooLarge, "the document size \(text(width))×\(text(height)) is not a usable image size")
        }
        let size = "the image would be \(pixels(w))×\(pixels(h)) pixels"
        guard w >= 1, h >= 1 else {
            throw RasterError(.tooSmall, "\(size); a PNG needs at least 1 pixel per side")
        }
        guard w <= Double(maxSide), h <= Double(maxSide) else {
            throw RasterError(.tooLarge, "\(size); cairo's limit is \(maxSide) per side")
        }
        let total = Int(w) * Int(h) // at most 32767² here: no overflow
        guard total <= maxPixels else {
            throw RasterError(.overPixelBudget, "\(size) (\(total) in all), over the limit of \(max(0, maxPixels))")
        }
        return (Int(w), Int(h))
    }

    private static func pixels(_ v: Double) -> String {
        v < 1e15 ? String(Int64(v)) : "more than 10^15"
    }

    private static func text(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-infinity" : "infinity" }
        return NumberFormat.format(v, decimals: 6)
    }
}

extension PNGBackend {
    /// What besides scenec itself decides the bytes of a PNG or PDF: the versions of librsvg, cairo
    /// and libpng loaded in this process, and the pinned fonts (each file's name and size). A build
    /// cache keys its images by it (`scenec build`), so a machine with other libraries or fonts
    /// never reuses another's images.
    public static let rendererIdentity: String =
        Rasterizer.libraryVersions + " " + PNGCodec.libraryVersion + " fonts "
        + PinnedFonts.identity
}

extension PNGBackend {
    /// Adds project font files (TTF/OTF) to the pinned fonts, for every later render and measurement
    /// of this process; returns each file's family names, nil for a file that is not a font.
    /// Add them before the first render: Pango keeps the font list it first read.
    public static func addProjectFonts(_ paths: [String]) throws(RasterError) -> [String: [String]?] {
        do { return try PinnedFonts.addFonts(paths) } catch { throw RasterError(.fontsMissing, error.message) }
    }
}
