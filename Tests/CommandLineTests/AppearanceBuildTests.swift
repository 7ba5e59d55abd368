import Foundation
import Testing

/// `scenec build` of variants with a dark appearance, and `--layout android-vector`, run as a user
/// runs them: the files of each layout, the output record, `--check`, `--prune` and the cache.
struct AppearanceBuildTests {
    typealias CLI = CommandLineTests
    typealias Build = BuildCommandTests
    typealias Layout = BuildLayoutTests

    static let themed =
        ##"{"variants": [{"name": "plus", "scene": "push-button", "parameters": {"fillColor": "#57dad5"}, "dark": {"fillColor": "#1d6b68"}}, {"name": "face", "scene": "face"}]}"##

    @Test func anImageSetHoldsBothAppearancesAndKeepsWorkingWithCheckPruneAndTheCache() throws {
        let lib = try Build.library(["push-button", "face"], extra: ["scenes.json": Self.themed])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let first = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets"])
        #expect(first.status == 0, "\(first.stderr)")
        let set = out + "/Assets.xcassets/plus.imageset"
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: set).sorted() == [
                "Contents.json", "plus.png", "plus@2x.png", "plus@3x.png", "plus~dark.png", "plus~dark@2x.png", "plus~dark@3x.png",
            ])
        // Each dark file in the slot after the light one of its scale, marked as Xcode marks it.
        let images = try #require(try Layout.json(set + "/Contents.json")["images"] as? [[String: Any]])
        #expect(
            images.map { $0["filename"] as? String } == [
                "plus.png", "plus~dark.png", "plus@2x.png", "plus~dark@2x.png", "plus@3x.png", "plus~dark@3x.png",
            ])
        for (index, image) in images.enumerated() {
            let appearances = image["appearances"] as? [[String: String]]
            #expect(index % 2 == 0 ? appearances == nil : appearances == [["appearance": "luminosity", "value": "dark"]], "\(image)")
            #expect(Set(image.keys).isSubset(of: Layout.documentedImageKeys))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: set + "/plus.png")) != Data(contentsOf: URL(fileURLWithPath: set + "/plus~dark.png")))
        try Layout.checkImageSet(set)
        let record = try String(contentsOfFile: out + "/.scenec-outputs", encoding: .utf8)
        #expect(record.contains("  Assets.xcassets/plus.imageset/plus~dark@3x.png\n"), "\(record)")
        // Again: everything from the cache, nothing written; --check agrees.
        let again = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets"])
        #expect(again.stderr.contains("0 rendered, 12 unchanged, 0 failed, 9 from the cache (0 made)"), "\(again.stderr)")
        let check = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets", "--check"])
        #expect(check.status == 0 && check.stderr.contains("12 up to date, 0 out of date, 0 missing"), "\(check.stderr)")
        // Other dark values: the dark images are made again (the light ones come from the cache).
        try Self.themed.replacingOccurrences(of: "#1d6b68", with: "#202020").write(
            to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        let stale = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets", "--check"])
        #expect(
            stale.status == 1 && stale.stderr.contains("out of date \(set)/plus~dark@2x.png\n")
                && !stale.stderr.contains("out of date \(set)/plus.png"),
            "\(stale.stderr)")
        let changed = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets"])
        #expect(changed.stderr.contains("3 rendered, 9 unchanged, 0 failed, 6 from the cache (3 made)"), "\(changed.stderr)")
        // Without "dark": --prune removes the dark images and the set is light only.
        try Self.themed.replacingOccurrences(of: ##", "dark": {"fillColor": "#1d6b68"}"##, with: "")
            .write(to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        let prune = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets", "--prune"])
        #expect(prune.status == 0 && prune.stderr.contains(", 3 removed, "), "\(prune.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: set).sorted() == ["Contents.json", "plus.png", "plus@2x.png", "plus@3x.png"])
        try Layout.checkImageSet(set)
    }

    @Test func androidWritesNightDensitiesAndTheFlatLayoutTildeNames() throws {
        let lib = try Build.library(["push-button", "face"], extra: ["scenes.json": Self.themed])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let android = try CLI.run(["build", lib.path, "-o", out, "--layout", "android"])
        #expect(android.status == 0, "\(android.stderr)")
        #expect(
            try Build.files(out + "/res")
                == ["hdpi", "mdpi", "xhdpi", "xxhdpi", "xxxhdpi"].flatMap { ["drawable-\($0)", "drawable-night-\($0)"] }.sorted())
        #expect(try Build.files(out + "/res/drawable-night-xhdpi") == ["plus.png"])
        #expect(try Build.pngSize(out + "/res/drawable-night-xhdpi/plus.png") == [200, 200])
        let flat = out + "-flat"
        #expect(try CLI.run(["build", lib.path, "-o", flat]).status == 0)
        #expect(
            try Build.files(flat).filter { $0.hasPrefix("plus") } == [
                "plus.png", "plus.svg", "plus@2x.png", "plus@3x.png", "plus~dark.png", "plus~dark.svg", "plus~dark@2x.png", "plus~dark@3x.png",
            ])
        #expect(try String(contentsOfFile: flat + "/plus~dark.svg", encoding: .utf8).contains("#1d6b68"))
    }

    /// `scenec check` evaluates the dark appearance too, and says which appearance a problem is in.
    @Test func checkEvaluatesTheDarkAppearance() throws {
        let lib = try Build.library(
            [],
            extra: [
                "box.scene": "<scene width=\"10\" height=\"10\">\n  <param name=\"side\" type=\"number\" default=\"5\"/>\n"
                    + "  <assert test=\"8 > side\" message=\"side must stay under 8\"/>\n  <rect width=\"side\" height=\"side\" fill=\"teal\"/>\n</scene>\n",
                "scenes.json": #"{"variants": [{"name": "box", "scene": "box", "dark": {"side": "9"}}]}"#,
            ])
        let r = try CLI.run(["check", lib.path, "--diagnostics", "short"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("box.scene:3:17: error[E0505]: side must stay under 8"), "\(r.stderr)")
        #expect(r.stderr.contains("note: in the dark appearance of variant 'box' of the manifest"), "\(r.stderr)")
    }

    /// One VectorDrawable per variant (and its night twin); a scene with what VectorDrawable
    /// cannot draw fails with E0931 at the element, and the others are still written.
    @Test func androidVectorWritesVectorDrawablesAndNamesWhatItCannotDraw() throws {
        let lib = try Build.library(
            ["push-button", "face"],
            extra: [
                "scenes.json": Self.themed,
                "label.scene":
                    "<scene width=\"60\" height=\"20\">\n  <rect width=\"60\" height=\"20\" fill=\"teal\"/>\n  <text x=\"4\" y=\"14\" fill=\"white\">Hi</text>\n</scene>\n",
            ])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out, "--layout", "android-vector", "--diagnostics", "short"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "label.scene:3:4: error[E0931]: variant 'label' cannot be a VectorDrawable: this element draws text, and VectorDrawable draws paths only, no text"
            ),
            "\(r.stderr)")
        #expect(r.stderr.contains("help: build this variant with --layout android (PNGs at every density)"), "\(r.stderr)")
        #expect(try Build.files(out + "/res") == ["drawable", "drawable-night"])
        #expect(try Build.files(out + "/res/drawable") == ["face.xml", "plus.xml"])
        #expect(try Build.files(out + "/res/drawable-night") == ["plus.xml"])
        let plus = try String(contentsOfFile: out + "/res/drawable/plus.xml", encoding: .utf8)
        #expect(plus.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<vector xmlns:android=\"http://schemas.android.com/apk/res/android\""))
        #expect(plus.contains("android:fillColor=\"#57DAD5\"") && !plus.contains("1D6B68"))
        #expect(try String(contentsOfFile: out + "/res/drawable-night/plus.xml", encoding: .utf8).contains("android:fillColor=\"#1D6B68\""))
        // The manifest's scales are left aside; --check and the record know the files.
        let check = try CLI.run(["build", lib.path, "-o", out, "--layout", "android-vector", "--check"])
        #expect(check.stderr.contains("3 up to date, 0 out of date, 0 missing, 1 failed"), "\(check.stderr)")
        #expect(try String(contentsOfFile: out + "/.scenec-outputs", encoding: .utf8).contains("  res/drawable-night/plus.xml\n"))
    }

    /// `scenec test` keeps references of both appearances (`plus~dark.dump`, `plus~dark@2x.png`) and
    /// catches a change that only the dark values show; removing the dark values orphans them.
    @Test func snapshotTestsCompareTheDarkAppearanceToo() throws {
        let lib = try Build.library(["push-button", "face"], extra: ["scenes.json": Self.themed])
        let home = lib.deletingLastPathComponent()
        let record = try CLI.run(["test", lib.path, "--no-cache"], in: home)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stderr.hasSuffix("3 variants: 0 passed, 0 failed, 0 errors, 3 recorded\n"), "\(record.stderr)")
        #expect(
            try Build.files(lib.path + "/__snapshots__") == [
                "face.dump", "face@2x.png", "plus.dump", "plus@2x.png", "plus~dark.dump", "plus~dark@2x.png",
            ])
        #expect(try String(contentsOfFile: lib.path + "/__snapshots__/plus~dark.dump", encoding: .utf8).contains("#1d6b68"))
        // Another dark color: the dark appearance fails, the light one passes.
        try Self.themed.replacingOccurrences(of: "#1d6b68", with: "#202020").write(
            to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        let changed = try CLI.run(["test", lib.path, "--no-cache"], environment: ["CI": "true"], in: home)
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stderr.contains("FAIL plus~dark (") && !changed.stderr.contains("FAIL plus ("), "\(changed.stderr)")
        #expect(changed.stderr.hasSuffix("3 variants: 2 passed, 1 failed, 0 errors, 0 recorded\n"), "\(changed.stderr)")
        // Without "dark", the dark references belong to no variant.
        try Self.themed.replacingOccurrences(of: ##", "dark": {"fillColor": "#1d6b68"}"##, with: "")
            .write(to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        let light = try CLI.run(["test", lib.path, "--no-cache"], environment: ["CI": "true"], in: home)
        #expect(light.status == 0, "\(light.stderr)")
        #expect(light.stderr.contains("orphaned reference \(lib.path)/__snapshots__/plus~dark.dump"), "\(light.stderr)")
    }

    /// `scenec diff --rev` reviews each appearance: a change of the dark values is a change of
    /// `plus~dark` only; a variant that gains dark values shows its dark appearance as new.
    @Test func diffReviewsTheDarkAppearanceToo() throws {
        let repo = try CLI.temporaryFolder().appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        let lib = try Build.library(["push-button", "face"], extra: ["scenes.json": Self.themed])
        try FileManager.default.moveItem(at: lib, to: repo.appendingPathComponent("Scenes"))
        try DiffCommandTests.git(["init", "-q", "-b", "main"], in: repo)
        try DiffCommandTests.commit("themed", in: repo)
        let manifest = repo.appendingPathComponent("Scenes/scenes.json")
        try DiffCommandTests.edit(manifest, "#1d6b68", "#202020")
        let r = try CLI.run(["diff", "--rev", "main", "--structural-only"], in: repo)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("\nplus~dark  changed  ("), "\(r.stdout)")
        #expect(!r.stdout.contains("\nplus  changed"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("1 changed, 0 unchanged, 0 failed\n"), "\(r.stdout)")
    }
}
