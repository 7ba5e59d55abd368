// The only file that touches libpng, through the C functions in Sources/CLibPNG/shim.h (libpng
// reports errors by longjmp, which must not cross Swift frames, so every libpng call is made in C).
import CLibPNG

/// PNG files to and from `RGBAImage`.
///
/// Encoding writes 8-bit RGB when every pixel is opaque and 8-bit RGBA otherwise (as cairo's PNG
/// writer does: the same pixels in fewer bytes), unfiltered rows at zlib level 6: where
/// cairo_surface_write_to_png lets libpng try every row filter, unfiltered rows encode about twice
/// as fast and, for flat vector art, as small or smaller (docs/performance.md, "Measurements behind
/// the code").
///
/// Decoding accepts every PNG a user may commit as a reference image — 1 to 16 bits, gray, palette,
/// RGB, with or without alpha or tRNS, interlaced — and gives its stored values as 8-bit straight
/// RGBA, with no gamma or color management. 16-bit channels keep their high byte (libpng's
/// strip_16), as cairo, gdk-pixbuf and Pillow read them; ImageMagick rounds instead, so its 8-bit
/// value of a 16-bit channel can be 1 higher. Corrupt, truncated or oversized files throw
/// `PNGDecodingError`; the size is checked before pixel memory exists.
public enum PNGCodec {
    /// PNG bytes of `image`, which must have at least one pixel on each side.
    public static func encode(_ image: RGBAImage) throws(RasterError) -> [UInt8] {
        guard image.width >= 1, image.height >= 1 else {
            throw RasterError(.tooSmall, "the image is \(image.width)×\(image.height) pixels; a PNG needs at least 1 pixel per side")
        }
        guard image.width <= Int(Int32.max) / 4, image.height <= Int(Int32.max) else {
            throw RasterError(.tooLarge, "the \(image.width)×\(image.height) image is too large to encode as PNG")
        }
        var output = scenec_png_output()
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            scenec_png_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), &output)
        }
        defer { scenec_png_free(&output) }
        guard status == Int32(SCENEC_PNG_OK), let bytes = output.bytes else {
            throw RasterError(.outOfMemory, "libpng could not encode the \(image.width)×\(image.height) image: out of memory")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: output.count))
    }

    /// The largest image made or read by default, as width × height in pixels: 100 MB of RGBA
    /// (the renderer's budget, `RasterOptions.maxPixels`, and `decode`'s).
    public static let defaultMaxPixels = 25_000_000

    /// The pixels of a PNG file. `maxPixels` bounds width × height (default: the render's budget).
    public static func decode(_ png: [UInt8], maxPixels: Int = defaultMaxPixels) throws(PNGDecodingError) -> RGBAImage {
        // The decoder's address must stay put while libpng holds it, so it is not a Swift local.
        let decoder = UnsafeMutablePointer<scenec_png_decoder>.allocate(capacity: 1)
        decoder.initialize(to: scenec_png_decoder())
        defer { decoder.deallocate() }
        // Clamped so that width × height × 4 cannot overflow whatever the caller allows.
        let budget = min(max(0, maxPixels), Int.max / 4)
        let result: Result<RGBAImage, PNGDecodingError> = png.withUnsafeBufferPointer { bytes in
            defer { scenec_png_decode_end(decoder) }
            let begun = scenec_png_decode_begin(decoder, bytes.baseAddress, bytes.count, UInt64(budget))
            let width = Int(decoder.pointee.width), height = Int(decoder.pointee.height)
            guard begun == Int32(SCENEC_PNG_OK) else {
                return .failure(error(begun, decoder, width: width, height: height, maxPixels: budget))
            }
            var status = Int32(SCENEC_PNG_OK)
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                status = scenec_png_decode_rows(decoder, buffer.baseAddress)
                count = status == Int32(SCENEC_PNG_OK) ? buffer.count : 0
            }
            guard status == Int32(SCENEC_PNG_OK) else {
                return .failure(error(status, decoder, width: width, height: height, maxPixels: budget))
            }
            return .success(RGBAImage(width: width, height: height, pixels: pixels))
        }
        return try result.get()
    }

    private static func error(
        _ status: Int32, _ decoder: UnsafeMutablePointer<scenec_png_decoder>,
        width: Int, height: Int, maxPixels: Int
    ) -> PNGDecodingError {
        let libpng = withUnsafeBytes(of: decoder.pointee.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch status {
        case Int32(SCENEC_PNG_NOT_PNG):
            return PNGDecodingError(.notPNG, "not a PNG file: it does not start with the PNG signature")
        case Int32(SCENEC_PNG_TRUNCATED):
            return PNGDecodingError(.truncated, "the PNG file is truncated: it ends before the image does")
        case Int32(SCENEC_PNG_TOO_LARGE):
            return PNGDecodingError(
                .tooLarge,
                "the PNG is \(width)×\(height) pixels (\(width * height) in all), "
                    + "over the limit of \(max(0, maxPixels))")
        case Int32(SCENEC_PNG_NO_MEMORY):
            return PNGDecodingError(
                .outOfMemory,
                "libpng ran out of memory decoding the PNG"
                    + (libpng.isEmpty ? "" : " (\(libpng))"))
        default:
            return PNGDecodingError(.corrupt, "the PNG file is corrupt: \(libpng.isEmpty ? "libpng refused it" : libpng)")
        }
    }
}

extension PNGCodec {
    /// `libpng 10640`: the library loaded at run time (its encoder settles the PNG's bytes).
    public static var libraryVersion: String { "libpng \(png_access_version_number())" }
}
