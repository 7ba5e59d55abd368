// The only file that touches libpng (through the C function in Sources/CLibPNG/shim.h, since
// libpng reports errors by longjmp).
import CLibPNG

/// Encodes cairo's pixels as PNG. cairo_surface_write_to_png lets libpng try every row filter and
/// spends most of a render there (callgrind: 85% of rasterizing the counter); unfiltered rows with
/// zlib's level 6 encode about twice as fast and, for flat vector art, as small or smaller. The
/// pixels read back are exactly those cairo's writer gives.
enum PNGEncoder {
    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws(RasterError) -> [UInt8] {
        guard width <= Int(Int32.max), height <= Int(Int32.max), stride <= Int(Int32.max) else {
            throw RasterError("the image is too large to encode as PNG")
        }
        var output = scenec_png_output()
        let status = scenec_png_encode(pixels, Int32(width), Int32(height), Int32(stride), &output)
        defer { scenec_png_free(&output) }
        guard status == Int32(SCENEC_PNG_OK), let bytes = output.bytes else {
            throw RasterError("libpng could not encode the \(width)×\(height) image: out of memory — lower --scale or --size")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: output.count))
    }
}
