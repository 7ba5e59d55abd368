/// Pixels as plain bytes: what a render gives before PNG encoding, what decoding a PNG gives, and
/// what `PixelDiff` compares. Straight (not premultiplied) 8-bit RGBA, row-major, no padding between
/// rows, so pixel (x, y) starts at byte `4 × (y × width + x)`. It lives here because the rasterizer
/// and the codec make it; it needs no C library, so anything can build one from bytes.
///
/// Straight rather than premultiplied because that is what PNG stores and what pixelmatch compares:
/// a fully transparent pixel is (0, 0, 0, 0) when it comes from cairo, but a decoded PNG may hold any
/// color under alpha 0, and comparisons treat all of those as alike only through their blending.
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `4 × width × height` bytes: red, green, blue, alpha for each pixel in turn.
    public let pixels: [UInt8]

    /// An image of these bytes. A byte count other than `4 × width × height` or a negative side is a
    /// programming error (this traps), not bad input: decoders check what they read before building one.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "an image cannot have a negative side (\(width)×\(height))")
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(
            !overflow && area <= Int.max / 4 && pixels.count == area * 4,
            "an RGBA image of \(width)×\(height) needs \(width)×\(height)×4 bytes, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one color, (0, 0, 0, 0) by default: fully transparent.
    public init(width: Int, height: Int, filledWith pixel: Pixel = Pixel(0, 0, 0, 0)) {
        precondition(width >= 0 && height >= 0, "an image cannot have a negative side (\(width)×\(height))")
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if pixel != Pixel(0, 0, 0, 0) {
            for i in stride(from: 0, to: bytes.count, by: 4) {
                bytes[i] = pixel.r; bytes[i + 1] = pixel.g; bytes[i + 2] = pixel.b; bytes[i + 3] = pixel.a
            }
        }
        self.init(width: width, height: height, pixels: bytes)
    }

    /// One pixel's straight RGBA.
    public struct Pixel: Sendable, Hashable, CustomStringConvertible {
        public var r, g, b, a: UInt8
        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
            self.r = r; self.g = g; self.b = b; self.a = a
        }
        public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
    }

    /// The pixel at column `x`, row `y` (both must be inside the image).
    public subscript(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the \(width)×\(height) image")
        let i = 4 * (y * width + x)
        return Pixel(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The same pixels with some changed: for tests and for drawing into a copy.
    public func replacing(_ changes: [(x: Int, y: Int, pixel: Pixel)]) -> RGBAImage {
        var bytes = pixels
        for change in changes {
            precondition(
                change.x >= 0 && change.x < width && change.y >= 0 && change.y < height,
                "pixel (\(change.x), \(change.y)) is outside the \(width)×\(height) image")
            let i = 4 * (change.y * width + change.x)
            bytes[i] = change.pixel.r; bytes[i + 1] = change.pixel.g; bytes[i + 2] = change.pixel.b; bytes[i + 3] = change.pixel.a
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}
