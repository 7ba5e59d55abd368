import Foundation
import Testing

/// Text from files and file names never reaches a terminal raw (issue 13): control characters
/// (an ESC, a C1 CSI) in a scene's name or content are written as `\u{1B}` in every message.
struct EscapingTests {
    typealias CLI = CommandLineTests

    @Test func controlCharactersInPathsAndNamesAreEscaped() throws {
        let folder = try CLI.temporaryFolder()
        let name = "bad\u{1B}[31m\u{9B}2J.scene"
        let scene = folder.appendingPathComponent(name)
        try "<scene width=\"10\" height=\"10\">\n  <let name=\"a\u{9B}b\" value=\"1\"/>\n</scene>\n"
            .write(to: scene, atomically: true, encoding: .utf8)
        let run = try CLI.run(["check", scene.path, "--diagnostics", "short"])
        #expect(run.status == 1)
        #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B }, "\(run.stderr)")
        #expect(run.stderr.contains("bad\\u{1B}[31m\\u{9B}2J.scene:2:14: error[E0201]: 'a\\u{9B}b' is not a valid name"), "\(run.stderr)")
        // A file that does not exist: the command-line error quotes its name escaped too.
        let missing = try CLI.run(["check", folder.appendingPathComponent("gone\u{1B}.scene").path])
        #expect(missing.status != 0)
        #expect(!missing.stderr.unicodeScalars.contains { $0.value == 0x1B } && missing.stderr.contains("gone\\u{1B}.scene"), "\(missing.stderr)")
    }

    /// `diff`, `build` and `test` print scene file names as `check` does: ESC, BEL and CR escaped
    /// (issue 21). A scene named with them is compared, refused as an output name, and tested
    /// through a manifest that names it.
    @Test func sceneFileNamesAreEscapedByDiffBuildAndTest() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = "x\u{1B}[31mA\u{7}B\rC"
        let counter = try String(contentsOfFile: Package.folder.appendingPathComponent("Scenes/counter.scene").path, encoding: .utf8)
        for side in ["old", "new", "named"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(side), withIntermediateDirectories: true)
        }
        let old = folder.appendingPathComponent("old/\(hostile).scene"), new = folder.appendingPathComponent("new/\(hostile).scene")
        try counter.write(to: old, atomically: true, encoding: .utf8)
        try counter.replacingOccurrences(of: "230", with: "231").write(to: new, atomically: true, encoding: .utf8)
        func raw(_ text: String) -> Bool { text.unicodeScalars.contains { [0x1B, 0x07, 0x0D].contains($0.value) } }

        let diff = try CLI.run(["diff", old.path, new.path, "--color", "always"])
        #expect(diff.status == 1, "\(diff.stderr)")
        #expect(
            !raw(diff.stdout.replacingOccurrences(of: "\u{1B}[", with: "")) && diff.stdout.contains("x\\u{1B}[31mA\\u{7}B\\u{D}C"),
            "\(diff.stdout)")
        #expect(!diff.stdout.contains("\u{1B}[31mA"), "\(diff.stdout)")

        let build = try CLI.run(["build", folder.appendingPathComponent("old").path, "-o", folder.appendingPathComponent("out").path])
        #expect(build.status != 0)
        #expect(!raw(build.stderr) && build.stderr.contains("x\\u{1B}[31mA\\u{7}B\\u{D}C"), "\(build.stderr)")

        // A manifest variant with a plain name whose scene file has the hostile name.
        let named = folder.appendingPathComponent("named")
        try counter.write(to: named.appendingPathComponent("\(hostile).scene"), atomically: true, encoding: .utf8)
        try #"{"variants": [{"name": "plain", "scene": "x\u001b[31mA\u0007B\rC"}]}"#
            .write(to: named.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        let recorded = try CLI.run(["test", named.path, "--record", "all"], in: folder)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        try counter.replacingOccurrences(of: "230", with: "231")
            .write(to: named.appendingPathComponent("\(hostile).scene"), atomically: true, encoding: .utf8)
        let test = try CLI.run(["test", named.path], in: folder)
        #expect(test.status == 1, "\(test.stderr)")
        #expect(
            !raw(test.stderr) && test.stderr.contains("FAIL plain (") && test.stderr.contains("x\\u{1B}[31mA\\u{7}B\\u{D}C.scene"),
            "\(test.stderr)")
    }

    /// `build --prune` names the stale files an earlier build recorded; the record is a file in the
    /// output folder (one a pull request can commit), so its names are escaped too.
    @Test func prunedOutputNamesAreEscaped() throws {
        let out = try CLI.temporaryFolder().appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        #expect(try CLI.run(["build", "Scenes/counter.scene", "-o", out.path]).status == 0)
        let record = out.appendingPathComponent(".scenec-outputs")
        let hostile = "x\u{1B}[31mA\u{7}B\rC.svg"
        // Recorded with the SHA-256 of what is there (an empty file), so --prune may remove it.
        let emptyFile = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        try (String(contentsOf: record, encoding: .utf8) + emptyFile + "  " + hostile + "\n")
            .write(to: record, atomically: true, encoding: .utf8)
        for extra in [["--check"], []] {
            #expect(FileManager.default.createFile(atPath: out.appendingPathComponent(hostile).path, contents: Data()))
            let run = try CLI.run(["build", "Scenes/counter.scene", "-o", out.path, "--prune"] + extra)
            #expect(!run.stderr.unicodeScalars.contains { [0x1B, 0x07, 0x0D].contains($0.value) }, "\(extra): \(run.stderr)")
            #expect(run.stderr.contains("x\\u{1B}[31mA\\u{7}B\\u{D}C.svg"), "\(extra): \(run.stderr)")
        }
    }

    /// A wrong --set lists the scene's parameters one per line (render, diff); a line break the
    /// user typed into the value is still shown escaped.
    @Test func theParameterListAfterAWrongValueKeepsItsLineBreaks() throws {
        for command in [["render", "Scenes/counter.scene", "-o", "-"], ["diff", "Scenes/counter.scene", "Scenes/counter.scene"]] {
            let run = try CLI.run(command + ["--set", "counter=a\nb"])
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("invalid value 'a\\u{A}b' for parameter 'counter'"), "\(command): \(run.stderr)")
            #expect(
                run.stderr.contains("\nthe parameters of Scenes/counter.scene are:\n  counter: int = 5 (range 0…8)\n"),
                "\(command): \(run.stderr)")
        }
    }
}
