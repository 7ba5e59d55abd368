// The one test file that imports CLibRSVG: PNGs are read back with cairo, so no PNG codec is
// written by hand anywhere.
import CLibRSVG

/// A PNG read back by cairo: its size and its pixels as cairo holds them (premultiplied ARGB32).
struct DecodedPNG {
    struct Pixel: Equatable, CustomStringConvertible {
        var r, g, b, a: Int
        var description: String { "rgba(\(r), \(g), \(b), \(a))" }
    }

    let width: Int
    let height: Int
    /// Row-major, premultiplied: each color channel is at most `a`.
    private let premultiplied: [Pixel]

    /// nil when cairo cannot read the bytes as a PNG.
    init?(_ png: [UInt8]) {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(png)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                    let count = Int(length)
                    guard reader.bytes.count - reader.offset >= count else { return CAIRO_STATUS_READ_ERROR }
                    reader.bytes.withUnsafeBufferPointer { buffer in
                        data.update(from: buffer.baseAddress! + reader.offset, count: count)
                    }
                    reader.offset += count
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
            let data = cairo_image_surface_get_data(surface)
        else { return nil }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [Pixel] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride)
            for x in 0..<width {
                // A native-endian 32-bit word: alpha in the top byte, then red, green, blue.
                let word = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                let a = format == CAIRO_FORMAT_RGB24 ? 255 : Int(word >> 24)
                pixels.append(Pixel(r: Int(word >> 16 & 0xff), g: Int(word >> 8 & 0xff), b: Int(word & 0xff), a: a))
            }
        }
        premultiplied = pixels
    }

    /// The premultiplied pixel, as cairo stores it.
    func premultiplied(_ x: Int, _ y: Int) -> Pixel { premultiplied[y * width + x] }

    /// The pixel with its color un-premultiplied (rounded as cairo's PNG writer rounds): straight RGBA.
    func color(_ x: Int, _ y: Int) -> Pixel {
        let p = premultiplied(x, y)
        guard p.a > 0 else { return Pixel(r: 0, g: 0, b: 0, a: 0) }
        func straight(_ c: Int) -> Int { (c * 255 + p.a / 2) / p.a }
        return Pixel(r: straight(p.r), g: straight(p.g), b: straight(p.b), a: p.a)
    }

    /// The largest difference in any channel of any pixel (premultiplied, which is what the eye
    /// sees over a background), or nil when the sizes differ.
    func maxDifference(to other: DecodedPNG) -> Int? {
        guard width == other.width, height == other.height else { return nil }
        var worst = 0
        for (p, q) in zip(premultiplied, other.premultiplied) {
            worst = max(worst, abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b), abs(p.a - q.a))
        }
        return worst
    }
}
