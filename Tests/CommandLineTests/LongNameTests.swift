import Foundation
import Testing

/// An output name that the file system takes (up to NAME_MAX, 255 bytes) is written by every
/// command (issue 13: a 244-byte name failed because the temporary name added 20 bytes). The
/// temporary file is `.NAME.scenec-XXXXXX` when that fits in 255 bytes, else `.scenec-XXXXXX`.
struct LongNameTests {
    typealias CLI = CommandLineTests

    static func name(_ bytes: Int, _ fileExtension: String) -> String {
        String(repeating: "n", count: bytes - fileExtension.utf8.count) + fileExtension
    }

    @Test(arguments: [240, 241, 244, 254, 255])
    func everyWriterTakesANameUpTo255Bytes(length: Int) throws {
        let folder = try CLI.temporaryFolder().path
        let cases: [([String], String)] = [
            (["render", "Scenes/face.scene", "-o"], ".svg"),
            (["render", "Scenes/face.scene", "-o"], ".png"),
            (["render", "Scenes/face.scene", "-o"], ".pdf"),
            (["dump", "Scenes/face.scene", "-o"], ".txt"),
            (["schema", "-o"], ".xsd"),
        ]
        for (command, fileExtension) in cases {
            let out = folder + "/" + Self.name(length, fileExtension)
            let r = try CLI.run(command + [out])
            #expect(r.status == 0, "\(command) \(length): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: out), "\(command) \(length)")
        }
        let image = folder + "/" + Self.name(length, ".png")
        let diff = try CLI.run(["diff", "Scenes/face.scene", "Scenes/counter.scene", "--diff-image", image, "--pixels-only"])
        #expect(diff.status == 1, "\(diff.stderr)")
        let junit = folder + "/" + Self.name(length, ".xml")
        let test = try CLI.run(["test", "Scenes/face.scene", "--snapshots", folder + "/snaps", "--junit", junit])
        #expect(test.status == 0, "\(test.stderr)")
        #expect(FileManager.default.fileExists(atPath: junit))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy { !$0.contains("scenec-") })
        // One byte past NAME_MAX is the file system's own error, reported for the path.
        let tooLong = folder + "/" + Self.name(256, ".svg")
        let over = try CLI.run(["render", "Scenes/face.scene", "-o", tooLong])
        #expect(over.status == 1)
        #expect(over.stderr.hasPrefix("scenec: error: cannot write '\(tooLong)': File name too long"), "\(over.stderr)")
    }
}
