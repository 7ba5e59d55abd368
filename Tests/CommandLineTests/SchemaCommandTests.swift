import Foundation
import Testing

/// `scenec schema` and the committed schema/scene.xsd, checked with libxml2's xmllint (Debian's
/// libxml2-utils, installed by `make test`): what validates, what does not. Also the shell
/// completion scripts the README documents.
struct SchemaCommandTests {
    typealias CLI = CommandLineTests

    static let committed = Package.folder.appendingPathComponent("schema/scene.xsd").path

    /// xmllint's verdict on one file: its exit status and what it said.
    static func xmllint(_ path: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--schema", committed, path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func theCommittedSchemaIsCurrent() throws {
        let r = try CLI.run(["schema"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(
            r.stdout == (try String(contentsOfFile: Self.committed, encoding: .utf8)),
            "schema/scene.xsd is stale: run `make schema` (scenec schema -o schema/scene.xsd)")
        // -o writes the same, atomically.
        let out = try CLI.temporaryFolder().appendingPathComponent("scene.xsd").path
        #expect(try CLI.run(["schema", "-o", out]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == r.stdout)
        let help = try CLI.run(["schema", "--help"])
        #expect(help.status == 0 && help.stdout.contains("-o, --output <file>"))
    }

    @Test func everySeedSceneAndValidFixtureValidates() throws {
        #expect(FileManager.isExecutableFile(atPath: "/usr/bin/xmllint"), "xmllint is missing: make test-deps installs libxml2-utils")
        let fixtures = Package.folder.appendingPathComponent("Tests/SceneCompilerTests/Fixtures")
        var files = try FileManager.default.contentsOfDirectory(atPath: Package.folder.appendingPathComponent("Scenes").path)
            .filter { $0.hasSuffix(".scene") }.map { "Scenes/" + $0 }
        // A fixture that compiles has its display list beside it.
        files += try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { name in
            name.hasSuffix(".scene")
                && FileManager.default.fileExists(atPath: fixtures.appendingPathComponent(String(name.dropLast(6)) + ".dump").path)
        }.map { "Tests/SceneCompilerTests/Fixtures/" + $0 }
        #expect(files.count >= 15)
        for file in files {
            let r = try Self.xmllint(Package.folder.appendingPathComponent(file).path)
            #expect(r.status == 0, "\(file): \(r.output)")
        }
    }

    @Test(arguments: [
        ("unknown element", #"<scene width="10" height="10"><rectangle width="1" height="1"/></scene>"#, "rectangle"),
        ("unknown attribute", #"<scene width="10" height="10"><rect width="1" height="1" colour="red"/></scene>"#, "colour"),
        ("missing attribute", #"<scene width="10" height="10"><rect width="1"/></scene>"#, "height"),
        ("path command in a drawing block", #"<scene width="10" height="10"><line x="1" y="1"/></scene>"#, "line"),
        ("stop outside a gradient", #"<scene width="10" height="10"><stop offset="0" color="red"/></scene>"#, "stop"),
        ("param inside a group", #"<scene width="10" height="10"><group><param name="a" type="int" default="1"/></group></scene>"#, "param"),
        (
            "component inside a group", #"<scene width="10" height="10"><group><component name="A" width="1" height="1"/></group></scene>"#,
            "component"
        ),
        ("elseif without if", #"<scene width="10" height="10"><elseif test="true"/></scene>"#, "elseif"),
        ("clip without its shape first", #"<scene width="10" height="10"><clip><rect width="1" height="1"/></clip></scene>"#, "rect"),
        ("paint attribute inside a path", #"<scene width="10" height="10"><path><rect width="1" height="1" fill="red"/></path></scene>"#, "fill"),
        ("bad keyword", #"<scene width="10" height="10"><rect width="1" height="1" stroke="red" lineCap="rounded"/></scene>"#, "rounded"),
        // Any family name validates (a project's own fonts, docs/text.md, "Project fonts"); an empty one does not.
        ("empty font", #"<scene width="10" height="10"><text font="">Hi</text></scene>"#, "font"),
        ("wrong root", #"<svg width="10" height="10"/>"#, "svg"),
    ])
    func brokenScenesDoNotValidate(_ what: String, _ text: String, _ named: String) throws {
        let file = try CLI.temporaryFolder().appendingPathComponent("broken.scene")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try Self.xmllint(file.path)
        #expect(r.status != 0, "\(what): validated")
        #expect(r.output.contains(named), "\(what): \(r.output)")
        // And the checker agrees that each is wrong.
        #expect(try CLI.run(["check", file.path]).status == 1, "\(what): scenec check accepts it")
    }

    @Test func aProjectFontFamilyValidates() throws {
        // The schema cannot know a project's Fonts/: any family validates; scenec checks it (E0529).
        let file = try CLI.temporaryFolder().appendingPathComponent("brand.scene")
        try #"<scene width="10" height="10"><text font="Brand Sans">Hi</text></scene>"#.write(to: file, atomically: true, encoding: .utf8)
        let r = try Self.xmllint(file.path)
        #expect(r.status == 0, "\(r.output)")
        let check = try CLI.run(["check", file.path])
        #expect(check.status == 1 && check.stderr.contains("error[E0529]: there is no font family 'Brand Sans'"), "\(check.stderr)")
    }

    @Test func componentArgumentsAndControlFlowValidate() throws {
        let file = try CLI.temporaryFolder().appendingPathComponent("ok.scene")
        try """
        <scene width="100" height="100">
          <component name="Badge" width="20" height="20">
            <param name="value" type="int" default="1"/>
            <text x="2" y="15" size="12" weight="bold"> {value} </text>
          </component>
          <use component="Badge" x="10" y="10" value="3"/>
          <if test="width gt 50"><rect width="1" height="1" fill="red"/></if>
          <elseif test="false"/>
          <else>
            <path stroke="blue"><for var="i" from="0" to="3"><if test="i == 0"><move x="0" y="0"/></if><else><line x="i" y="i"/></else></for></path>
          </else>
          <clip><shape fillRule=" evenodd "><circle cx="5" cy="5" radius="5"/></shape><paint fill="teal"/></clip>
          <gradient name="g"><let name="c" value="red"/><stop offset="0" color="c"/></gradient>
        </scene>
        """.write(to: file, atomically: true, encoding: .utf8)
        let r = try Self.xmllint(file.path)
        #expect(r.status == 0, "\(r.output)")
        #expect(try CLI.run(["check", file.path]).status == 0)
    }

    /// The schema's location in the file, for editors that need it there (IntelliJ): taken on the
    /// root only, ignored by the compiler, understood by xmllint.
    @Test func theRootMayNameTheSchema() throws {
        let folder = try CLI.temporaryFolder()
        let file = folder.appendingPathComponent("located.scene")
        try """
        <scene xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="\(Self.committed)"
               width="10" height="10">
          <rect width="10" height="10" fill="teal"/>
        </scene>
        """.write(to: file, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["check", file.path]).status == 0)
        let plain = folder.appendingPathComponent("plain.svg").path, located = folder.appendingPathComponent("located.svg").path
        try "<scene width=\"10\" height=\"10\">\n  <rect width=\"10\" height=\"10\" fill=\"teal\"/>\n</scene>\n"
            .write(toFile: folder.appendingPathComponent("plain.scene").path, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["render", folder.appendingPathComponent("plain.scene").path, "-o", plain]).status == 0)
        #expect(try CLI.run(["render", file.path, "-o", located]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: plain)) == Data(contentsOf: URL(fileURLWithPath: located)))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--schema", Self.committed, file.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // Anywhere else it is the usual mistake.
        try
            "<scene width=\"10\" height=\"10\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><group xsi:noNamespaceSchemaLocation=\"x\"/></scene>"
            .write(to: file, atomically: true, encoding: .utf8)
        let misplaced = try CLI.run(["check", file.path, "--diagnostics", "short"])
        #expect(misplaced.status == 1 && misplaced.stderr.contains("error[E0120]"), "\(misplaced.stderr)")
    }

    @Test func shellCompletionScripts() throws {
        for shell in ["bash", "zsh", "fish"] {
            let r = try CLI.run(["--generate-completion-script", shell])
            #expect(r.status == 0, "\(shell): \(r.stderr)")
            #expect(
                r.stdout.contains("scenec") && r.stdout.contains("schema") && r.stdout.contains("layout") && r.stdout.contains("xcassets"), "\(shell)"
            )
        }
    }
}

private extension FileManager {
    static func isExecutableFile(atPath path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }
}
