import PNGBackend
import RasterImage
import SVGBackend
import Testing

/// A deterministic byte sequence (no randomness in tests: a failure reproduces).
private func noise(_ count: Int, seed: UInt32) -> [Int] {
    var state = seed &* 2_654_435_761 | 1
    return (0..<count).map { _ in
        state ^= state << 13; state ^= state >> 17; state ^= state << 5
        return Int(state >> 8)
    }
}

private func decodingError(
    _ bytes: [UInt8], maxPixels: Int = RasterOptions().maxPixels,
    sourceLocation: SourceLocation = #_sourceLocation
) -> PNGDecodingError? {
    do {
        let image = try PNGCodec.decode(bytes, maxPixels: maxPixels)
        Issue.record("decoded a \(image.width)×\(image.height) image from bad data", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// One way a PNG can store pixels, with what each stored sample means as straight RGBA8.
struct StoredFormat: CustomStringConvertible, Sendable {
    var colorType: PNGFileWriter.ColorType
    var bitDepth: Int
    var transparency: [UInt8]? = nil
    var description: String { "type \(colorType) \(bitDepth)-bit\(transparency == nil ? "" : " tRNS")" }

    static let palette: [(UInt8, UInt8, UInt8)] = (0..<256).map { (i: Int) -> (UInt8, UInt8, UInt8) in
        let blue = UInt8(truncatingIfNeeded: i * 7)
        return (UInt8(i), UInt8(255 - i), blue)
    }

    static let all: [StoredFormat] = [
        .init(colorType: .gray, bitDepth: 1), .init(colorType: .gray, bitDepth: 2), .init(colorType: .gray, bitDepth: 4),
        .init(colorType: .gray, bitDepth: 8), .init(colorType: .gray, bitDepth: 16),
        .init(colorType: .gray, bitDepth: 2, transparency: [0, 1]), .init(colorType: .gray, bitDepth: 8, transparency: [0, 77]),
        .init(colorType: .gray, bitDepth: 16, transparency: [0x12, 0x34]),
        .init(colorType: .grayAlpha, bitDepth: 8), .init(colorType: .grayAlpha, bitDepth: 16),
        .init(colorType: .rgb, bitDepth: 8), .init(colorType: .rgb, bitDepth: 16),
        .init(colorType: .rgb, bitDepth: 8, transparency: [0, 10, 0, 20, 0, 30]),
        .init(colorType: .rgba, bitDepth: 8), .init(colorType: .rgba, bitDepth: 16),
        .init(colorType: .palette, bitDepth: 1, transparency: [128]), .init(colorType: .palette, bitDepth: 2),
        .init(colorType: .palette, bitDepth: 4, transparency: [0, 50, 100]), .init(colorType: .palette, bitDepth: 8),
        .init(colorType: .palette, bitDepth: 8, transparency: Array(repeating: 9, count: 200)),
    ]

    /// A width × height file of this format with varied samples (some equal to the tRNS value) and
    /// the RGBA8 pixels it stands for.
    func file(width: Int, height: Int, interlaced: Bool) -> (png: [UInt8], expected: RGBAImage) {
        var writer = PNGFileWriter(
            width: width, height: height, colorType: colorType, bitDepth: bitDepth, samples: [],
            interlaced: interlaced, transparency: transparency)
        let maxSample = (1 << bitDepth) - 1
        writer.samples = noise(width * height * writer.channels, seed: UInt32(bitDepth * 10 + Int(colorType.rawValue))).map { $0 & maxSample }
        if colorType == .palette { writer.palette = Array(Self.palette.prefix(maxSample + 1)) }
        // Make every seventh pixel the transparent color, so the tRNS rule is exercised.
        if let transparency, colorType != .palette {
            let key = stride(from: 0, to: transparency.count, by: 2).map { Int(transparency[$0]) << 8 | Int(transparency[$0 + 1]) }
            for p in stride(from: 0, to: width * height, by: 7) {
                for c in 0..<writer.channels { writer.samples[p * writer.channels + c] = key[c] }
            }
        }
        // 16-bit samples keep their high byte; 1-, 2- and 4-bit gray is scaled to 0…255.
        func eight(_ s: Int) -> UInt8 { bitDepth == 16 ? UInt8(s >> 8) : UInt8(s * 255 / maxSample) }
        var pixels: [UInt8] = []
        for p in 0..<width * height {
            let s = Array(writer.samples[p * writer.channels..<(p + 1) * writer.channels])
            switch colorType {
            case .gray:
                let transparent = transparency.map { s[0] == Int($0[0]) << 8 | Int($0[1]) } ?? false
                pixels += [eight(s[0]), eight(s[0]), eight(s[0]), transparent ? 0 : 255]
            case .grayAlpha:
                pixels += [eight(s[0]), eight(s[0]), eight(s[0]), eight(s[1])]
            case .rgb:
                let key = transparency.map { t in (0..<3).map { Int(t[2 * $0]) << 8 | Int(t[2 * $0 + 1]) } }
                pixels += [eight(s[0]), eight(s[1]), eight(s[2]), key == s ? 0 : 255]
            case .rgba:
                pixels += s.map(eight)
            case .palette:
                let entry = Self.palette[s[0]]
                let alpha = transparency.flatMap { s[0] < $0.count ? $0[s[0]] : nil } ?? 255
                pixels += [entry.0, entry.1, entry.2, alpha]
            }
        }
        return (writer.bytes, RGBAImage(width: width, height: height, pixels: pixels))
    }
}

struct PNGCodecTests {
    // MARK: Decoding every kind of PNG

    @Test(arguments: StoredFormat.all, [false, true])
    func decodesEveryColorTypeAndBitDepth(format: StoredFormat, interlaced: Bool) throws {
        // 9×7 gives every Adam7 pass some pixels and rows that end inside a byte at low bit depths.
        for (width, height) in [(9, 7), (1, 1), (3, 2)] {
            let (png, expected) = format.file(width: width, height: height, interlaced: interlaced)
            let decoded = try PNGCodec.decode(png)
            #expect(decoded == expected, "\(format), \(width)×\(height), interlaced: \(interlaced)")
        }
    }

    // MARK: Round trips

    @Test func anyPixelsRoundTrip() throws {
        // Translucent and fully transparent pixels with any color under them survive as they are.
        let bytes = noise(37 * 23 * 4, seed: 3).map { UInt8($0 & 0xFF) }
        let image = RGBAImage(width: 37, height: 23, pixels: bytes)
        let png = try PNGCodec.encode(image)
        #expect(png[25] == 6, "RGBA color type")
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func opaquePixelsRoundTripThroughRGB() throws {
        var bytes = noise(40 * 30 * 4, seed: 5).map { UInt8($0 & 0xFF) }
        for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        let image = RGBAImage(width: 40, height: 30, pixels: bytes)
        let png = try PNGCodec.encode(image)
        #expect(png[25] == 2, "RGB color type: the alpha channel is dropped when every pixel is opaque")
        #expect(try PNGCodec.decode(png) == image)
        let one = RGBAImage(width: 1, height: 1, filledWith: .init(1, 2, 3))
        #expect(try PNGCodec.decode(PNGCodec.encode(one)) == one)
    }

    @Test func emptyImagesCannotBeEncoded() {
        #expect(throws: RasterError.self) { try PNGCodec.encode(RGBAImage(width: 0, height: 4)) }
    }

    /// The pixels of a render are rsvg-convert's file's pixels exactly, and survive PNG.
    @Test(arguments: Seeds.names, [1.0, 3.0])
    func renderedPixelsAreRsvgConvertsPixels(seed: String, scale: Double) throws {
        let list = try Seeds.list(seed)
        var options = RasterOptions()
        options.scale = scale
        let image = try PNGBackend.image(list, options: options)
        #expect(try PNGCodec.decode(PNGBackend.render(list, options: options)) == image, "\(seed) at \(scale)x")
        let reference = try PNGCodec.decode(rsvgConvert(SVGBackend.render(list), scale: scale))
        #expect(reference == image, "\(seed) at \(scale)x")
        // And cairo's own reader, un-premultiplied as cairo's writer does, agrees.
        let cairo = try #require(DecodedPNG(PNGBackend.render(list, options: options)))
        for (x, y) in [(0, 0), (image.width / 2, image.height / 2), (image.width / 3, image.height / 5)] {
            let p = cairo.color(x, y)
            #expect([Int(image[x, y].r), Int(image[x, y].g), Int(image[x, y].b), Int(image[x, y].a)] == [p.r, p.g, p.b, p.a])
        }
    }

    @Test func imageChecksWhatRenderChecks() {
        var options = RasterOptions()
        options.maxPixels = 99
        let list = PNGLimitTests.squares(1) // 10×10 points, two SVG elements
        #expect(throws: RasterError.self) { try PNGBackend.image(list, options: options) }
        options.maxPixels = 100
        options.scale = 0
        #expect(throws: RasterError.self) { try PNGBackend.image(list, options: options) }
        options.scale = 1
        options.maxElements = 1
        #expect(throws: RasterError.self) { try PNGBackend.image(list, options: options) }
    }

    // MARK: Refusing bad files

    @Test func nonPNGDataIsRefused() {
        for bytes: [UInt8] in [[], Array("GIF89a, not a PNG at all".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A]] {
            let error = decodingError(bytes)
            #expect(error?.kind == .notPNG)
            #expect(error?.message == "not a PNG file: it does not start with the PNG signature")
        }
    }

    @Test func everyTruncationIsRefused() {
        let (png, _) = StoredFormat(colorType: .rgba, bitDepth: 8).file(width: 9, height: 7, interlaced: true)
        for length in 8..<png.count {
            let error = decodingError(Array(png.prefix(length)))
            #expect(error?.kind == .truncated, "cut at \(length) of \(png.count): \(error?.message ?? "")")
        }
        #expect(decodingError(Array(png.prefix(8)))?.message == "the PNG file is truncated: it ends before the image does")
    }

    @Test func corruptFilesAreRefused() throws {
        let (png, _) = StoredFormat(colorType: .rgb, bitDepth: 8).file(width: 9, height: 7, interlaced: false)
        // A header byte changed without its checksum.
        var badHeader = png
        badHeader[20] ^= 0x40
        let header = decodingError(badHeader)
        #expect(header?.kind == .corrupt)
        #expect(header?.message == "the PNG file is corrupt: IHDR: CRC error")
        // Broken compressed data under a valid checksum: a stored block whose lengths disagree.
        let rows = PNGFileWriter(width: 9, height: 7, colorType: .rgb, bitDepth: 8, samples: Array(repeating: 1, count: 9 * 7 * 3)).scanlines()
        var zlib = PNGFileWriter.zlibStored(rows)
        zlib[5] ^= 0xFF
        let badData = Array(png.prefix(33)) + PNGFileWriter.chunk("IDAT", zlib) + PNGFileWriter.chunk("IEND", [])
        #expect(decodingError(badData)?.kind == .corrupt, "\(decodingError(badData)?.message ?? "")")
        // Too little image data.
        let short =
            Array(png.prefix(33)) + PNGFileWriter.chunk("IDAT", PNGFileWriter.zlibStored(Array(rows.prefix(20))))
            + PNGFileWriter.chunk("IEND", [])
        #expect(decodingError(short)?.kind == .corrupt, "\(decodingError(short)?.message ?? "")")
        // No image data at all, and a zero width.
        #expect(decodingError(Array(png.prefix(33)) + PNGFileWriter.chunk("IEND", []))?.kind == .corrupt)
        let zeroWidth = PNGFileWriter(width: 0, height: 1, colorType: .gray, bitDepth: 8, samples: []).header
        #expect(decodingError(zeroWidth + Array(png[33...]))?.kind == .corrupt)
    }

    /// Whatever byte is damaged, decoding gives an image or an error, never a crash.
    @Test func everySingleByteDamageIsSurvived() {
        let (png, _) = StoredFormat(colorType: .palette, bitDepth: 4, transparency: [0, 50]).file(width: 5, height: 4, interlaced: true)
        var refused = 0
        for i in png.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = png
                damaged[i] ^= flip
                if (try? PNGCodec.decode(damaged)) == nil { refused += 1 }
            }
        }
        #expect(refused > png.count, "most damage is caught by the checksums")
    }

    @Test func hugeImagesAreRefusedBeforeAllocating() throws {
        // A header claiming 100000×100000 pixels (40 GB of RGBA) over a few bytes of data.
        var writer = PNGFileWriter(width: 1, height: 1, colorType: .rgba, bitDepth: 8, samples: [1, 2, 3, 4])
        let small = writer.bytes
        writer.width = 100_000
        writer.height = 100_000
        let huge = writer.header + Array(small[33...])
        let error = decodingError(huge)
        #expect(error?.kind == .tooLarge)
        #expect(error?.message == "the PNG is 100000×100000 pixels (10000000000 in all), over the limit of 25000000")
        // PNG's own largest sides.
        writer.width = 0x7FFF_FFFF
        writer.height = 0x7FFF_FFFF
        #expect(decodingError(writer.header + Array(small[33...]))?.kind == .tooLarge)
        // Even with no budget at all: width × height × 4 bytes must fit in an Int.
        #expect(decodingError(writer.header + Array(small[33...]), maxPixels: .max)?.kind == .tooLarge)
    }

    @Test func thePixelBudgetBothSides() throws {
        let (png, expected) = StoredFormat(colorType: .gray, bitDepth: 8).file(width: 10, height: 10, interlaced: false)
        #expect(try PNGCodec.decode(png, maxPixels: 100) == expected)
        let error = decodingError(png, maxPixels: 99)
        #expect(error?.message == "the PNG is 10×10 pixels (100 in all), over the limit of 99")
        #expect(decodingError(png, maxPixels: -5)?.kind == .tooLarge)
    }
}
