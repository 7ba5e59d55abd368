import Foundation
import Testing

/// Only regular files are read (issue 13): a FIFO would block `open` forever, /dev/zero never
/// ends, a folder has no bytes. Each is refused at once, by every command, with a message that
/// says what the file is — as a scene, a component and a manifest.
struct SpecialFileTests {
    typealias CLI = CommandLineTests

    @Test func everyCommandRefusesAFIFOOrADeviceAsTheSceneWithoutBlocking() throws {
        let folder = try CLI.temporaryFolder().path
        #expect(mkfifo(folder + "/pipe.scene", 0o600) == 0)
        for scene in [folder + "/pipe.scene", "/dev/zero"] {
            let what = scene == "/dev/zero" ? "a character device" : "a FIFO (named pipe)"
            for command in [
                ["render", scene, "-o", folder + "/out.svg"], ["dump", scene], ["params", scene], ["check", scene],
                ["diff", "Scenes/face.scene", scene],
            ]
                + (scene.hasSuffix(".scene") ? [["test", scene, "--snapshots", folder + "/snaps"], ["build", scene, "-o", folder]] : [])
            {
                let r = try CLI.run(command)
                #expect(r.status == 2, "\(command): \(r.stderr)")
                #expect(
                    r.stderr.contains("'\(scene)' is \(what), not a regular file; scenec reads only files"),
                    "\(command): \(r.stderr)")
            }
        }
    }

    @Test func aFIFOComponentOrManifestIsRefusedWithoutBlocking() throws {
        let folder = try CLI.temporaryFolder().path
        #expect(mkfifo(folder + "/pipe.scene", 0o600) == 0)
        try "<scene width=\"10\" height=\"10\">\n  <use src=\"pipe.scene\"/>\n</scene>\n"
            .write(toFile: folder + "/user.scene", atomically: true, encoding: .utf8)
        let render = try CLI.run(["render", folder + "/user.scene", "-o", folder + "/out.svg"])
        #expect(render.status == 1)
        #expect(
            render.stderr.hasPrefix(
                "\(folder)/user.scene:2:13: error[E0705]: '\(folder)/pipe.scene' is a FIFO (named pipe), "
                    + "not a regular file; scenec reads only files"), "\(render.stderr)")
        try FileManager.default.removeItem(atPath: folder + "/pipe.scene")
        #expect(mkfifo(folder + "/scenes.json", 0o600) == 0)
        try FileManager.default.removeItem(atPath: folder + "/user.scene")
        try "<scene width=\"10\" height=\"10\"/>\n".write(toFile: folder + "/a.scene", atomically: true, encoding: .utf8)
        let build = try CLI.run(["build", folder, "-o", folder + "/out"])
        #expect(build.status == 2)
        #expect(build.stderr.contains("'\(folder)/scenes.json' is a FIFO (named pipe), not a regular file"), "\(build.stderr)")
        #expect(!build.stderr.contains("permission denied"))
        let given = try CLI.run(["build", folder + "/a.scene", "--manifest", "/dev/zero", "-o", folder + "/out"])
        #expect(given.status == 2)
        #expect(given.stderr.contains("'/dev/zero' is a character device, not a regular file"), "\(given.stderr)")
        let merge = try CLI.run(["report", "merge", "--junit", folder + "/j.xml", "--junit-in", folder + "/scenes.json"])
        #expect(merge.status == 2)
        #expect(merge.stderr.contains("is a FIFO (named pipe), not a regular file"), "\(merge.stderr)")
    }

    @Test func aFolderNamedLikeASceneIsAFolderNotAFile() throws {
        let folder = try CLI.temporaryFolder().path
        try FileManager.default.createDirectory(atPath: folder + "/x.scene", withIntermediateDirectories: true)
        let r = try CLI.run(["render", folder + "/x.scene", "-o", folder + "/out.svg"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("scenec: error: '\(folder)/x.scene' is a folder, not a file"), "\(r.stderr)")
    }
}
