import Foundation
import Testing

/// `scenec build --layout xcassets|android`, `--check` and `--prune`, run as a user runs them.
struct BuildLayoutTests {
    typealias CLI = CommandLineTests
    typealias Build = BuildCommandTests

    static func json(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Every path under a folder, without the build cache (`DIR/.scenec-cache`, CacheTests checks it).
    static func tree(_ folder: String) throws -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { !$0.hasPrefix(".scenec-cache") }.sorted()
    }

    static func inode(_ path: String) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as! NSNumber).uint64Value
    }

    // Apple's "Asset Catalog Format Reference": the keys an image set's Contents.json may have.
    static let documentedImageKeys: Set<String> = [
        "appearances", "color-space", "compression-type", "display-gamut", "filename", "graphics-feature-set", "height-class",
        "idiom", "language-direction", "locale", "memory", "resizing", "scale", "screen-width", "subtype", "unassigned",
        "width-class",
    ]
    static let documentedPropertyKeys: Set<String> = [
        "auto-scaling", "compression-type", "localizable", "on-demand-resource-tags", "preserves-vector-representation",
        "template-rendering-intent",
    ]
    static let documentedIdioms: Set<String> = ["universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision", "ios-marketing"]

    /// An image set's Contents.json has the documented shape, and names exactly the files beside it.
    static func checkImageSet(_ set: String) throws {
        let contents = try json(set + "/Contents.json")
        #expect(Set(contents.keys).isSubset(of: ["images", "info", "properties"]), "\(set): \(contents.keys)")
        let info = try #require(contents["info"] as? [String: Any])
        #expect(info["version"] as? Int == 1 && info["author"] is String && info.count == 2)
        let images = try #require(contents["images"] as? [[String: Any]])
        var named: [String] = []
        for image in images {
            #expect(Set(image.keys).isSubset(of: documentedImageKeys), "\(image)")
            #expect(documentedIdioms.contains(image["idiom"] as? String ?? ""), "\(image)")
            if let scale = image["scale"] { #expect(["1x", "2x", "3x"].contains(scale as? String ?? ""), "\(image)") }
            if let file = image["filename"] as? String {
                named.append(file)
                #expect(["png", "pdf"].contains(URL(fileURLWithPath: file).pathExtension), "\(file)")
            }
        }
        if let properties = contents["properties"] as? [String: Any] {
            #expect(Set(properties.keys).isSubset(of: documentedPropertyKeys))
        }
        let vector = (contents["properties"] as? [String: Any])?["preserves-vector-representation"] as? Bool == true
        // With a dark appearance, each slot is followed by its dark twin (Xcode's "Any, Dark").
        let dark = images.contains { $0["appearances"] != nil }
        if vector {
            // One universal PDF, no scale: Xcode's "Single Scale".
            #expect(images.count == (dark ? 2 : 1) && images.allSatisfy { $0["scale"] == nil } && named.first?.hasSuffix(".pdf") == true)
        } else {
            #expect(images.map { $0["scale"] as? String } == (dark ? ["1x", "1x", "2x", "2x", "3x", "3x"] : ["1x", "2x", "3x"]))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: set).filter { $0 != "Contents.json" }.sorted()
        #expect(files == named.sorted(), "\(set)")
    }

    @Test func xcassetsFromTheSeedManifestIsACatalogXcodeTakes() throws {
        let out = try CLI.temporaryFolder().appendingPathComponent("out").path
        let r = try CLI.run(["build", "-o", out, "--layout", "xcassets", "--progress", "lines"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("build: 15 variants, 61 files: 61 rendered, 0 unchanged, 0 failed, "), "\(r.stderr)")
        let catalog = out + "/Assets.xcassets"
        #expect(try Build.files(out) == ["Assets.xcassets"])
        #expect(try Self.json(catalog + "/Contents.json").keys.sorted() == ["info"])
        let sets = try FileManager.default.contentsOfDirectory(atPath: catalog).filter { $0 != "Contents.json" }.sorted()
        #expect(sets.count == 15 && sets.allSatisfy { $0.hasSuffix(".imageset") })
        for set in sets { try Self.checkImageSet(catalog + "/" + set) }
        #expect(try Build.pngSize(catalog + "/plus-button.imageset/plus-button@3x.png") == [300, 300])
        #expect(try Build.pngSize(catalog + "/minus-button.imageset/minus-button@2x.png") == [100, 100])
        // The same pixels as the flat layout writes.
        let flat = out + "-flat"
        #expect(try CLI.run(["build", "-o", flat]).status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: catalog + "/counter-3.imageset/counter-3@2x.png"))
                == Data(contentsOf: URL(fileURLWithPath: flat + "/counter-3@2x.png")))
        // A second run touches nothing: same inodes, even the image sets' folders.
        let folderInode = try Self.inode(catalog + "/flo.imageset")
        let fileInode = try Self.inode(catalog + "/flo.imageset/flo@2x.png")
        let again = try CLI.run(["build", "-o", out, "--layout", "xcassets"])
        #expect(again.stderr.contains("0 rendered, 61 unchanged, 0 failed"), "\(again.stderr)")
        #expect(try Self.inode(catalog + "/flo.imageset") == folderInode)
        #expect(try Self.inode(catalog + "/flo.imageset/flo@2x.png") == fileInode)
    }

    @Test func vectorVariantsAndTheManifestsLayout() throws {
        let lib = try Build.library(
            ["face", "counter"],
            extra: [
                "scenes.json":
                    #"{"layout": "xcassets", "variants": [{"name": "face", "scene": "face", "vector": true}, {"name": "Counter", "scene": "counter", "scales": [2, 3]}]}"#
            ])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try Self.tree(out + "/Assets.xcassets") == [
                "Contents.json", "Counter.imageset", "Counter.imageset/Contents.json", "Counter.imageset/Counter@2x.png",
                "Counter.imageset/Counter@3x.png", "face.imageset", "face.imageset/Contents.json", "face.imageset/face.pdf",
            ])
        let face = try Self.json(out + "/Assets.xcassets/face.imageset/Contents.json")
        #expect((face["properties"] as? [String: Any])?["preserves-vector-representation"] as? Bool == true)
        // The counter's 1x slot is empty, as Xcode leaves it.
        let counter = try Self.json(out + "/Assets.xcassets/Counter.imageset/Contents.json")
        #expect((counter["images"] as? [[String: Any]])?.map { $0["filename"] as? String } == [nil, "Counter@2x.png", "Counter@3x.png"])
        let pdf = try Data(contentsOf: URL(fileURLWithPath: out + "/Assets.xcassets/face.imageset/face.pdf"))
        #expect(String(decoding: pdf, as: UTF8.self).contains("/MediaBox [ 0 0 300 300 ]"))
        // --layout overrides the manifest.
        let flat = out + "-flat"
        #expect(try CLI.run(["build", lib.path, "-o", flat, "--layout", "flat"]).status == 0)
        #expect(try Build.files(flat) == ["Counter.svg", "Counter@2x.png", "Counter@3x.png", "face.pdf", "face.svg"])
    }

    @Test func androidDensityFolders() throws {
        let out = try CLI.temporaryFolder().appendingPathComponent("out").path
        let r = try CLI.run(["build", "-o", out, "--layout", "android"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Build.files(out) == ["res"])
        let densities = ["mdpi": 1.0, "hdpi": 1.5, "xhdpi": 2, "xxhdpi": 3, "xxxhdpi": 4]
        #expect(try Build.files(out + "/res") == densities.keys.map { "drawable-" + $0 }.sorted())
        for (density, scale) in densities {
            let files = try Build.files(out + "/res/drawable-" + density)
            #expect(files.count == 15 && files.contains("plus_button.png") && files.contains("graph_5_points.png"))
            #expect(files.allSatisfy { $0.range(of: "^[a-z][a-z0-9_]*\\.png$", options: .regularExpression) != nil }, "\(files)")
            let side = Int((100 * scale).rounded(.up))
            #expect(try Build.pngSize(out + "/res/drawable-\(density)/plus_button.png") == [side, side])
        }
        #expect(try Build.pngSize(out + "/res/drawable-hdpi/counter.png") == [345, 345])
        // Two names that make one resource name are refused before anything is built.
        let lib = try Build.library(
            ["face"],
            extra: [
                "scenes.json":
                    "{\"variants\": [\n  {\"name\": \"happy-face\", \"scene\": \"face\"},\n  {\"name\": \"Happy_Face\", \"scene\": \"face\"}\n]}\n"
            ])
        let clash = try CLI.run(["build", lib.path, "-o", out + "2", "--layout", "android", "--diagnostics", "short"])
        #expect(clash.status == 2)
        #expect(
            clash.stderr.contains(
                "scenes.json:3:12: error[E0918]: variants[1].name: 'Happy_Face' and 'happy-face' both become the Android resource name 'happy_face'"),
            "\(clash.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "2"))
    }

    @Test func badLayoutsAreUsageErrors() throws {
        let folder = try CLI.temporaryFolder().path
        let r = try CLI.run(["build", "-o", folder, "--layout", "ios"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("scenec: error: "), "\(r.stderr)")
        #expect(r.stderr.contains("'ios'") && r.stderr.contains("help: "), "\(r.stderr)")
        let lib = try Build.library(["face"], extra: ["scenes.json": "{\"layout\": \"andriod\"}\n"])
        let manifest = try CLI.run(["build", lib.path, "-o", folder, "--diagnostics", "short"])
        #expect(manifest.status == 2)
        #expect(
            manifest.stderr.contains("scenes.json:1:12: error[E0915]: layout: unknown layout 'andriod'\n  help: did you mean 'android'?"),
            "\(manifest.stderr)")
        let help = try CLI.run(["build", "--help"])
        for option in ["--layout <layout>", "--check", "--prune"] { #expect(help.stdout.contains(option), "\(option)") }
    }

    @Test func checkWritesNothingAndFailsWhenAnythingWouldChange() throws {
        let lib = try Build.library(["face", "push-button"])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        // Nothing there yet: everything is missing, and the folder is not even made.
        let empty = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets", "--check"])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("missing \(out)/Assets.xcassets/face.imageset/face@2x.png\n"), "\(empty.stderr)")
        #expect(empty.stderr.contains("check: 2 variants, 9 files: 0 up to date, 0 out of date, 9 missing, 0 failed, "), "\(empty.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets"]).status == 0)
        let up = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets", "--check"])
        #expect(up.status == 0, "\(up.stderr)")
        #expect(up.stderr.contains("check: 2 variants, 9 files: 9 up to date, 0 out of date, 0 missing, 0 failed, "), "\(up.stderr)")
        // A changed scene: its outputs are out of date, and still nothing is written.
        let scene = lib.appendingPathComponent("face.scene")
        let text = try String(contentsOf: scene, encoding: .utf8)
        try text.replacingOccurrences(of: "blue", with: "red").write(to: scene, atomically: true, encoding: .utf8)
        let set = out + "/Assets.xcassets/face.imageset"
        let before = try Data(contentsOf: URL(fileURLWithPath: set + "/face.png"))
        let stale = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets", "--check", "--progress", "bar"])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("out of date \(set)/face.png\n"), "\(stale.stderr)")
        #expect(!stale.stderr.contains("out of date \(set)/Contents.json"))
        #expect(stale.stderr.contains("6 up to date, 3 out of date, 0 missing"), "\(stale.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: set + "/face.png")) == before)
    }

    @Test func pruneRemovesOnlyWhatEarlierBuildsWrote() throws {
        let lib = try Build.library(
            ["face", "counter"],
            extra: [
                "scenes.json": #"{"variants": [{"name": "happy", "scene": "face"}, {"name": "sad", "scene": "face"}]}"#
            ])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        #expect(try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets"]).status == 0)
        #expect(try CLI.run(["build", lib.path, "-o", out, "--layout", "android"]).status == 0)
        // The user's own files, some with names a build could write.
        let mine = ["Assets.xcassets/mine.imageset/Contents.json", "Assets.xcassets/sad.imageset/notes.txt", "res/drawable-mdpi/logo.png", "sad.png"]
        for path in mine {
            try FileManager.default.createDirectory(atPath: FilePath(out + "/" + path).parent, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/" + path))
        }
        // The variant "sad" goes; the layout goes back to xcassets.
        try #"{"variants": [{"name": "happy", "scene": "face"}]}"#.write(
            to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        let check = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets", "--check", "--prune"])
        #expect(check.status == 1)
        #expect(
            check.stderr.contains("stale \(out)/Assets.xcassets/sad.imageset/sad@2x.png: no variant makes it (--prune removes it)\n"),
            "\(check.stderr)")
        #expect(check.stderr.contains("9 up to date, 0 out of date, 0 missing, 19 stale, 0 failed"), "\(check.stderr)")
        // Without --prune, stale files are left alone.
        let keep = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets"])
        #expect(keep.status == 0 && FileManager.default.fileExists(atPath: out + "/res/drawable-hdpi/sad.png"))
        let prune = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets", "--prune", "--progress", "lines"])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(prune.stderr.contains("removed \(out)/res/drawable-xxxhdpi/happy.png\n"), "\(prune.stderr)")
        #expect(prune.stderr.contains("0 rendered, 9 unchanged, 0 failed, 19 removed, "), "\(prune.stderr)")
        // What is left: this build's files and the user's, and no empty folder of a pruned output.
        #expect(
            try Self.tree(out) == [
                ".scenec-outputs", "Assets.xcassets", "Assets.xcassets/Contents.json", "Assets.xcassets/counter.imageset",
                "Assets.xcassets/counter.imageset/Contents.json", "Assets.xcassets/counter.imageset/counter.png",
                "Assets.xcassets/counter.imageset/counter@2x.png", "Assets.xcassets/counter.imageset/counter@3x.png",
                "Assets.xcassets/happy.imageset", "Assets.xcassets/happy.imageset/Contents.json", "Assets.xcassets/happy.imageset/happy.png",
                "Assets.xcassets/happy.imageset/happy@2x.png", "Assets.xcassets/happy.imageset/happy@3x.png",
                "Assets.xcassets/mine.imageset", "Assets.xcassets/mine.imageset/Contents.json",
                "Assets.xcassets/sad.imageset", "Assets.xcassets/sad.imageset/notes.txt",
                "res", "res/drawable-mdpi", "res/drawable-mdpi/logo.png", "sad.png",
            ])
        let record = try String(contentsOfFile: out + "/.scenec-outputs", encoding: .utf8)
        #expect(!record.contains("sad") && !record.contains("res/") && record.contains("Assets.xcassets/happy.imageset/happy@3x.png\n"))
        // A record that names a file outside DIR, or a link on the way, is never followed.
        try (record + "../outside.txt\n/etc/hostname\nlink/x.png\n").write(toFile: out + "/.scenec-outputs", atomically: true, encoding: .utf8)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out + "/../outside.txt"))
        try FileManager.default.createDirectory(atPath: out + "/../elsewhere", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out + "/../elsewhere/x.png"))
        try FileManager.default.createSymbolicLink(atPath: out + "/link", withDestinationPath: out + "/../elsewhere")
        let safe = try CLI.run(["build", lib.path, "-o", out, "--layout", "xcassets", "--prune"])
        // The link on the way is an error naming it (issue 21), and nothing is removed.
        #expect(safe.status == 1 && safe.stderr.contains("0 removed"), "\(safe.stderr)")
        #expect(safe.stderr.contains("'\(out)/link' is a symbolic link"), "\(safe.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: out + "/../outside.txt") && FileManager.default.fileExists(atPath: out + "/../elsewhere/x.png"))
    }

    /// A catalog build interrupted with SIGINT at random moments: every image set is the old one
    /// or the new one, whole (its Contents.json and images agree), and nothing hidden is left.
    @Test func anInterruptedCatalogBuildLeavesOnlyWholeImageSets() throws {
        let lib = try CLI.temporaryFolder()
        let scene = try String(contentsOfFile: Package.folder.appendingPathComponent("Scenes/counter.scene").path, encoding: .utf8)
        try scene.write(to: lib.appendingPathComponent("counter.scene"), atomically: true, encoding: .utf8)
        func manifest(_ color: String) -> String {
            let variants = (0..<60).map { i in
                "{\"name\": \"c\(i)\", \"scene\": \"counter\", \"size\": \"\(200 + i)x\(200 + i)\", "
                    + "\"parameters\": {\"counter\": \"\(i % 9)\", \"counterColor\": \"\(color)\"}}"
            }
            return "{\"layout\": \"xcassets\", \"variants\": [\n" + variants.joined(separator: ",\n") + "\n]}\n"
        }
        let old = lib.path + "-old", new = lib.path + "-new"
        try manifest("red").write(to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["build", lib.path, "-o", old, "--jobs", "2"]).status == 0)
        try manifest("blue").write(to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        let started = Date()
        #expect(try CLI.run(["build", lib.path, "-o", new, "--jobs", "2"]).status == 0)
        let full = Date().timeIntervalSince(started)
        let files = try Self.tree(new)
        func bytes(_ root: String) throws -> [String: Data] {
            var all: [String: Data] = [:]
            for file in files where !file.hasSuffix(".imageset") && file != "Assets.xcassets" {
                all[file] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + file))
            }
            return all
        }
        let oldBytes = try bytes(old), newBytes = try bytes(new)
        var interrupted = 0
        var generator = SystemRandomNumberGenerator()
        for round in 0..<8 {
            let out = lib.path + "-round\(round)"
            try FileManager.default.copyItem(atPath: old, toPath: out)
            let process = try CLI.start(["build", lib.path, "-o", out, "--jobs", "2"])
            usleep(UInt32(Double.random(in: 0.05...0.7, using: &generator) * full * 1_000_000))
            process.interrupt()
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { interrupted += 1 }
            let left = try Self.tree(out)
            #expect(
                left == files, "round \(round): left behind \(left.filter { !files.contains($0) }), missing \(files.filter { !left.contains($0) })")
            for set in files where set.hasSuffix(".imageset") {
                let members = files.filter { $0.hasPrefix(set + "/") }
                let states = try members.map { file -> String in
                    let data = try Data(contentsOf: URL(fileURLWithPath: out + "/" + file))
                    return data == newBytes[file] ? "new" : data == oldBytes[file] ? "old" : "neither"
                }
                // Contents.json is the same in both; every image of a set is of one build.
                let images = zip(members, states).filter { !$0.0.hasSuffix("Contents.json") }.map(\.1)
                #expect(Set(images).count == 1 && !images.contains("neither"), "round \(round): \(set) is \(images)")
            }
        }
        #expect(interrupted >= 4, "only \(interrupted) of 8 builds were interrupted midway (a whole build takes \(full) s)")
    }
}

/// A path's parent, for the tests above.
struct FilePath {
    let path: String
    init(_ path: String) { self.path = path }
    var parent: String { (path as NSString).deletingLastPathComponent }
}
