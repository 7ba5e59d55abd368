import Foundation
import Testing

/// No command writes over a file it reads (issue 13): the scene, a component, a manifest, a
/// report it merges — by any name (a symbolic link, a hard link, `..`). Each case is refused with
/// the output's path, exit status 1, and the file is left byte for byte.
struct SourceOverwriteTests {
    typealias CLI = CommandLineTests

    static let partText = "<scene width=\"10\" height=\"10\"><rect width=\"5\" height=\"5\" fill=\"red\"/></scene>\n"
    static let sceneText = "<scene width=\"20\" height=\"20\"><use src=\"part.scene\"/></scene>\n"

    /// A folder with `a.scene` using `part.scene`, and links to both under other names.
    static func project() throws -> URL {
        let folder = try CLI.temporaryFolder()
        try partText.write(to: folder.appendingPathComponent("part.scene"), atomically: true, encoding: .utf8)
        try sceneText.write(to: folder.appendingPathComponent("a.scene"), atomically: true, encoding: .utf8)
        #expect(link(folder.appendingPathComponent("a.scene").path, folder.appendingPathComponent("hard.svg").path) == 0)
        #expect(symlink(folder.appendingPathComponent("part.scene").path, folder.appendingPathComponent("soft.png").path) == 0)
        return folder
    }

    static func unchanged(_ folder: URL) throws -> Bool {
        try String(contentsOf: folder.appendingPathComponent("a.scene"), encoding: .utf8) == sceneText
            && String(contentsOf: folder.appendingPathComponent("part.scene"), encoding: .utf8) == partText
    }

    @Test func renderAndDumpNeverWriteOverTheSceneOrAComponent() throws {
        let folder = try Self.project()
        let p = folder.path
        // A scene saved with the wrong extension, rendered over itself.
        try Self.sceneText.write(toFile: p + "/x.svg", atomically: true, encoding: .utf8)
        let cases: [[String]] = [
            ["dump", p + "/a.scene", "-o", p + "/a.scene"],
            ["dump", p + "/a.scene", "-o", p + "/../" + folder.lastPathComponent + "/part.scene"],
            ["render", p + "/a.scene", "-o", p + "/hard.svg"],
            ["render", p + "/a.scene", "-o", p + "/soft.png"],
            ["render", p + "/x.svg", "-o", p + "/x.svg"],
        ]
        for arguments in cases {
            let r = try CLI.run(arguments)
            #expect(r.status == 1, "\(arguments): \(r.stderr)")
            #expect(r.stderr.hasPrefix("scenec: error: the output '\(arguments[3])' is "), "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("it would be overwritten"), "\(arguments): \(r.stderr)")
        }
        #expect(try Self.unchanged(folder))
        #expect(try String(contentsOfFile: p + "/x.svg", encoding: .utf8) == Self.sceneText)
    }

    @Test func diffNeverWritesItsImageOverAScene() throws {
        let folder = try Self.project()
        let p = folder.path
        // Two scenes that differ, the second one named like a PNG (diff takes any file name).
        try Self.partText.replacingOccurrences(of: "red", with: "blue")
            .write(toFile: p + "/new.png", atomically: true, encoding: .utf8)
        let r = try CLI.run(["diff", p + "/part.scene", p + "/new.png", "--diff-image", p + "/new.png"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.contains("scenec: error: refusing to write '\(p)/new.png': it is '\(p)/new.png', a file this command reads"),
            "\(r.stderr)")
        #expect(try String(contentsOfFile: p + "/new.png", encoding: .utf8).contains("blue"))
        // Through the symbolic link to part.scene.
        let linked = try CLI.run(["diff", p + "/part.scene", p + "/new.png", "--diff-image", p + "/soft.png"])
        #expect(linked.status == 1)
        #expect(linked.stderr.contains("refusing to write '\(p)/soft.png': it is '\(p)/part.scene' (the same file as"), "\(linked.stderr)")
        #expect(try Self.unchanged(folder))
        // --html never replaces a folder holding a source, even one that was a review page before.
        let page = folder.appendingPathComponent("page")
        #expect(try CLI.run(["diff", p + "/part.scene", p + "/new.png", "--html", page.path]).status == 1)
        try Self.partText.write(to: page.appendingPathComponent("kept.scene"), atomically: true, encoding: .utf8)
        let html = try CLI.run(["diff", page.path + "/kept.scene", p + "/new.png", "--html", page.path])
        #expect(html.status == 2, "\(html.stderr)")
        #expect(FileManager.default.fileExists(atPath: page.path + "/kept.scene"))
    }

    @Test func buildNeverWritesAnOutputOverTheManifest() throws {
        let folder = try CLI.temporaryFolder()
        let p = folder.path
        try Self.partText.write(toFile: p + "/badge.scene", atomically: true, encoding: .utf8)
        // The manifest kept where the asset catalog's own Contents.json goes.
        let catalog = p + "/out/Assets.xcassets"
        try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        let manifest = "{\"layout\": \"xcassets\"}\n"
        try manifest.write(toFile: catalog + "/Contents.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["build", p + "/badge.scene", "--manifest", catalog + "/Contents.json", "-o", p + "/out"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.contains("refusing to write '\(catalog)/Contents.json': it is '\(catalog)/Contents.json', a file this command reads"),
            "\(r.stderr)")
        #expect(try String(contentsOfFile: catalog + "/Contents.json", encoding: .utf8) == manifest)
    }

    @Test func testAndReportNeverWriteOverWhatTheyRead() throws {
        let folder = try Self.project()
        let p = folder.path
        // --junit names the component's link: refused, the references are still written.
        let own = try CLI.run(["test", p + "/part.scene", "--snapshots", p + "/snaps", "--junit", p + "/soft.png"])
        #expect(own.status == 1, "\(own.stderr)")
        #expect(own.stderr.contains("refusing to write '\(p)/soft.png'"), "\(own.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("part.scene"), encoding: .utf8) == Self.partText)
    }
}

extension SourceOverwriteTests {
    @Test func reportMergeNeverReplacesAPageItReads() throws {
        let folder = try CLI.temporaryFolder().path
        let page = folder + "/page"
        #expect(try CLI.run(["diff", "Scenes/face.scene", "Scenes/counter.scene", "--html", page, "--pixels-only"]).status == 1)
        let before = try String(contentsOfFile: page + "/index.html", encoding: .utf8)
        let r = try CLI.run(["report", "merge", "--html", page, "--html-in", page])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("refusing to replace '\(page)': it holds '\(page)/"), "\(r.stderr)")
        #expect(try String(contentsOfFile: page + "/index.html", encoding: .utf8) == before)
        // Into another folder it works.
        #expect(try CLI.run(["report", "merge", "--html", folder + "/merged", "--html-in", page]).status == 0)
    }
}

/// A build reads nothing outside the folders it is given and prints no line of a file that is not
/// a scene (issue 13): a pull request that adds `leak.scene → /some/secret` or
/// `scenes.json → /some/secret` must not get the secret into the CI log.
struct LeakTests {
    typealias CLI = CommandLineTests

    static func setUp() throws -> (project: String, secret: String) {
        let folder = try CLI.temporaryFolder()
        let secret = folder.appendingPathComponent("secret.txt").path
        try "TOPSECRET=hunter2\nsecond line\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let project = folder.appendingPathComponent("proj").path
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try "<scene width=\"10\" height=\"10\"><rect width=\"5\" height=\"5\" fill=\"red\"/></scene>\n"
            .write(toFile: project + "/ok.scene", atomically: true, encoding: .utf8)
        return (project, secret)
    }

    @Test func linksOutOfTheFolderAreNotRead() throws {
        let (project, secret) = try Self.setUp()
        #expect(symlink(secret, project + "/leak.scene") == 0)
        for command in [
            ["build", project, "-o", project + "/../out"], ["test", project, "--snapshots", project + "/../snaps"],
            ["check", project],
        ] {
            let r = try CLI.run(command)
            #expect(r.status != 0, "\(command)")
            #expect(!r.stderr.contains("TOPSECRET") && !r.stdout.contains("TOPSECRET"), "\(command): \(r.stderr)")
            #expect(r.stderr.contains("leak.scene' is a link to a file outside"), "\(command): \(r.stderr)")
        }
        try FileManager.default.removeItem(atPath: project + "/leak.scene")
        #expect(symlink(secret, project + "/scenes.json") == 0)
        for command in [["build", project, "-o", project + "/../out"], ["test", project, "--snapshots", project + "/../snaps"]] {
            let r = try CLI.run(command)
            #expect(r.status == 2, "\(command)")
            #expect(!r.stderr.contains("TOPSECRET") && !r.stdout.contains("TOPSECRET"), "\(command): \(r.stderr)")
            #expect(
                r.stderr.contains("'\(project)/scenes.json' is a link to a file outside its folder; it is not read"),
                "\(command): \(r.stderr)")
        }
    }

    @Test func filesThatAreNotSceneTextAreLocatedButNeverQuoted() throws {
        let (project, secret) = try Self.setUp()
        try FileManager.default.copyItem(atPath: secret, toPath: project + "/copy.scene")
        try FileManager.default.copyItem(atPath: secret, toPath: project + "/scenes.json")
        var binary = Array("<scene width=\"1\" height=\"1\">\nTOPSECRET\u{0}\n".utf8)
        try Data(binary).write(to: URL(fileURLWithPath: project + "/binary.scene"))
        binary = Array("<scene width=\"1\" height=\"1\">\nTOPSECRET\u{FF}\n".utf8).map { $0 == 0xC3 ? 0xFF : $0 }
        try Data(binary).write(to: URL(fileURLWithPath: project + "/latin.scene"))
        let manifest = try CLI.run(["build", project, "-o", project + "/../out"])
        #expect(manifest.status == 2)
        #expect(manifest.stderr.hasPrefix("\(project)/scenes.json:1:1: error[E0902]: invalid JSON"), "\(manifest.stderr)")
        #expect(!manifest.stderr.contains("TOPSECRET"), "\(manifest.stderr)")
        try FileManager.default.removeItem(atPath: project + "/scenes.json")
        let r = try CLI.run(["build", project, "-o", project + "/../out"])
        #expect(r.status == 1)
        for name in ["copy", "binary", "latin"] {
            #expect(r.stderr.contains("\(project)/\(name).scene:"), "\(name): \(r.stderr)")
        }
        #expect(!r.stderr.contains("TOPSECRET"), "\(r.stderr)")
    }
}

extension SourceOverwriteTests {
    /// The output record is a file in the output folder: an edited record cannot make --prune
    /// remove a scene or the manifest the build read.
    @Test func pruneNeverRemovesASource() throws {
        let folder = try CLI.temporaryFolder().path
        try Self.partText.write(toFile: folder + "/a.scene", atomically: true, encoding: .utf8)
        try "{\"scales\": [1]}\n".write(toFile: folder + "/scenes.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["build", folder, "-o", folder]).status == 0)
        let record = folder + "/.scenec-outputs"
        let text = try String(contentsOfFile: record, encoding: .utf8)
        try (text + "a.scene\nscenes.json\n").write(toFile: record, atomically: true, encoding: .utf8)
        let r = try CLI.run(["build", folder, "-o", folder, "--prune"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/a.scene"))
        #expect(FileManager.default.fileExists(atPath: folder + "/scenes.json"))
    }
}
