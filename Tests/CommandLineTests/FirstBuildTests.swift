import Foundation
import Testing

/// What a new user tripped over in a first `scenec build` and `scenec check` (issue 27, "Paper
/// cuts"): each test is one of them, run as the user ran it.
struct FirstBuildTests {
    typealias CLI = CommandLineTests

    /// A build in which every file fails writes nothing, so it leaves no record of written files.
    @Test func aBuildThatWritesNothingLeavesNoRecord() throws {
        let lib = try BuildCommandTests.library(["face"], extra: ["scenes.json": #"{"svg": false, "scales": [100000]}"#])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("0 rendered, 0 unchanged, 1 failed"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/.scenec-outputs"))
        // A build that writes files records them.
        try #"{"svg": false, "scales": [1]}"#.write(to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["build", lib.path, "-o", out]).status == 0)
        let record = try String(contentsOfFile: out + "/.scenec-outputs", encoding: .utf8)
        #expect(record.hasSuffix("  face.png\n"), "\(record)")
    }

    /// A shadow in a vector variant becomes a bitmap inside its PDF: the build says so, at the
    /// shadow, and names the variant; the PDF is still written. A variant without one is quiet.
    @Test func aShadowInAVectorVariantIsReported() throws {
        let lib = try BuildCommandTests.library(
            [],
            extra: [
                "card.scene": """
                <scene width="40" height="40">
                  <rect x="4" y="4" width="30" height="30" fill="white"/>
                  <layer shadowBlur="6" shadowOffsetY="2">
                    <rect x="8" y="8" width="20" height="20" fill="teal"/>
                  </layer>
                </scene>

                """,
                "plain.scene": "<scene width=\"10\" height=\"10\">\n  <rect width=\"10\" height=\"10\" fill=\"red\"/>\n</scene>\n",
                "scenes.json":
                    #"{"layout": "xcassets", "variants": [{"name": "card", "scene": "card", "vector": true}, {"name": "plain", "scene": "plain", "vector": true}, {"name": "card-png", "scene": "card"}]}"#,
            ])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out, "--diagnostics", "short", "--progress", "lines"])
        #expect(r.status == 0, "\(r.stderr)")
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("warning[") }
        #expect(
            warnings == [
                "\(lib.path)/card.scene:3:4: warning[W0901]: variant 'card' is a vector PDF, but this shadow is drawn into it "
                    + "as a bitmap of 1 pixel per point (72 ppi): scaled up, as Xcode's \"Preserve Vector Data\" does, it looks pixelated"
            ],
            "\(r.stderr)")
        #expect(r.stderr.contains("help: build the variant as PNGs (\"vector\": false in the manifest), or draw it without the shadow"))
        #expect(FileManager.default.fileExists(atPath: out + "/Assets.xcassets/card.imageset/card.pdf"))
        // It is a warning: --deny-warnings fails that variant alone.
        let strict = try CLI.run(["build", lib.path, "-o", out, "--deny-warnings", "--no-cache"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("(1 variant)"), "\(strict.stderr)")
    }

    /// The last line of `check` counts every variant of the manifest (one that is the scene with its
    /// defaults included), and says that one warning fails the scene and each variant of it.
    @Test func checkCountsWhatTheManifestLists() throws {
        let lib = try BuildCommandTests.library(
            [],
            extra: [
                "w.scene": """
                <scene width="10" height="10">
                  <param name="shade" type="int" default="1" min="0" max="9"/>
                  <let name="spare" value="1"/>
                  <rect width="shade" height="1" fill="red"/>
                </scene>

                """,
                "scenes.json":
                    #"{"variants": [{"name": "w", "scene": "w"}, {"name": "w2", "scene": "w", "parameters": {"shade": "2"}}, {"name": "w3", "scene": "w", "parameters": {"shade": "3"}}]}"#,
            ])
        let plain = try CLI.run(["check", lib.path, "--diagnostics", "short"])
        #expect(plain.status == 0)
        #expect(plain.stderr.hasSuffix("checked 1 scene and 3 variants: no errors, 1 warning\n"), "\(plain.stderr)")
        let denied = try CLI.run(["check", lib.path, "--diagnostics", "short", "--deny-warnings"])
        #expect(denied.status == 1)
        #expect(denied.stderr.components(separatedBy: "warning[W0201]").count == 2, "the warning is shown once: \(denied.stderr)")
        #expect(
            denied.stderr.hasSuffix("checked 1 scene and 3 variants: 1 warning, which fails 1 scene and 3 variants (--deny-warnings)\n"),
            "\(denied.stderr)")
    }

    /// Component files are not assets: under a manifest, a scene another scene places with `<use>`,
    /// and the scenes a manifest's "exclude" takes, get no variant of their own; a variant that
    /// names one builds it.
    @Test func componentFilesAreNotAssets() throws {
        let part = "<scene width=\"10\" height=\"10\">\n  <rect width=\"10\" height=\"10\" fill=\"red\"/>\n</scene>\n"
        let lib = try BuildCommandTests.library(
            [],
            extra: [
                "screen.scene":
                    "<scene width=\"20\" height=\"20\">\n  <use src=\"knob.scene\"/>\n  <use src=\"parts/dial.scene\" x=\"10\"/>\n</scene>\n",
                "knob.scene": part,
                "badge.scene": part,
                "unused-part.scene": part,
                "scenes.json":
                    #"{"svg": false, "scales": [1], "exclude": ["parts/**", "unused-*"], "variants": [{"name": "big-badge", "scene": "badge", "size": "40x40"}]}"#,
            ])
        try FileManager.default.createDirectory(at: lib.appendingPathComponent("parts"), withIntermediateDirectories: true)
        try part.write(to: lib.appendingPathComponent("parts/dial.scene"), atomically: true, encoding: .utf8)
        try part.write(to: lib.appendingPathComponent("parts/spare.scene"), atomically: true, encoding: .utf8)
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try BuildCommandTests.files(out) == ["big-badge.png", "screen.png"])
        // Named by a variant, a component file is built.
        try #"{"svg": false, "scales": [1], "exclude": ["parts"], "variants": [{"scene": "knob"}, {"scene": "parts/dial"}, {"scene": "screen"}]}"#
            .write(to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        let named = try CLI.run(["build", lib.path, "-o", out, "--prune"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try BuildCommandTests.files(out) == ["badge.png", "dial.png", "knob.png", "screen.png", "unused-part.png"])
        // Without a manifest every scene is an asset, components included, as before.
        try FileManager.default.removeItem(at: lib.appendingPathComponent("scenes.json"))
        let bare = lib.deletingLastPathComponent().appendingPathComponent("bare").path
        #expect(try CLI.run(["build", lib.path, "-o", bare]).status == 0)
        #expect(
            try BuildCommandTests.files(bare).filter { $0.hasSuffix("@2x.png") }
                == ["badge@2x.png", "dial@2x.png", "knob@2x.png", "screen@2x.png", "spare@2x.png", "unused-part@2x.png"])
    }
}
