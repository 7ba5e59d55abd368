import Foundation
import Testing

/// `scenec render -o X.pdf` as a user runs it. (The PDF's pixels are compared with the PNG's by
/// Tests/render/check_renders.py, rasterized with pdftoppm.)
struct PDFCommandTests {
    typealias CLI = CommandLineTests

    /// Text in three pinned families and two weights, a gradient, a clip and group opacity.
    static let scene = """
        <scene width="240" height="120">
          <gradient name="g"><stop offset="0" color="teal"/><stop offset="1" color="navy"/></gradient>
          <rect width="width" height="height" radius="12" fill="linear(g, 0, 0, width, height)"/>
          <clip><shape><circle cx="200" cy="60" radius="30"/></shape>
            <paint fill="orange" opacity="0.5"/>
          </clip>
          <group opacity="0.8">
            <text x="10" y="30" size="20" fill="white">Sans {1 + 2}</text>
            <text x="10" y="60" size="16" font="DejaVu Serif" weight="bold" fill="white">Serif bold</text>
            <text x="10" y="90" size="14" font="DejaVu Sans Mono" fill="white">mono()</text>
          </group>
        </scene>
        """

    @Test func twoProcessesWriteTheSameBytes() throws {
        let folder = try CLI.temporaryFolder()
        let source = folder.appendingPathComponent("fonts.scene")
        try Self.scene.write(to: source, atomically: true, encoding: .utf8)
        let a = folder.appendingPathComponent("a.pdf").path, b = folder.appendingPathComponent("b.pdf").path
        let first = try CLI.run(["render", source.path, "-o", a])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty && first.stdout.isEmpty)
        // Another process, another second: cairo would write the time, and fonts are found anew.
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try CLI.run(["render", source.path, "-o", b]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: a))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: b))))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("/MediaBox [ 0 0 240 120 ]"))
        for family in ["DejaVuSans", "DejaVuSerif-Bold", "DejaVuSansMono"] {
            #expect(text.range(of: "/BaseFont /[A-Z]{6}\\+\(family)\n", options: .regularExpression) != nil, "\(family)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.pdf", "b.pdf", "fonts.scene"])
    }

    @Test func pdfTakesNoPixelOptions() throws {
        let scale = try CLI.run(["render", "Scenes/counter.scene", "-o", "counter.pdf", "--scale", "2"])
        #expect(scale.status == 2)
        #expect(scale.stderr.contains("--scale applies to PNG output"))
        let pixels = try CLI.run(["render", "Scenes/counter.scene", "-o", "counter.pdf", "--max-pixels", "10"])
        #expect(pixels.status == 2)
        #expect(pixels.stderr.contains("--max-pixels applies to PNG output"))
    }

    @Test func parametersAndSizeReachThePDF() throws {
        let folder = try CLI.temporaryFolder()
        let out = folder.appendingPathComponent("Counter.PDF").path
        let r = try CLI.run(["render", "Scenes/counter.scene", "-o", out, "--size", "300x200", "--set", "counter=3"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        #expect(text.hasPrefix("%PDF-") && text.contains("/MediaBox [ 0 0 300 200 ]"))
    }
}
