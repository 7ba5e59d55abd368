import Foundation
import Testing

/// `scenec diff --html DIR`: the review page written beside the report, in both forms. (What the
/// page does in a browser is checked by Tests/browser/check_review_page.py.)
struct ReviewPageCommandTests {
    typealias CLI = CommandLineTests
    typealias Diff = DiffCommandTests

    func files(in folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
    }

    @Test func twoFilesWriteAPageWithBothRendersAndTheSameReport() throws {
        let folder = try CLI.temporaryFolder()
        let new = folder.appendingPathComponent("counter.scene")
        try FileManager.default.copyItem(at: Diff.scenes.appendingPathComponent("counter.scene"), to: new)
        try Diff.edit(new, "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let page = folder.appendingPathComponent("review").path
        let r = try CLI.run(["diff", "Scenes/counter.scene", new.path, "--set", "counter=3", "--html", page])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        // The report is the one printed without --html.
        let plain = try CLI.run(["diff", "Scenes/counter.scene", new.path, "--set", "counter=3"])
        #expect(r.stdout == plain.stdout)
        #expect(
            try files(in: page) == [
                "images", "images/counter-diff.png", "images/counter-new.png", "images/counter-old.png",
                "index.html", "review.json",
            ])
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        #expect(html.contains("<code class=\"op\" title=\"scene#0/arc#0\">stroke &lt;arc&gt;</code>"))
        #expect(html.contains("<tr><th><code>counter</code></th><td><code>3</code></td></tr>"))
        #expect(html.contains("<span class=\"loc\">\(new.path):23:4</span> <code class=\"line\">&lt;arc cx="))
        let old = try #require(FileManager.default.contents(atPath: page + "/images/counter-old.png"))
        #expect(old.count > 1000 && old.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Written again, the page is replaced: same bytes for the same review.
        let again = try CLI.run(["diff", "Scenes/counter.scene", new.path, "--set", "counter=3", "--html", page])
        #expect(again.status == 1)
        #expect(try String(contentsOfFile: page + "/index.html", encoding: .utf8) == html)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["counter.scene", "review"])
    }

    @Test func aRevisionRangeWritesEveryChangedVariant() throws {
        let repo = try Diff.repository()
        try Diff.edit(repo.appendingPathComponent("Scenes/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let r = try CLI.run(["diff", "--rev", "main", "--html", "review"], in: repo)
        #expect(r.status == 1, "\(r.stderr)")
        let page = repo.appendingPathComponent("review").path
        let html = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        #expect(html.contains("6 changed, 1 unchanged, 0 failed"))
        for variant in ["counter", "counter-0", "counter-3", "counter-8", "counter-small", "flo"] {
            #expect(html.contains("id=\"v-\(variant)\""), "\(variant)")
            #expect(FileManager.default.fileExists(atPath: page + "/images/\(variant)-new.png"), "\(variant)")
        }
        // The unchanged variant is listed, without images.
        #expect(html.contains("<h2>Unchanged (1)</h2>"))
        // Before, after and the diff image of each of the six changed variants.
        #expect(try files(in: page + "/images").count == 18)
        // With --structural-only nothing is rendered, and the page says so.
        let structural = try CLI.run(["diff", "--rev", "main", "--structural-only", "--html", "review"], in: repo)
        #expect(structural.status == 1, "\(structural.stderr)")
        #expect(try files(in: page) == ["index.html", "review.json"])
        #expect(try String(contentsOfFile: page + "/index.html", encoding: .utf8).contains("No images"))
    }

    @Test func aFolderOfOtherFilesIsRefusedAndLeftAlone() throws {
        let repo = try Diff.repository()
        try Diff.edit(repo.appendingPathComponent("Scenes/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let before = try files(in: repo.appendingPathComponent("Scenes").path)
        let r = try CLI.run(["diff", "--rev", "main", "--html", "Scenes"], in: repo)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("scenec: error: 'Scenes' holds other files, and the review page replaces the whole folder"), "\(r.stderr)")
        #expect(r.stderr.contains("help: --html names a new or empty folder"), "\(r.stderr)")
        #expect(try files(in: repo.appendingPathComponent("Scenes").path) == before)
        let file = try CLI.run(["diff", "--rev", "main", "--html", "Scenes/counter.scene"], in: repo)
        #expect(file.status == 2 && file.stderr.contains("'Scenes/counter.scene' is a file, not a folder"), "\(file.stderr)")
        let dash = try CLI.run(["diff", "Scenes/face.scene", "Scenes/face.scene", "--html", "-"])
        #expect(dash.status == 2 && dash.stderr.contains("--html names the folder to write the review page to"), "\(dash.stderr)")
    }
}
