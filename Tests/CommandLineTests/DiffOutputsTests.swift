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

    /// A diff image that cannot be written is named with what to do, with the exit status of
    /// before: 1 for a file in a folder that is not there, 2 for a folder that cannot be made.
    @Test func aDiffImageThatCannotBeWrittenSaysWhatToDo() throws {
        let folder = try CLI.temporaryFolder()
        let image = folder.appendingPathComponent("missing/d.png").path
        let file = try CLI.run(["diff", "Scenes/counter.scene", "Scenes/face.scene", "--pixels-only", "--diff-image", image])
        #expect(file.status == 1, "\(file.stderr)")
        #expect(file.stderr.contains("'\(folder.appendingPathComponent("missing").path)'"), "\(file.stderr)")
        #expect(file.stderr.contains("\nhelp: name with --diff-image"), "\(file.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let repo = try DiffCommandTests.repository()
        try DiffCommandTests.edit(repo.appendingPathComponent("Scenes/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        try Data("x".utf8).write(to: repo.appendingPathComponent("taken"))
        let rev = try CLI.run(["diff", "--rev", "main", "Scenes/counter.scene", "--pixels-only", "--diff-image", "taken/images"], in: repo)
        #expect(rev.status == 2, "\(rev.stderr)")
        #expect(rev.stderr.contains("cannot create the folder 'taken/images' for diff images"), "\(rev.stderr)")
        #expect(rev.stderr.contains("\nhelp: "), "\(rev.stderr)")
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
