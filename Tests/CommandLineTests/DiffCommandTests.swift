import Foundation
import Testing

/// `scenec diff` as a reviewer runs it: two files, or a git revision range in a real repository
/// made by the test from the seed scenes.
struct DiffCommandTests {
    typealias CLI = CommandLineTests

    static let scenes = Package.folder.appendingPathComponent("Scenes")

    /// A git repository holding a copy of Scenes/ (with its manifest), committed on `main`.
    static func repository() throws -> URL {
        let folder = try CLI.temporaryFolder().appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: scenes, to: folder.appendingPathComponent("Scenes"))
        try git(["init", "-q", "-b", "main"], in: folder)
        try commit("the seeds", in: folder)
        return folder
    }

    @discardableResult
    static func git(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-c", "user.name=t", "-c", "user.email=t@t"] + arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments): \(String(decoding: error, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self)
    }

    static func commit(_ message: String, in folder: URL) throws {
        try git(["add", "-A"], in: folder)
        try git(["commit", "-q", "-m", message], in: folder)
    }

    static func edit(_ file: URL, _ old: String, _ new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "\(file.lastPathComponent) has no '\(old)'")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    // MARK: two files

    @Test func twoFilesDrawingTheSameAreNoChange() throws {
        let r = try CLI.run(["diff", "Scenes/counter.scene", "Scenes/counter.scene", "--structural-only"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("0 changed, 1 unchanged, 0 failed\n"), "\(r.stdout)")
    }

    @Test func twoFilesWithAColorChange() throws {
        let folder = try CLI.temporaryFolder()
        let new = folder.appendingPathComponent("counter.scene")
        try FileManager.default.copyItem(at: Self.scenes.appendingPathComponent("counter.scene"), to: new)
        try Self.edit(new, "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let r = try CLI.run(["diff", "Scenes/counter.scene", new.path, "--set", "counter=3", "--structural-only"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("counter  changed  (\(new.path), counter=3, @2x)"), "\(r.stdout)")
        #expect(
            r.stdout.contains("  ~ stroke <arc>  Scenes/counter.scene:23:4 → \(new.path):23:4\n      paint #57dad5ff → #c81e1eff\n"),
            "\(r.stdout)")
        let json = try CLI.run(["diff", "Scenes/counter.scene", new.path, "--json", "--structural-only"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let variants = try #require(object["variants"] as? [[String: Any]])
        #expect(variants.first?["status"] as? String == "changed")
        let structural = try #require(variants.first?["structural"] as? [String: Any])
        let changes = try #require(structural["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect((changes.first?["fields"] as? [[String: String]])?.first == ["field": "paint", "old": "#57dad5ff", "new": "#c81e1eff"])
    }

    @Test func pixelsAreCountedAndTheDiffImageWritten() throws {
        let folder = try CLI.temporaryFolder()
        let new = folder.appendingPathComponent("counter.scene")
        try FileManager.default.copyItem(at: Self.scenes.appendingPathComponent("counter.scene"), to: new)
        try Self.edit(new, "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let image = folder.appendingPathComponent("d.png").path
        let r = try CLI.run(["diff", "Scenes/counter.scene", new.path, "--set", "counter=3", "--diff-image", image, "--json"])
        #expect(r.status == 1, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let variant = try #require((object["variants"] as? [[String: Any]])?.first)
        let pixels = try #require(variant["pixels"] as? [String: Any])
        // At @2x the 230-point counter is 460×460; the arc's color change covers a large share of it.
        #expect(pixels["width"] as? Int == 460 && pixels["height"] as? Int == 460)
        let changed = try #require(pixels["changedPixels"] as? Int)
        #expect(changed > 50_000 && changed < 211_600, "\(changed)")
        #expect((pixels["regions"] as? [Any])?.isEmpty == false)
        let png = try Data(contentsOf: URL(fileURLWithPath: image))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Pixels only: the same verdict without the structural half; at scale 1 a quarter of the pixels.
        let only = try CLI.run(["diff", "Scenes/counter.scene", new.path, "--set", "counter=3", "--pixels-only", "--scale", "1"])
        #expect(only.status == 1)
        #expect(!only.stdout.contains("~ stroke"), "\(only.stdout)")
        #expect(only.stdout.contains("pixels: ") && only.stdout.contains(" of 52900 changed"), "\(only.stdout)")
        // A change too small to see at all is no change in pixels, but still in the operations.
        let nudge = folder.appendingPathComponent("nudged.scene")
        try FileManager.default.copyItem(at: Self.scenes.appendingPathComponent("counter.scene"), to: nudge)
        try Self.edit(nudge, "rgb(87, 218, 213)", "rgb(87, 218, 214)")
        let tiny = try CLI.run(["diff", "Scenes/counter.scene", nudge.path, "--json"])
        #expect(tiny.status == 1)
        let tinyObject = try #require(try JSONSerialization.jsonObject(with: Data(tiny.stdout.utf8)) as? [String: Any])
        let tinyVariant = try #require((tinyObject["variants"] as? [[String: Any]])?.first)
        #expect((tinyVariant["pixels"] as? [String: Any])?["changedPixels"] as? Int == 0)
        #expect(((tinyVariant["structural"] as? [String: Any])?["changes"] as? [Any])?.count == 1)
    }

    @Test func aSideWithErrorsIsReportedNotCrashedOn() throws {
        let folder = try CLI.temporaryFolder()
        let broken = folder.appendingPathComponent("broken.scene")
        try "<scene width=\"10\" height=\"10\">\n  <rect width=\"w\" height=\"1\" fill=\"red\"/>\n</scene>\n"
            .write(to: broken, atomically: true, encoding: .utf8)
        let r = try CLI.run(["diff", "Scenes/face.scene", broken.path, "--structural-only"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("broken  failed"), "\(r.stdout)")
        #expect(r.stdout.contains("new: \(broken.path):2:16: error[E0203]: undefined name 'w'"), "\(r.stdout)")
        // A binary file and a file over the size limit: the same, each with its located error.
        let binary = folder.appendingPathComponent("binary.scene")
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 1, 2]).write(to: binary)
        let b = try CLI.run(["diff", "Scenes/face.scene", binary.path, "--structural-only"])
        #expect(b.status == 1 && b.stdout.contains("binary  failed"), "\(b.stdout)")
        let big = try CLI.run(["diff", "Scenes/face.scene", "Scenes/counter.scene", "--structural-only", "--max-file-size", "100"])
        #expect(big.status == 1 && big.stdout.contains("over the limit of 100 bytes"), "\(big.stdout)")
    }

    @Test func anImageOverThePixelLimitsIsAFailureNotACrash() throws {
        let folder = try CLI.temporaryFolder()
        let image = folder.appendingPathComponent("d.png").path
        // 230 points at scale 200 is 46 000 pixels a side: over cairo's limit, refused before any allocation.
        let r = try CLI.run([
            "diff", "Scenes/counter.scene", "Scenes/counter.scene", "--set", "counter=3", "--scale", "200",
            "--diff-image", image,
        ])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("counter  failed"), "\(r.stdout)")
        #expect(
            r.stdout.contains("cannot render at @200x: the image would be 46000×46000 pixels; cairo's limit is 32767 per side"),
            "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: image), "no half-written diff image")
        let budget = try CLI.run(["diff", "Scenes/counter.scene", "Scenes/counter.scene", "--max-pixels", "1000"])
        #expect(budget.status == 1 && budget.stdout.contains("over the limit of 1000"), "\(budget.stdout)")
    }

    @Test func usageMistakesExitTwo() throws {
        let cases: [([String], String)] = [
            (["diff", "Scenes/face.scene"], "name two scene files to compare"),
            (["diff", "Scenes/face.scene", "nope.scene"], "cannot read 'nope.scene': no such file"),
            (["diff", "a.scene", "b.scene", "--diff-image", "d.jpg"], "--diff-image names a .png file"),
            (["diff", "--rev", "main", "--set", "counter=1"], "--set and --size apply to two scene files"),
            (["diff", "Scenes/face.scene", "Scenes/face.scene", "--threshold", "2"], "--threshold expects a number from 0 to 1"),
            (["diff", "Scenes/face.scene", "Scenes/face.scene", "--set", "nope=1"], "unknown parameter 'nope'"),
        ]
        for (arguments, message) in cases {
            let r = try CLI.run(arguments)
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
    }

    // MARK: revisions

    @Test func aComponentChangeReachesEveryVariantThatUsesIt() throws {
        let repo = try Self.repository()
        try Self.edit(repo.appendingPathComponent("Scenes/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let index = try Data(contentsOf: repo.appendingPathComponent(".git/index"))
        let r = try CLI.run(["diff", "--rev", "main", "--structural-only"], in: repo)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("scenec diff: main ("), "\(r.stdout)")
        for variant in ["counter", "counter-0", "counter-3", "counter-8", "counter-small", "flo"] {
            #expect(r.stdout.contains("\n\(variant)  changed  ("), "\(variant) missing: \(r.stdout)")
        }
        // The Flo screen changes through its <use> of the counter, and says so.
        #expect(r.stdout.contains("why: through <use src=…> at Scenes/flo.scene:49:6 (Scenes/counter.scene changed)"), "\(r.stdout)")
        // Variants of scenes the change cannot reach are not even compared.
        #expect(!r.stdout.contains("plus-button") && !r.stdout.contains("face-happy"))
        #expect(r.stdout.hasSuffix("6 changed, 1 unchanged, 0 failed\n"), "\(r.stdout)")
        // Nothing was written to the repository.
        #expect(try Data(contentsOf: repo.appendingPathComponent(".git/index")) == index)
        #expect(try Self.git(["status", "--porcelain"], in: repo) == " M Scenes/counter.scene\n")
    }

    /// `diff --rev` keeps each side's render under the hash of its inputs (the blobs' bytes): a
    /// review run again renders nothing, a new edit renders only the working tree's side, and the
    /// cache lives in .git, where git never lists it. Renders are counted by the debug counter.
    @Test func anUnchangedRevisionIsNotRenderedAgain() throws {
        let repo = try Self.repository()
        let counter = repo.appendingPathComponent("Scenes/counter.scene")
        try Self.edit(counter, "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let debug = ["SCENEC_DEBUG_CACHE": "1"]
        let first = try CLI.run(["diff", "--rev", "main"], environment: debug, in: repo)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("6 changed, 1 unchanged, 0 failed\n"), "\(first.stdout)")
        #expect(first.stderr == "debug: 14 renders made, 0 from the cache\n", "\(first.stderr)")
        let again = try CLI.run(["diff", "--rev", "main"], environment: debug, in: repo)
        #expect(again.stderr == "debug: 0 renders made, 14 from the cache\n", "\(again.stderr)")
        #expect(again.stdout == first.stdout)
        // Another color: main's seven renders are reused, the working tree's seven are made.
        try Self.edit(counter, "rgb(200, 30, 30)", "rgb(30, 30, 200)")
        let edited = try CLI.run(["diff", "--rev", "main"], environment: debug, in: repo)
        #expect(edited.stderr == "debug: 7 renders made, 7 from the cache\n", "\(edited.stderr)")
        #expect(edited.stdout.hasSuffix("6 changed, 1 unchanged, 0 failed\n"), "\(edited.stdout)")
        let none = try CLI.run(["diff", "--rev", "main", "--no-cache"], environment: debug, in: repo)
        #expect(none.stderr == "debug: 14 renders made, 0 from the cache\n", "\(none.stderr)")
        #expect(none.stdout == edited.stdout)
        #expect(try Self.git(["status", "--porcelain"], in: repo) == " M Scenes/counter.scene\n")
        #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent(".git/scenec-cache").path))
    }

    @Test func revisionRangesAddedRemovedAndBrokenScenes() throws {
        let repo = try Self.repository()
        let scenes = repo.appendingPathComponent("Scenes")
        try FileManager.default.removeItem(at: scenes.appendingPathComponent("face.scene"))
        try "<scene width=\"20\" height=\"20\"><oval width=\"20\" height=\"20\" fill=\"gold\"/></scene>\n"
            .write(to: scenes.appendingPathComponent("sun.scene"), atomically: true, encoding: .utf8)
        try Self.edit(
            scenes.appendingPathComponent("scenes.json"),
            """
                {"name": "face-happy", "scene": "face", "parameters": {"smiliness": "1"}},
                {"name": "face-neutral", "scene": "face", "parameters": {"smiliness": "0"}},
                {"name": "face-sad", "scene": "face", "size": "200x120",
                 "parameters": {"smiliness": "-0.6", "color": "#c00", "lineWidth": "4"}},
            """, "")
        try Self.edit(scenes.appendingPathComponent("push-button.scene"), "<oval", "<oval bogus=\"1\"")
        try Self.commit("second", in: repo)
        let r = try CLI.run(["diff", "--rev", "main~1..main", "--structural-only", "--diagnostics", "short"], in: repo)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("\nsun  added  (Scenes/sun.scene, @2x)"), "\(r.stdout)")
        for gone in ["face-happy", "face-neutral", "face-sad"] {
            #expect(r.stdout.contains("\n\(gone)  removed  (Scenes/face.scene"), "\(gone): \(r.stdout)")
        }
        #expect(r.stdout.contains("\nplus-button  failed"), "\(r.stdout)")
        #expect(r.stdout.contains("new: Scenes/push-button.scene:"), "\(r.stdout)")
        #expect(r.stdout.contains("main~1 (") && r.stdout.contains("→ main ("), "\(r.stdout)")
    }

    @Test func gitMistakesAreUsageErrors() throws {
        let repo = try Self.repository()
        let outside = try CLI.temporaryFolder()
        let cases: [([String], URL, String)] = [
            (["diff", "--rev", "nope"], repo, "unknown revision 'nope'"),
            (["diff", "--rev", "main..nope"], repo, "unknown revision 'nope'"),
            (["diff", "--rev", "main.."], repo, "--rev expects REV or A..B"),
            (["diff", "--rev", "main", "/etc"], repo, "'/etc' is outside the git repository"),
            (["diff", "--rev", "main"], outside, "is not inside a git repository"),
        ]
        for (arguments, folder, message) in cases {
            let r = try CLI.run(arguments, in: folder)
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            // Every error says what to do.
            #expect(r.stderr.contains("\nhelp: "), "\(arguments): \(r.stderr)")
        }
        // No change at all: exit 0.
        let none = try CLI.run(["diff", "--rev", "main", "--structural-only"], in: repo)
        #expect(none.status == 0, "\(none.stdout)\(none.stderr)")
        #expect(none.stdout.contains("no scene's drawing is touched by the changes"))
    }

    /// A path at neither revision is a mistake in every form of --rev (issue 27): a typo, or a
    /// repository whose scenes are not in Scenes/, must not turn the review into a silent pass.
    /// A path at one side only is a folder added or removed, and is reviewed.
    @Test func aPathAtNeitherRevisionIsAnError() throws {
        let repo = try Self.repository()
        try FileManager.default.moveItem(at: repo.appendingPathComponent("Scenes"), to: repo.appendingPathComponent("Widgets"))
        try Self.commit("scenes kept in Widgets", in: repo)
        try Self.git(["checkout", "-q", "-b", "feature"], in: repo)
        try Self.edit(repo.appendingPathComponent("Widgets/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        try Self.commit("a color", in: repo)
        let cases: [([String], String)] = [
            (["diff", "--rev", "main..feature", "--structural-only"], "'Scenes' exists neither at main nor at feature"),
            (["diff", "--rev", "main..feature", "--structural-only", "Widgetz"], "'Widgetz' exists neither at main nor at feature"),
            (["diff", "--rev", "main", "--structural-only", "Widgetz"], "'Widgetz' exists neither at main nor in the working tree"),
            (["diff", "--rev", "main..feature", "--structural-only", "Widgets", "Widgetz"], "'Widgetz' exists neither"),
        ]
        for (arguments, message) in cases {
            let r = try CLI.run(arguments, in: repo)
            #expect(r.status == 2, "\(arguments): \(r.stdout)\(r.stderr)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("scenes are in 'Widgets'"), "\(arguments): \(r.stderr)")
            #expect(!r.stdout.contains("no scene's drawing is touched"), "\(arguments): \(r.stdout)")
        }
        let right = try CLI.run(["diff", "--rev", "main..feature", "--structural-only", "Widgets"], in: repo)
        #expect(right.status == 1, "\(right.stdout)\(right.stderr)")
        // A folder only the new side has: every variant in it is added, not an error.
        try Self.git(["checkout", "-q", "main"], in: repo)
        try Self.git(["checkout", "-q", "-b", "more"], in: repo)
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("Icons"), withIntermediateDirectories: true)
        try "<scene width=\"20\" height=\"20\"><oval width=\"20\" height=\"20\" fill=\"gold\"/></scene>\n"
            .write(to: repo.appendingPathComponent("Icons/sun.scene"), atomically: true, encoding: .utf8)
        try Self.commit("icons", in: repo)
        let added = try CLI.run(["diff", "--rev", "main..more", "--structural-only", "Icons"], in: repo)
        #expect(added.status == 1, "\(added.stdout)\(added.stderr)")
        #expect(added.stdout.contains("\nsun  added  (Icons/sun.scene"), "\(added.stdout)")
        // ... and one only the old side has: removed.
        let removed = try CLI.run(["diff", "--rev", "more..main", "--structural-only", "Icons"], in: repo)
        #expect(removed.status == 1, "\(removed.stdout)\(removed.stderr)")
        #expect(removed.stdout.contains("\nsun  removed  (Icons/sun.scene"), "\(removed.stdout)")
    }

    // MARK: git integration

    @Test func gitDiffAndLogShowDisplayListsThroughTextconv() throws {
        let repo = try Self.repository()
        try "*.scene diff=scene\n".write(to: repo.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
        try Self.git(["config", "diff.scene.textconv", CLI.binary + " dump --textconv"], in: repo)
        try Self.edit(repo.appendingPathComponent("Scenes/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        try Self.edit(repo.appendingPathComponent("Scenes/flo.scene"), "size=\"36\"", "size=\"40\"")
        let diff = try Self.git(["diff"], in: repo)
        #expect(diff.contains("-  stroke #57dad5ff width=76 path M 60.5528 169.4472"), "\(diff)")
        #expect(diff.contains("+  stroke #c81e1eff width=76 path M 60.5528 169.4472"), "\(diff)")
        // The Flo screen's old version is a temporary copy: its components are still found.
        #expect(diff.contains("+  text \"5\" at 300 198.8477 anchor=middle font=\"DejaVu Sans\" size=40"), "\(diff)")
        #expect(!diff.contains("cannot read"), "\(diff)")
        try Self.commit("bigger label", in: repo)
        let log = try Self.git(["log", "-p", "-1", "--", "Scenes/flo.scene"], in: repo)
        #expect(log.contains("-  text \"5\" at 300 197.4629 anchor=middle font=\"DejaVu Sans\" size=36"), "\(log)")
    }

    @Test func gitDifftoolRunsSceneDiffOnBothVersions() throws {
        let repo = try Self.repository()
        try Self.edit(repo.appendingPathComponent("Scenes/flo.scene"), "size=\"36\"", "size=\"40\"")
        let out = try Self.git(
            ["difftool", "-y", "-x", CLI.binary + " diff --structural-only", "main", "--", "Scenes/flo.scene"],
            in: repo)
        #expect(out.contains("flo  changed  (Scenes/flo.scene, @2x)"), "\(out)")
        #expect(out.contains("      size 36 → 40\n"), "\(out)")
    }
}
