import Foundation
import Testing

/// What `scenec diff` writes beside its report, as a new user met it (issue 27): a diff image
/// that is not written when nothing changed, and the review page's data file, documented.
struct DiffOutputsTests {
    typealias CLI = CommandLineTests

    @Test func noDiffImageWhenNothingChangedAndItSaysSo() throws {
        let folder = try CLI.temporaryFolder()
        let image = folder.appendingPathComponent("d.png").path
        let r = try CLI.run(["diff", "Scenes/counter.scene", "Scenes/counter.scene", "--diff-image", image])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: image))
        #expect(r.stderr == "scenec diff: no diff image written to '\(image)': nothing changed\n")
        let structural = try CLI.run(["diff", "Scenes/counter.scene", "Scenes/face.scene", "--structural-only", "--diff-image", image])
        #expect(
            structural.stderr.hasSuffix("no diff image written to '\(image)': --structural-only compares no pixels\n"),
            "\(structural.stderr)")
        // The guide says so.
        let guide = try String(contentsOf: Package.folder.appendingPathComponent("docs/review.md"), encoding: .utf8)
        #expect(guide.contains("When no pixels changed it writes nothing"))
    }

    /// Every file of a review page is named in the review guide, and review.json is what --json prints.
    @Test func theReviewPagesFilesAreDocumented() throws {
        let folder = try CLI.temporaryFolder()
        let new = folder.appendingPathComponent("counter.scene")
        try FileManager.default.copyItem(at: DiffCommandTests.scenes.appendingPathComponent("counter.scene"), to: new)
        try DiffCommandTests.edit(new, "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let page = folder.appendingPathComponent("review").path
        let r = try CLI.run(["diff", "Scenes/counter.scene", new.path, "--html", page])
        #expect(r.status == 1, "\(r.stderr)")
        let guide = try String(contentsOf: Package.folder.appendingPathComponent("docs/review.md"), encoding: .utf8)
        for file in try FileManager.default.contentsOfDirectory(atPath: page) {
            #expect(guide.contains("DIR/\(file)"), "docs/review.md does not name DIR/\(file)")
        }
        let json = try CLI.run(["diff", "Scenes/counter.scene", new.path, "--json"])
        #expect(try String(contentsOfFile: page + "/review.json", encoding: .utf8) == json.stdout)
    }
}
