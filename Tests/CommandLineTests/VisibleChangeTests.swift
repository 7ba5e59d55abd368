import Foundation
import Testing

/// What counts as a change of pixels (issue 27): a change a person can see fails `scenec test` and
/// is a change for `scenec diff` alike, and no report says the pixels did not change when some did.
struct VisibleChangeTests {
    typealias CLI = CommandLineTests

    /// A light gray panel with a white card on it, in Scenes/ of a folder of its own.
    static func cardLibrary() throws -> URL {
        let folder = try CLI.temporaryFolder()
        let scenes = folder.appendingPathComponent("Scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try """
        <scene width="80" height="50">
          <rect width="80" height="50" fill="#f0f0f0"/>
          <rect x="10" y="10" width="60" height="30" fill="white"/>
        </scene>

        """.write(to: scenes.appendingPathComponent("card.scene"), atomically: true, encoding: .utf8)
        return folder
    }

    static func setFill(_ fill: String, in folder: URL) throws {
        try DiffCommandTests.edit(folder.appendingPathComponent("Scenes/card.scene"), "fill=\"white\"", "fill=\"\(fill)\"")
    }

    /// The card's fill from white to a 10% gray: every pixel of the card changed, plainly. pixelmatch's
    /// threshold 0.1 let it pass (YIQ delta 316 < 352); scenec's default measure fails it, in `test`
    /// and in `diff`, and a manifest's `threshold` still brings pixelmatch's back.
    @Test func aTenPercentGrayCardFailsTheSnapshotTest() throws {
        let lib = try Self.cardLibrary()
        #expect(try CLI.run(["test"], in: lib).status == 0)
        let old = lib.appendingPathComponent("old.scene")
        try FileManager.default.copyItem(at: lib.appendingPathComponent("Scenes/card.scene"), to: old)
        try Self.setFill("#e6e6e6", in: lib)

        let test = try CLI.run(["test"], environment: SnapshotTestCommandTests.onCI, in: lib)
        #expect(test.status == 1, "\(test.stderr)")
        // The card is 60 × 30 points at @2x: 7200 pixels.
        #expect(test.stderr.contains("FAIL card (Scenes/card.scene): 7200 pixels changed"), "\(test.stderr)")
        #expect(!test.stderr.contains("the pixels did not"), "\(test.stderr)")

        // diff judges alike: the same pixels changed.
        let diff = try CLI.run(["diff", old.path, "Scenes/card.scene", "--pixels-only"], in: lib)
        #expect(diff.status == 1, "\(diff.stdout)\(diff.stderr)")
        #expect(diff.stdout.contains("pixels: 7200 of 16000 changed"), "\(diff.stdout)")

        // pixelmatch's threshold, asked for: below it, and said so with the largest difference.
        let lenient = try CLI.run(["diff", old.path, "Scenes/card.scene", "--pixels-only", "--threshold", "0.1"], in: lib)
        #expect(lenient.status == 0, "\(lenient.stdout)\(lenient.stderr)")
        #expect(
            lenient.stdout.contains(
                "pixels: 0 of 16000 changed (0%), 7200 pixels changed below the threshold "
                    + "(largest difference 0.09; counted above threshold 0.1)"), "\(lenient.stdout)")
        try """
        {"variants": [{"name": "card", "scene": "card", "snapshot": {"threshold": 0.1}}]}
        """.write(to: lib.appendingPathComponent("Scenes/scenes.json"), atomically: true, encoding: .utf8)
        let manifest = try CLI.run(["test"], environment: SnapshotTestCommandTests.onCI, in: lib)
        #expect(manifest.status == 0, "\(manifest.stderr)")
        #expect(
            manifest.stderr.contains(
                "note card (Scenes/card.scene): the operations changed (1); 7200 pixels changed below "
                    + "the threshold (largest difference 0.09; counted above threshold 0.1)"), "\(manifest.stderr)")
    }

    /// A change no one can see (white to #fefefe) passes, with a note that counts the pixels it
    /// changed rather than saying none did.
    @Test func anInvisibleChangePassesWithATruthfulNote() throws {
        let lib = try Self.cardLibrary()
        #expect(try CLI.run(["test"], in: lib).status == 0)
        try Self.setFill("#fefefe", in: lib)
        let test = try CLI.run(["test"], environment: SnapshotTestCommandTests.onCI, in: lib)
        #expect(test.status == 0, "\(test.stderr)")
        #expect(
            test.stderr.contains(
                "note card (Scenes/card.scene): the operations changed (1); 7200 pixels changed below "
                    + "the threshold (largest difference 0.2; "), "\(test.stderr)")
        #expect(test.stderr.contains("counted above ΔE00 2)"), "\(test.stderr)")
        #expect(!test.stderr.contains("the pixels did not"), "\(test.stderr)")
    }
}

extension VisibleChangeTests {
    /// The Markdown summary points at a change one can see: an invisible shape added above the
    /// recolored card comes first in the list, but the summary names the card's fill.
    @Test func theSummarysFirstChangeIsAVisibleOne() throws {
        let lib = try Self.cardLibrary()
        #expect(try CLI.run(["test"], in: lib).status == 0)
        try DiffCommandTests.edit(
            lib.appendingPathComponent("Scenes/card.scene"), "  <rect x=\"10\"",
            "  <rect x=\"0\" y=\"0\" width=\"3\" height=\"3\" fill=\"red\" opacity=\"0\"/>\n  <rect x=\"10\"")
        try Self.setFill("#e6e6e6", in: lib)
        let r = try CLI.run(["test", "--summary", "summary.md"], environment: SnapshotTestCommandTests.onCI, in: lib)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("  added fill <rect> at Scenes/card.scene:3:4"), "\(r.stderr)")
        let summary = try String(contentsOf: lib.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("first change: fill <rect> at `Scenes/card.scene:4:4`: `paint #ffffffff → #e6e6e6ff`"), "\(summary)")
    }
}
