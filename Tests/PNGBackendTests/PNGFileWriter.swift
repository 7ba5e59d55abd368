/// Writes PNG files of any color type, bit depth and interlacing for the decoder's tests, byte by
/// byte, so each test states exactly what the file holds. The image data is zlib with stored
/// (uncompressed) deflate blocks, which needs no compressor; rows use filter 0.
struct PNGFileWriter {
    enum ColorType: UInt8 { case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6 }

    var width: Int
    var height: Int
    var colorType: ColorType
    var bitDepth: Int
    /// Row-major samples, `channels` per pixel (one palette index per pixel for `.palette`).
    var samples: [Int]
    var interlaced = false
    /// PLTE entries, for `.palette`.
    var palette: [(UInt8, UInt8, UInt8)] = []
    /// The tRNS chunk's body, written as given.
    var transparency: [UInt8]? = nil

    var channels: Int {
        switch colorType {
        case .gray, .palette: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// The signature and the IHDR chunk: the first 33 bytes.
    var header: [UInt8] {
        var fields = Self.be32(width) + Self.be32(height)
        fields += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", fields)
    }

    var bytes: [UInt8] {
        var file = header
        if colorType == .palette { file += Self.chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        file += Self.chunk("IDAT", Self.zlibStored(scanlines()))
        file += Self.chunk("IEND", [])
        return file
    }

    /// The filtered (filter 0) rows of the image, or of each Adam7 pass in turn.
    func scanlines() -> [UInt8] {
        guard interlaced else { return rows(xs: Array(0..<width), ys: Array(0..<height)) }
        // Adam7: (x start, y start, x step, y step) of the seven passes.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var out: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            if xs.isEmpty || ys.isEmpty { continue } // an empty pass has no rows at all
            out += rows(xs: xs, ys: ys)
        }
        return out
    }

    private func rows(xs: [Int], ys: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        for y in ys {
            out.append(0)
            var bits: [Int] = [] // the row's samples, packed below
            for x in xs {
                for c in 0..<channels { bits.append(samples[(y * width + x) * channels + c]) }
            }
            if bitDepth == 16 {
                for s in bits { out += [UInt8(s >> 8), UInt8(s & 0xFF)] }
            } else if bitDepth == 8 {
                out += bits.map { UInt8($0) }
            } else {
                var byte = 0, used = 0
                for s in bits {
                    byte = byte << bitDepth | s
                    used += bitDepth
                    if used == 8 { out.append(UInt8(byte)); byte = 0; used = 0 }
                }
                if used > 0 { out.append(UInt8(byte << (8 - used))) }
            }
        }
        return out
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(body.count) + typed + be32(Int(crc32(typed)))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// A zlib stream of stored deflate blocks (at most 65535 bytes each) and its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let last: UInt8 = offset + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[offset..<offset + n]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }
}
