import Foundation
import Testing

/// `scenec program FILE`: the resolved program's text, the static checker's problems on standard
/// error, and exit statuses like the other commands.
struct ProgramCommandTests {
    typealias CLI = CommandLineTests

    @Test func printsTheProgramOfAScene() throws {
        let r = try CLI.run(["program", "Tests/SceneCompilerTests/Fixtures/components.scene"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let golden = Package.folder.appendingPathComponent("Tests/ResolvedProgramTests/Golden/components.program")
        #expect(r.stdout == (try String(contentsOf: golden, encoding: .utf8)))
    }

    @Test func anErrorIsReportedAndTheProgramStillPrinted() throws {
        let folder = try CLI.temporaryFolder()
        let scene = folder.appendingPathComponent("bad.scene")
        try #"<scene width="10" height="10"><if test="false"><rect width="nope" height="1"/></if></scene>"#
            .write(to: scene, atomically: true, encoding: .utf8)
        let r = try CLI.run(["program", scene.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error[E0203]"))
        #expect(r.stdout.contains("!undefined(nope)"))
    }

    @Test func aSceneThatDoesNotLoadPrintsNothing() throws {
        let folder = try CLI.temporaryFolder()
        let scene = folder.appendingPathComponent("broken.scene")
        try "<scene width=\"10\"".write(to: scene, atomically: true, encoding: .utf8)
        let r = try CLI.run(["program", scene.path])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(!r.stderr.isEmpty)
    }

    @Test func isHiddenFromTheCommandListButHasHelp() throws {
        #expect(!(try CLI.run(["--help"])).stdout.contains("program"))
        let help = try CLI.run(["program", "--help"])
        #expect(help.status == 0 && help.stdout.contains("resolved program"))
    }
}
