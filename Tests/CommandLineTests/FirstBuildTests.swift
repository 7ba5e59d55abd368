import Foundation
import Testing

/// What a new user tripped over in a first `scenec build` and `scenec check` (issue 27, "Paper
/// cuts"): each test is one of them, run as the user ran it.
struct FirstBuildTests {
    typealias CLI = CommandLineTests

    /// A build in which every file fails writes nothing, so it leaves no record of written files.
    @Test func aBuildThatWritesNothingLeavesNoRecord() throws {
        let lib = try BuildCommandTests.library(["face"], extra: ["scenes.json": #"{"svg": false, "scales": [100000]}"#])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("0 rendered, 0 unchanged, 1 failed"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/.scenec-outputs"))
        // A build that writes files records them.
        try #"{"svg": false, "scales": [1]}"#.write(to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["build", lib.path, "-o", out]).status == 0)
        let record = try String(contentsOfFile: out + "/.scenec-outputs", encoding: .utf8)
        #expect(record.hasSuffix("\nface.png\n"))
    }
}
