import DisplayList
import Foundation
import PNGBackend
import RasterImage
import SceneCompiler
import SceneSource
import SVGBackend
import Testing

// MARK: - Building display lists and reading PNGs back

private let span = SourceSpan(file: FileID(0), start: 0, end: 0)
private let teal = Color.rgb255(87, 218, 213)

private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
    Path([.move(Point(x, y)), .line(Point(x + w, y)), .line(Point(x + w, y + h)), .line(Point(x, y + h)), .close])
}

private func fill(_ path: Path, _ color: Color, opacity: Double = 1) -> DisplayItem {
    .fill(Fill(path: path, paint: .color(color), opacity: opacity, source: span))
}

private func options(scale: Double = 1, maxPixels: Int? = nil) -> RasterOptions {
    var o = RasterOptions()
    o.scale = scale
    if let maxPixels { o.maxPixels = maxPixels }
    return o
}

private func decode(_ png: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> DecodedPNG {
    try #require(DecodedPNG(png), "cairo could not read the PNG back", sourceLocation: sourceLocation)
}

/// The message of the RasterError that `body` throws, or nil (recording an issue) when it does not.
private func rasterError(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(RasterError) -> [UInt8]
) -> String? {
    do {
        _ = try body()
        Issue.record("expected a RasterError", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error.description
    }
}

/// The four seed widgets with their default parameters.
enum Seeds {
    static let names = ["counter", "face", "graph", "push-button"]
    static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func list(_ name: String) throws -> DisplayList {
        let path = "Scenes/\(name).scene"
        let data = try Data(contentsOf: packageFolder.appendingPathComponent(path))
        let loaded = SceneCompiler().load(path: path, bytes: [UInt8](data))
        let compilation = SceneCompiler().compile(loaded)
        let (list, diagnostics) = (compilation.list, compilation.diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(list)
    }
}

/// `rsvg-convert -z SCALE` on the SVG backend's output: the reference renderer.
func rsvgConvert(_ svg: String, scale: Double) throws -> [UInt8] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.svg"), output = folder.appendingPathComponent("out.png")
    try Data(svg.utf8).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["rsvg-convert", "-z", "\(scale)", "-o", output.path, input.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(
        process.terminationStatus == 0,
        "rsvg-convert failed (install librsvg2-bin, as `make test` does): \(message)")
    return [UInt8](try Data(contentsOf: output))
}

// MARK: - Tests

struct PNGBackendTests {
    @Test(arguments: [1, 2, 3, 1.5, 0.37])
    func imageSizeIsTheScaledSizeRoundedUp(scale: Double) throws {
        let lists = [
            DisplayList(width: 230, height: 150, items: [fill(rect(10, 10, 50, 50), teal)]),
            DisplayList(width: 101.3, height: 57.25, items: [fill(rect(0, 0, 101.3, 57.25), teal)]),
            try Seeds.list("counter"),
        ]
        for list in lists {
            let png = try PNGBackend.render(list, options: options(scale: scale))
            #expect(png.starts(with: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
            let image = try decode(png)
            #expect(image.width == Int((list.width * scale).rounded(.up)), "\(list.width) × \(scale)")
            #expect(image.height == Int((list.height * scale).rounded(.up)), "\(list.height) × \(scale)")
        }
    }

    @Test(arguments: [1.0, 2.0])
    func transparentWhereNothingIsDrawn(scale: Double) throws {
        let list = DisplayList(width: 40, height: 30, items: [fill(rect(10, 10, 10, 10), teal)])
        let image = try decode(PNGBackend.render(list, options: options(scale: scale)))
        let clear = DecodedPNG.Pixel(r: 0, g: 0, b: 0, a: 0)
        let s = Int(scale)
        for (x, y) in [(0, 0), (39, 29), (5, 5), (25, 25), (9, 15), (20, 15)] {
            #expect(image.premultiplied(x * s, y * s) == clear, "(\(x), \(y)) at \(scale)x")
        }
        let empty = try decode(PNGBackend.render(DisplayList(width: 7, height: 5, items: []), options: options(scale: scale)))
        for y in 0..<empty.height {
            for x in 0..<empty.width { #expect(empty.premultiplied(x, y) == clear) }
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func filledRectHasItsColor(scale: Double) throws {
        let list = DisplayList(width: 40, height: 40, items: [fill(rect(10, 10, 20, 20), teal)])
        let image = try decode(PNGBackend.render(list, options: options(scale: scale)))
        let s = Int(scale)
        let expected = DecodedPNG.Pixel(r: 87, g: 218, b: 213, a: 255)
        // Pixels wholly inside, including the ones along the edges.
        for (x, y) in [(10, 10), (20, 20), (29, 29), (10, 29), (29, 10)] {
            #expect(image.color(x * s, y * s) == expected, "(\(x), \(y)) at \(scale)x")
            #expect(image.color(x * s + s - 1, y * s + s - 1) == expected, "(\(x), \(y)) at \(scale)x")
        }
        // Pixels just outside.
        for (x, y) in [(9, 20), (30, 20), (20, 9), (20, 30)] {
            #expect(image.color(x * s, y * s).a == 0, "(\(x), \(y)) at \(scale)x")
        }
    }

    @Test func translucentFillIsUnpremultipliedBackToItsColor() throws {
        let list = DisplayList(
            width: 30, height: 10,
            items: [
                fill(rect(0, 0, 10, 10), teal, opacity: 0.5),
                fill(rect(10, 0, 10, 10), .rgb255(238, 77, 77, alpha: 0.25)),
                fill(rect(20, 0, 10, 10), .rgb255(0, 0, 255, alpha: 0.8), opacity: 0.5),
            ])
        let image = try decode(PNGBackend.render(list))
        func close(_ p: DecodedPNG.Pixel, _ r: Int, _ g: Int, _ b: Int, _ a: Double) -> Bool {
            // Straight color within 3 (un-premultiplying 8-bit values at low alpha loses precision).
            abs(p.r - r) <= 3 && abs(p.g - g) <= 3 && abs(p.b - b) <= 3 && abs(Double(p.a) - a * 255) <= 1
        }
        #expect(close(image.color(5, 5), 87, 218, 213, 0.5), "\(image.color(5, 5))")
        #expect(close(image.color(15, 5), 238, 77, 77, 0.25), "\(image.color(15, 5))")
        #expect(close(image.color(25, 5), 0, 0, 255, 0.4), "\(image.color(25, 5))")
        // Premultiplied storage: no channel exceeds alpha.
        let p = image.premultiplied(5, 5)
        #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a)
    }

    @Test(arguments: Seeds.names, [1.0, 2.0])
    func seedsMatchRsvgConvert(seed: String, scale: Double) throws {
        let list = try Seeds.list(seed)
        let ours = try decode(PNGBackend.render(list, options: options(scale: scale)))
        let reference = try decode(rsvgConvert(SVGBackend.render(list), scale: scale))
        #expect(
            ours.width == reference.width && ours.height == reference.height,
            "\(ours.width)×\(ours.height) vs rsvg-convert's \(reference.width)×\(reference.height)")
        let difference = try #require(ours.maxDifference(to: reference))
        #expect(difference <= 2, "\(seed) at \(scale)x differs from rsvg-convert by \(difference) in some channel")
    }

    /// Our encoder (unfiltered rows, for speed) must give back exactly the pixels of cairo's writer,
    /// which is what rsvg-convert uses.
    @Test(arguments: Seeds.names, [1.0, 3.0])
    func encoderKeepsRsvgConvertsPixelsExactly(seed: String, scale: Double) throws {
        let list = try Seeds.list(seed)
        let ours = try decode(PNGBackend.render(list, options: options(scale: scale)))
        let reference = try decode(rsvgConvert(SVGBackend.render(list), scale: scale))
        #expect(ours.maxDifference(to: reference) == 0, "\(seed) at \(scale)x")
    }

    /// As cairo does: RGB (color type 2) when every pixel is opaque, else RGBA (6).
    @Test func opaqueImagesAreWrittenWithoutAlpha() throws {
        let square = rect(0, 0, 10, 10)
        let opaque = try PNGBackend.render(DisplayList(width: 10, height: 10, items: [fill(square, teal)]))
        let translucent = try PNGBackend.render(DisplayList(width: 10, height: 10, items: [fill(square, teal, opacity: 0.5)]))
        let empty = try PNGBackend.render(DisplayList(width: 10, height: 10, items: []))
        #expect(opaque[25] == 2)
        #expect(translucent[25] == 6)
        #expect(empty[25] == 6)
        #expect(try decode(opaque).color(3, 3) == DecodedPNG.Pixel(r: 87, g: 218, b: 213, a: 255))
    }

    @Test func sceneCompilerGivesTheSameBytes() throws {
        let list = try Seeds.list("push-button")
        #expect(
            try PNGBackend.render(SVGBackend.document(list), options: options(scale: 2))
                == PNGBackend.render(list, options: options(scale: 2)))
    }

    // MARK: Errors

    @Test(arguments: [0, -0.0, -1, -0.5, .nan, .infinity, -.infinity, .leastNonzeroMagnitude * -1, .leastNonzeroMagnitude, 0.00009999])
    func badScalesAreRefused(scale: Double) {
        let list = DisplayList(width: 10, height: 10, items: [])
        let message = rasterError { () throws(RasterError) in try PNGBackend.render(list, options: options(scale: scale)) }
        #expect(message?.hasPrefix("the scale must be a number from 0.0001 up, such as 1, 2 or 1.5, got ") == true, "\(message ?? "")")
    }

    @Test func imagesBeyondCairosLimitAreRefused() throws {
        let list = DisplayList(width: 400, height: 400, items: [fill(rect(0, 0, 400, 400), teal)])
        let message = rasterError { () throws(RasterError) in try PNGBackend.render(list, options: options(scale: 100)) }
        #expect(message == "the image would be 40000×40000 pixels; cairo's limit is 32767 per side")
        // 32767 a side is allowed, 32768 is not (checked on a 1-pixel-high strip).
        let strip = try decode(PNGBackend.render(DisplayList(width: 32767, height: 1, items: [])))
        #expect(strip.width == 32767 && strip.height == 1)
        let wide = rasterError { () throws(RasterError) in try PNGBackend.render(DisplayList(width: 32768, height: 1, items: [])) }
        #expect(wide?.hasPrefix("the image would be 32768×1 pixels; cairo's limit is 32767 per side") == true)
        let huge = rasterError { () throws(RasterError) in
            try PNGBackend.render(DisplayList(width: 10, height: 10, items: []), options: options(scale: 1e300))
        }
        #expect(huge?.contains("cairo's limit is 32767 per side") == true, "\(huge ?? "")")
    }

    @Test func imagesOverThePixelBudgetAreRefused() throws {
        let list = DisplayList(width: 10, height: 10, items: [fill(rect(0, 0, 10, 10), teal)])
        #expect(try decode(PNGBackend.render(list, options: options(maxPixels: 100))).width == 10)
        let message = rasterError { () throws(RasterError) in try PNGBackend.render(list, options: options(maxPixels: 99)) }
        #expect(message == "the image would be 10×10 pixels (100 in all), over the limit of 99")
        let scaled = rasterError { () throws(RasterError) in try PNGBackend.render(list, options: options(scale: 2, maxPixels: 399)) }
        #expect(scaled?.hasPrefix("the image would be 20×20 pixels (400 in all), over the limit of 399") == true)
        // The default budget is 25,000,000 pixels; refused before any pixel memory is allocated.
        let large = DisplayList(width: 5001, height: 5000, items: [])
        let overDefault = rasterError { () throws(RasterError) in try PNGBackend.render(large) }
        #expect(overDefault?.hasPrefix("the image would be 5001×5000 pixels (25005000 in all), over the limit of 25000000") == true)
    }

    @Test func emptyImagesAreRefused() {
        let message = rasterError { () throws(RasterError) in try PNGBackend.render(DisplayList(width: 0, height: 10, items: [])) }
        #expect(message == "the image would be 0×10 pixels; a PNG needs at least 1 pixel per side")
    }

    // MARK: Determinism and threads

    @Test func sameInputGivesTheSameBytes() throws {
        for seed in Seeds.names {
            let first = try PNGBackend.render(Seeds.list(seed), options: options(scale: 2))
            for _ in 0..<3 {
                // A freshly evaluated list each time, as a new run of the compiler would have.
                #expect(try PNGBackend.render(Seeds.list(seed), options: options(scale: 2)) == first, "\(seed)")
            }
        }
    }

    @Test func concurrentRendersMatchSerialRenders() async throws {
        let lists = try Seeds.names.map(Seeds.list)
        let scale = options(scale: 2)
        let serial = try lists.map { try PNGBackend.render($0, options: scale) }
        let results = try await withThrowingTaskGroup(of: (Int, [[UInt8]]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Every task renders every seed, starting at a different one, so that the same
                    // list and different lists are rendered at the same time.
                    var out = Array(repeating: [UInt8](), count: lists.count)
                    for step in 0..<lists.count {
                        let i = (task + step) % lists.count
                        out[i] = try PNGBackend.render(lists[i], options: scale)
                    }
                    return (task, out)
                }
            }
            var all: [(Int, [[UInt8]])] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for (task, pngs) in results {
            for (i, png) in pngs.enumerated() {
                #expect(png == serial[i], "task \(task), \(Seeds.names[i])")
            }
        }
    }
}
