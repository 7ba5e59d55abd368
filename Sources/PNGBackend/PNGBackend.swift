#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DisplayList
import SVGBackend

/// How a display list becomes pixels.
public struct RasterOptions: Sendable {
    /// Pixels per point: 1 gives an image of the scene's size, 2 twice as wide and high. Any finite
    /// number above 0.
    public var scale: Double = 1
    /// The largest image allowed, as width × height in pixels after scaling. A guard against
    /// accidental giant allocations (64,000,000 pixels are 256 MB of ARGB32).
    public var maxPixels: Int = 64_000_000
    /// The most SVG elements rendered: librsvg needs about 2 KB of memory for each (a million
    /// would need over 2 GB), so this bounds the memory of a PNG like `maxPixels` bounds its pixels.
    public var maxElements: Int = 50_000

    public init() {}
}

/// Why an image could not be made. The message says what to change.
public struct RasterError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ message: String) { description = message }
}

/// The display list as PNG: the SVG backend's document, rendered in-process by librsvg and cairo
/// exactly as `rsvg-convert -z SCALE` renders it (96 DPI, an image of ⌈width × scale⌉ ×
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

    /// PNG bytes of the display list at `scale`: the SVG backend's output rendered in-process by librsvg + cairo.
    public static func render(_ list: DisplayList, options: RasterOptions = .init()) throws(RasterError) -> [UInt8] {
        try checkScale(options.scale)
        if let problem = PinnedFonts.installed { throw problem }
        let svg = SVGBackend.render(list)
        let elements = elementCount(svg)
        guard elements <= options.maxElements else {
            throw RasterError("the image's SVG has \(elements) elements, over the limit of \(max(0, options.maxElements)) for PNG output "
                              + "(librsvg needs about 2 KB of memory for each) — draw fewer shapes, or write SVG")
        }
        return try Rasterizer.png(svg: svg, scale: options.scale, maxPixels: options.maxPixels)
    }

    /// Start tags in an SVG document (`<` not followed by `/` or `?`), before librsvg sees it.
    static func elementCount(_ svg: String) -> Int {
        var svg = svg
        return svg.withUTF8 { bytes -> Int in
            guard let base = bytes.baseAddress else { return 0 }
            var count = 0
            var i = 0
            while i < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: "<")), bytes.count - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at + 1 < bytes.count, bytes[at + 1] != UInt8(ascii: "/"), bytes[at + 1] != UInt8(ascii: "?") { count += 1 }
                i = at + 1
            }
            return count
        }
    }

    /// PNG bytes of an SVG document the SVG backend wrote. For a batch that writes the SVG too and
    /// renders several scales: the document is then made once, not once per image.
    public static func render(svg: String, options: RasterOptions = .init()) throws(RasterError) -> [UInt8] {
        try checkScale(options.scale)
        return try Rasterizer.png(svg: svg, scale: options.scale, maxPixels: options.maxPixels)
    }

    static func checkScale(_ scale: Double) throws(RasterError) {
        guard scale.isFinite, scale > 0 else {
            throw RasterError("the scale must be a positive number such as 1, 2 or 1.5, got \(text(scale))")
        }
    }

    /// The pixel size of a document of `width` × `height` points at `scale`, or why it cannot be made.
    static func pixelSize(width: Double, height: Double, scale: Double,
                          maxPixels: Int) throws(RasterError) -> (width: Int, height: Int) {
        try checkScale(scale)
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 0, h >= 0 else {
            throw RasterError("the document size \(text(width))×\(text(height)) is not a usable image size")
        }
        let size = "the image would be \(pixels(w))×\(pixels(h)) pixels"
        guard w >= 1, h >= 1 else {
            throw RasterError("\(size); a PNG needs at least 1 pixel per side — raise --scale or --size")
        }
        guard w <= Double(maxSide), h <= Double(maxSide) else {
            throw RasterError("\(size); cairo's limit is \(maxSide) per side — lower --scale or --size")
        }
        let total = Int(w) * Int(h)  // at most 32767² here: no overflow
        guard total <= maxPixels else {
            throw RasterError("\(size) (\(total) in all), over the limit of \(max(0, maxPixels)) — "
                              + "lower --scale or --size, or raise --max-pixels")
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
