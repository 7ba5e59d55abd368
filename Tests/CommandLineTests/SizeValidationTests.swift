import Foundation
import Testing

/// Sizes and scales from the command line and the manifest (issue 13): each side of a size is a
/// decimal number from 0.0001 (the smallest an SVG document writes with its 4 decimals) to
/// 1000000 points, each scale at least 0.0001; anything else — too small to draw, too large,
/// NaN, infinities, hexadecimal, -0 — is a clear error, never a 0×0 image or a renderer warning.
struct SizeValidationTests {
    typealias CLI = CommandLineTests

    @Test(arguments: [
        "5e-324x5e-324", "0.00001x1", "1x0.00004", "nanx10", "10xinf", "1e400x10", "0x1p3x10", "-0x10", "0x10",
        "10x1000001", "10", "10x10x10", "x10", " 10x10",
    ])
    func aSizeOutsideTheRangeIsACommandLineError(size: String) throws {
        let r = try CLI.run(["render", "Scenes/face.scene", "-o", "-", "--size=\(size)"])
        #expect(r.status == 2, "\(size): \(r.stderr)")
        #expect(
            r.stderr.hasPrefix(
                "scenec: error: --size expects WIDTHxHEIGHT with numbers from 0.0001 to 1000000, "
                    + "such as 300x200; got '\(size)'"), "\(size): \(r.stderr)")
    }

    /// Written as separate arguments, a value that starts with '-' is still the option's value.
    @Test func aNegativeValueAfterTheOptionIsItsValue() throws {
        let size = try CLI.run(["render", "Scenes/face.scene", "-o", "-", "--size", "-0x10"])
        #expect(size.status == 2)
        #expect(
            size.stderr.hasPrefix(
                "scenec: error: --size expects WIDTHxHEIGHT with numbers from 0.0001 to 1000000, such as 300x200; "
                    + "got '-0x10': the width is below 0.0001 points"), "\(size.stderr)")
        let scale = try CLI.run(["render", "Scenes/face.scene", "-o", "/tmp/never-written.png", "--scale", "-0"])
        #expect(scale.status == 2)
        #expect(scale.stderr.hasPrefix("scenec: error: --scale expects a number from 0.0001 up, such as 2 or 1.5, got -0"), "\(scale.stderr)")
    }

    @Test func aSizeExplainsWhichSideIsWrong() throws {
        let tiny = try CLI.run(["render", "Scenes/face.scene", "-o", "-", "--size", "5e-324x5e-324"])
        #expect(tiny.stderr.contains("got '5e-324x5e-324': the width is below 0.0001 points"), "\(tiny.stderr)")
        let huge = try CLI.run(["render", "Scenes/face.scene", "-o", "-", "--size", "10x1e400"])
        #expect(huge.stderr.contains("got '10x1e400': the height is over 1000000 points"), "\(huge.stderr)")
        let nan = try CLI.run(["render", "Scenes/face.scene", "-o", "-", "--size", "nanx10"])
        #expect(nan.stderr.contains("got 'nanx10': the width is not a decimal number"), "\(nan.stderr)")
    }

    @Test func theSmallestSizeFollowsTheCeilingRule() throws {
        let folder = try CLI.temporaryFolder()
        let out = folder.appendingPathComponent("tiny.png")
        let r = try CLI.run(["render", "Scenes/face.scene", "-o", out.path, "--size", "0.0001x0.0001"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLI.pngSize([UInt8](try Data(contentsOf: out))).map { [$0.width, $0.height] } == [1, 1])
        let svg = try CLI.run(["render", "Scenes/face.scene", "-o", "-", "--size", "0.0001x2"])
        #expect(svg.stdout.contains("width=\"0.0001\" height=\"2\""))
    }

    @Test(arguments: ["5e-324", "0.00001", "-0", "1e400"])
    func aScaleOutsideTheRangeIsACommandLineError(scale: String) throws {
        for command in [
            ["render", "Scenes/face.scene", "-o", "/tmp/never-written.png"],
            ["diff", "Scenes/face.scene", "Scenes/face.scene"],
        ] {
            let r = try CLI.run(command + ["--scale=\(scale)"])
            #expect(r.status == 2, "\(command) \(scale): \(r.stderr)")
            #expect(r.stderr.contains("--scale expects a number from 0.0001 up, such as 2 or 1.5, got "), "\(scale): \(r.stderr)")
            #expect(!r.stderr.contains("librsvg"))
        }
    }

    /// Swift's Double(String) takes these; a scale is written in decimal, as a size is.
    @Test(arguments: ["nan", "inf", "0x1p1", "2x"])
    func aScaleThatIsNotADecimalNumberIsACommandLineError(scale: String) throws {
        for command in [
            ["render", "Scenes/face.scene", "-o", "/tmp/never-written.png"],
            ["diff", "Scenes/face.scene", "Scenes/face.scene"],
        ] {
            let r = try CLI.run(command + ["--scale=\(scale)"])
            #expect(r.status == 2, "\(command) \(scale): \(r.stderr)")
            #expect(
                r.stderr.contains("the value '\(scale)' is invalid for '--scale <s>': a scale is a decimal number from 0.0001 up, such as 2 or 1.5"),
                "\(scale): \(r.stderr)")
        }
    }

    @Test func theManifestLocatesSizesAndScalesOutOfRange() throws {
        let folder = try CLI.temporaryFolder()
        try "<scene width=\"10\" height=\"10\"><rect width=\"5\" height=\"5\" fill=\"red\"/></scene>\n"
            .write(to: folder.appendingPathComponent("a.scene"), atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            (#"{"scales": [1e400]}"#, #"scenes.json:1:13: error[E0904]: scales[0]: the number 1e400 is too large"#),
            (#"{"scales": [5e-324]}"#, #"scenes.json:1:13: error[E0909]: scales[0]: a scale must be a number from 0.0001 up, such as 1, 2 or 1.5"#),
            (#"{"scales": [-0]}"#, #"scenes.json:1:13: error[E0909]: scales[0]: a scale must be a number from 0.0001 up"#),
            (
                #"{"variants": [{"scene": "a", "size": "5e-324x1"}]}"#,
                #"scenes.json:1:38: error[E0911]: variants[0].size: expected WIDTHxHEIGHT in points, such as "60x60", got '5e-324x1': the width is below 0.0001 points"#
            ),
            (#"{"snapshot": {"scale": 1e400}}"#, #"scenes.json:1:24: error[E0904]: snapshot.scale: the number 1e400 is too large"#),
        ]
        for (manifest, message) in cases {
            try manifest.write(to: folder.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
            let r = try CLI.run(["build", ".", "-o", "out"], in: folder)
            #expect(r.status == 2, "\(manifest): \(r.stderr)")
            #expect(r.stderr.hasPrefix(message), "\(manifest): \(r.stderr)")
            #expect(!r.stderr.contains("librsvg"))
        }
    }

    @Test func aSceneSideBelowTheSmallestIsLocated() throws {
        let folder = try CLI.temporaryFolder()
        let scene = folder.appendingPathComponent("tiny.scene")
        try "<scene width=\"0.00001\" height=\"5e-324\">\n</scene>\n".write(to: scene, atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", scene.path, "-o", "-", "--diagnostics", "short"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(scene.path):1:15: error[E0514]: the scene's width is below 0.0001 points"), "\(r.stderr)")
        #expect(r.stderr.contains("\(scene.path):1:32: error[E0514]: the scene's height is below 0.0001 points"), "\(r.stderr)")
    }
}
