import Foundation
import Testing

/// The limits are configurable on the command line; each option is tested just under (works) and
/// just over (a clean, located error, exit status 1).
struct LimitOptionTests {
    typealias CLI = CommandLineTests

    static func scene(_ body: String) throws -> String {
        let folder = try CLI.temporaryFolder()
        let url = folder.appendingPathComponent("limits.scene")
        try "<scene width=\"10\" height=\"10\">\n\(body)\n</scene>\n".write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func maxIterations() throws {
        let path = try Self.scene("<for var=\"i\" from=\"0\" to=\"6\"><rect x=\"i\" width=\"1\" height=\"1\" fill=\"red\"/></for>")
        #expect(try CLI.run(["check", path, "--max-iterations", "6"]).status == 0)
        let over = try CLI.run(["check", path, "--max-iterations", "5", "--diagnostics", "short"])
        #expect(over.status == 1)
        #expect(over.stderr.hasPrefix("\(path):2:2: error[E0604]: this loop would run 6 times, over the limit of 5 iterations in a scene\n"))
    }

    @Test func renderLimits() throws {
        // Two texts of 30 characters (60 in all) and a dashed line of length 100 with a pattern of
        // length 2 in 2 entries (100 dashes and gaps): each limit just at and just under.
        let path = try Self.scene(
            "<text>abcdefghijklmnopqrstuvwxyz0123</text><text y=\"5\">abcdefghijklmnopqrstuvwxyz0123</text>\n"
                + "<path stroke=\"red\" dash=\"[1, 1]\"><move x=\"0\" y=\"0\"/><line x=\"100\" y=\"0\"/></path>")
        #expect(try CLI.run(["render", path, "-o", "-", "--max-text-length", "30", "--max-text", "60", "--max-dash-segments", "100"]).status == 0)
        let long = try CLI.run(["render", path, "-o", "-", "--max-text-length", "29", "--diagnostics", "short"])
        #expect(long.status == 1 && long.stdout.isEmpty)
        #expect(
            long.stderr.hasPrefix("\(path):2:2: error[E0617]: this text is 30 characters long, over the limit of 29 characters in one text"),
            "\(long.stderr)")
        let total = try CLI.run(["dump", path, "--max-text", "59", "--diagnostics", "short"])
        #expect(total.status == 1)
        #expect(total.stderr.hasPrefix("\(path):2:45: error[E0618]: the scene draws more than 59 characters of text in all"), "\(total.stderr)")
        let dashes = try CLI.run(["check", path, "--max-dash-segments", "99", "--diagnostics", "short"])
        #expect(dashes.status == 1)
        #expect(
            dashes.stderr.hasPrefix("\(path):3:2: error[E0619]: this dashed stroke has about 100 dashes and gaps, over the limit of 99"),
            "\(dashes.stderr)")
    }

    @Test func maxPaintedPixels() throws {
        // Three paints of the whole 10×10 image: 300 pixels painted at scale 1, 1200 at scale 2.
        let path = try Self.scene("<paint fill=\"red\"/><paint fill=\"blue\"/><paint fill=\"green\"/>")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let png = folder.appendingPathComponent("out.png").path
        #expect(try CLI.run(["render", path, "-o", png, "--max-painted-pixels", "300"]).status == 0)
        let over = try CLI.run(["render", path, "-o", png, "--scale", "2", "--max-painted-pixels", "1199"])
        #expect(over.status == 1)
        #expect(
            over.stderr.contains(
                "the drawing operations cover more than 1199 pixels in all at this scale (max-painted-pixels), "
                    + "1200 by the one at \(path):2:"), "\(over.stderr)")
        #expect(over.stderr.contains("raise --max-painted-pixels"), "\(over.stderr)")
    }

    @Test func aBlendedShadowCountsItsBodyTwice() throws {
        // Blended, a shadowed shape's layer is written twice (its shadow, then its image, each
        // blended): 100 + 2400 + 4 as for any shadow, then the image's pass and the square again.
        let path = try Self.scene("<rect width=\"2\" height=\"2\" fill=\"red\" blend=\"multiply\" shadowBlur=\"1000\" shadowOffsetX=\"3\"/>")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let png = folder.appendingPathComponent("out.png").path
        #expect(try CLI.run(["render", path, "-o", png, "--max-painted-pixels", "2608"]).status == 0)
        let over = try CLI.run(["render", path, "-o", png, "--max-painted-pixels", "2607"])
        #expect(
            over.stderr.contains("more than 2607 pixels in all at this scale (max-painted-pixels), 2608 by the one at \(path):2:"), "\(over.stderr)")
    }

    @Test func masksCountInThePaintingBudget() throws {
        // A mask costs three passes over the 10×10 image (its content's image, its body's, and
        // their combination), then its content's and its body's 2×2 squares 4 pixels each: 308.
        let path = try Self.scene(
            "<mask><content><rect width=\"2\" height=\"2\" fill=\"black\"/></content><rect width=\"2\" height=\"2\" fill=\"red\"/></mask>")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let png = folder.appendingPathComponent("out.png").path
        #expect(try CLI.run(["render", path, "-o", png, "--max-painted-pixels", "308"]).status == 0)
        try? FileManager.default.removeItem(atPath: png)
        let over = try CLI.run(["render", path, "-o", png, "--max-painted-pixels", "307"])
        #expect(over.status == 1 && !FileManager.default.fileExists(atPath: png))
        #expect(
            over.stderr.contains("more than 307 pixels in all at this scale (max-painted-pixels), 308 by the one at \(path):2:"), "\(over.stderr)")
    }

    @Test func shadowsCountInThePaintingBudget() throws {
        // A layer costs one pass over the 10×10 image, its shadow 24 more (PaintedArea.shadowWeight),
        // and the square inside it 4 pixels: 2504 at scale 1.
        let path = try Self.scene("<layer shadowBlur=\"1000\" shadowOffsetX=\"3\"><rect width=\"2\" height=\"2\" fill=\"red\"/></layer>")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let png = folder.appendingPathComponent("out.png").path
        #expect(try CLI.run(["render", path, "-o", png, "--max-painted-pixels", "2504"]).status == 0)
        try? FileManager.default.removeItem(atPath: png)
        let over = try CLI.run(["render", path, "-o", png, "--max-painted-pixels", "2503"])
        #expect(over.status == 1 && !FileManager.default.fileExists(atPath: png))
        #expect(
            over.stderr.contains("more than 2503 pixels in all at this scale (max-painted-pixels), 2504 by the one at \(path):2:"), "\(over.stderr)")
        // A small shadow costs its region, not the image: a 2×2 square with a blur of 2 (3σ = 3, plus
        // 1) on 1000×1000: the layer's pass over the image, 24 × the 10×10 region, the square's 4.
        let small = folder.appendingPathComponent("small.scene")
        try """
        <scene width="1000" height="1000">
          <layer shadowBlur="2"><rect x="500" y="500" width="2" height="2" fill="red"/></layer>
        </scene>
        """.write(to: small, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["render", small.path, "-o", png, "--max-painted-pixels", "1002404"]).status == 0)
        let smallOver = try CLI.run(["render", small.path, "-o", png, "--max-painted-pixels", "1002403"])
        #expect(smallOver.stderr.contains("1002404 by the one at"), "\(smallOver.stderr)")
        try? FileManager.default.removeItem(atPath: png)
        // The largest blur on a canvas of 25 000 000 pixels: refused before librsvg sees it, at once.
        let huge = folder.appendingPathComponent("huge.scene")
        try """
        <scene width="5000" height="5000">
          <layer shadowBlur="1000"><rect width="5000" height="5000" fill="red"/></layer>
        </scene>
        """.write(to: huge, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["render", huge.path, "-o", png])
        #expect(refused.status == 1 && !FileManager.default.fileExists(atPath: png))
        #expect(refused.stderr.contains("625000000 by the one at \(huge.path):2:4"), "\(refused.stderr)")
    }

    @Test func nestedShadowedLayersStayLinear() throws {
        // 60 shadowed layers one inside the other: each filter region needs the box of what its
        // layer draws, shadows included; computed naively that doubled at every level (2^60).
        let open = String(repeating: "<layer shadowBlur=\"1000\" shadowOffsetX=\"1\" opacity=\"0.99\">", count: 60)
        let path = try Self.scene(
            open + "<rect width=\"2\" height=\"2\" fill=\"red\" shadowBlur=\"3\"/>"
                + String(repeating: "</layer>", count: 60))
        let svg = try CLI.run(["render", path, "-o", "-"])
        #expect(svg.status == 0)
        #expect(svg.stdout.components(separatedBy: " filter=\"url(#shadow").count == 62, "61 shadowed layers")
        let png = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("deep.png").path
        #expect(try CLI.run(["render", path, "-o", png]).status == 0)
    }

    @Test func maxOperations() throws {
        let path = try Self.scene("<for var=\"i\" from=\"0\" to=\"3\"><rect x=\"i\" width=\"1\" height=\"1\" fill=\"red\"/></for>")
        #expect(try CLI.run(["dump", path, "--max-operations", "3"]).status == 0)
        let over = try CLI.run(["dump", path, "--max-operations", "2", "--diagnostics", "short"])
        #expect(over.status == 1)
        #expect(over.stderr.hasPrefix("\(path):2:31: error[E0605]: the scene draws more than 2 operations\n"))
        #expect(over.stdout.isEmpty)
    }

    @Test func maxSteps() throws {
        // The loop (100 steps) and its bounds (10 each), then 3 iterations (40 each) of a rect
        // (100) with 4 attributes of 1 node (10) each: 660 steps.
        let path = try Self.scene("<for var=\"i\" from=\"0\" to=\"3\"><rect x=\"i\" width=\"1\" height=\"1\" fill=\"red\"/></for>")
        #expect(try CLI.run(["check", path, "--max-steps", "660"]).status == 0)
        let over = try CLI.run(["check", path, "--max-steps", "659", "--diagnostics", "short"])
        #expect(over.status == 1)
        #expect(over.stderr.contains("error[E0606]: evaluation takes more than 659 steps\n"), "\(over.stderr)")
    }

    @Test func maxOutputSize() throws {
        // A rect filled: 1 operation + 5 path segments.
        let path = try Self.scene("<rect width=\"1\" height=\"1\" fill=\"red\"/>")
        let out = try CLI.temporaryFolder().appendingPathComponent("o.svg").path
        #expect(try CLI.run(["render", path, "-o", out, "--max-output-size", "6"]).status == 0)
        let over = try CLI.run(["render", path, "-o", out, "--max-output-size", "5", "--diagnostics", "short"])
        #expect(over.status == 1)
        #expect(over.stderr.hasPrefix("\(path):2:2: error[E0607]: the display list grows past the limit of 5 entries"))
    }

    @Test func maxFileSize() throws {
        let path = try Self.scene("<rect width=\"1\" height=\"1\" fill=\"red\"/>")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! NSNumber
        #expect(try CLI.run(["check", path, "--max-file-size", "\(size.intValue)"]).status == 0)
        let over = try CLI.run(["check", path, "--max-file-size", "\(size.intValue - 1)", "--diagnostics", "short"])
        #expect(over.status == 1)
        #expect(
            over.stderr.hasPrefix(
                "\(path):1:1: error[E0601]: the file is \(size.intValue) bytes, over the limit of \(size.intValue - 1) bytes; "
                    + "make the scene smaller or raise the limit\n"))
    }

    @Test func aDeviceIsRefusedWithoutBeingRead() throws {
        // /dev/zero never ends: it is not a regular file, so it is refused before any byte is read.
        let r = try CLI.run(["check", "/dev/zero", "--diagnostics", "short"])
        #expect(r.status == 2)
        #expect(
            r.stderr.hasPrefix("scenec: error: '/dev/zero' is a character device, not a regular file; scenec reads only files\n"),
            "\(r.stderr)")
        #expect(r.stderr.hasSuffix("checked 1 scene: 1 could not be read\n"))
    }

    @Test func badLimitValuesAreUsageErrors() throws {
        for option in ["--max-file-size", "--max-iterations", "--max-operations", "--max-steps", "--max-output-size"] {
            let r = try CLI.run(["check", "Scenes/face.scene", option, "0"])
            #expect(r.status == 2, "\(option)")
            #expect(r.stderr.contains("\(option) expects a positive whole number, got 0"), "\(option): \(r.stderr)")
        }
        let help = try CLI.run(["render", "--help"])
        #expect(help.stdout.contains("--max-steps <n>"))
        #expect(help.stdout.contains("--max-output-size <n>"))
    }
}
