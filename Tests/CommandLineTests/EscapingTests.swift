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

    /// A wrong --set lists the scene's parameters one per line (render, diff); a line break the
    /// user typed into the value is still shown escaped.
    @Test func theParameterListAfterAWrongValueKeepsItsLineBreaks() throws {
        for command in [["render", "Scenes/counter.scene", "-o", "-"], ["diff", "Scenes/counter.scene", "Scenes/counter.scene"]] {
            let run = try CLI.run(command + ["--set", "counter=a\nb"])
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("invalid value 'a\\u{A}b' for parameter 'counter'"), "\(command): \(run.stderr)")
            #expect(run.stderr.contains("\nthe parameters of Scenes/counter.scene are:\n  counter: int = 5 (range 0…8)\n"),
                    "\(command): \(run.stderr)")
        }
    }
}
