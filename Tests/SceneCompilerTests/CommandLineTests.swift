import Foundation
import Testing

/// Runs the built `scenec` as a user would and checks exit statuses, outputs and messages.
struct CommandLineTests {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let binary = Fixtures.packageFolder.appendingPathComponent(".build/debug/scenec").path

    static func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.packageFolder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func renderWritesSVG() throws {
        let folder = try Self.temporaryFolder()
        let out = folder.appendingPathComponent("c.svg").path
        let r = try Self.run(["render", "Scenes/counter.scene", "-o", out, "--set", "counter=3", "--size", "200x200"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg"))
        #expect(svg.contains("width=\"200\" height=\"200\""))
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["c.svg"])
    }

    @Test func compileErrorsExitOneAndWriteNothing() throws {
        let folder = try Self.temporaryFolder()
        let scene = folder.appendingPathComponent("bad.scene")
        try "<scene width=\"10\" height=\"10\">\n  <rect width=\"w\" height=\"1\" fill=\"red\"/>\n</scene>\n"
            .write(to: scene, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("bad.svg")
        try "previous".write(to: out, atomically: true, encoding: .utf8)
        let r = try Self.run(["render", scene.path, "-o", out.path])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("\(scene.path):2:16: error: undefined name 'w'\n2 |   <rect width=\"w\""))
        // The old output is untouched.
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["bad.scene", "bad.svg"])
    }

    @Test func unknownParameterIsAUsageErrorListingTheParameters() throws {
        let r = try Self.run(["dump", "Scenes/counter.scene", "--set", "countr=3"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown parameter 'countr' (did you mean 'counter'?)"))
        #expect(r.stderr.contains("counter: int = 5 (range 0…8)"))
        #expect(r.stderr.contains("outlineColor: color = #226e64ff"))
    }

    @Test func badValuesAreUsageErrors() throws {
        let outOfRange = try Self.run(["dump", "Scenes/counter.scene", "--set", "counter=9"])
        #expect(outOfRange.status == 2)
        #expect(outOfRange.stderr.contains("invalid value for parameter 'counter': 9 is above the maximum (range 0…8)"))
        let wrongType = try Self.run(["dump", "Scenes/push-button.scene", "--set", "isAddButton=maybe"])
        #expect(wrongType.status == 2)
        #expect(wrongType.stderr.contains("expected a bool, found 'maybe'"))
        let badSize = try Self.run(["dump", "Scenes/face.scene", "--size", "300by200"])
        #expect(badSize.status == 2)
        #expect(badSize.stderr.contains("--size expects WIDTHxHEIGHT"))
        let missing = try Self.run(["check", "Scenes/nope.scene"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read 'Scenes/nope.scene': no such file"))
        let unknownOption = try Self.run(["render", "Scenes/face.scene", "--frobnicate"])
        #expect(unknownOption.status == 2)
        let png = try Self.run(["render", "Scenes/face.scene", "-o", "face.png"])
        #expect(png.status == 2)
    }

    @Test func paramsListsTypesDefaultsAndRanges() throws {
        let table = try Self.run(["params", "Scenes/counter.scene"])
        #expect(table.status == 0)
        #expect(table.stdout.split(separator: "\n").first == "NAME          TYPE   DEFAULT    RANGE  DESCRIPTION")
        #expect(table.stdout.contains("counter       int    5          0…8    Glasses drunk today, out of 8."))
        let json = try Self.run(["params", "Scenes/graph.scene", "--json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains("{\"name\": \"graphPoints\", \"type\": \"list<int>\", \"default\": [4, 2, 6, 4, 5, 8, 3]"))
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 3)
    }

    @Test func dumpIsStableAndCanShowLocations() throws {
        let a = try Self.run(["dump", "Scenes/graph.scene"])
        let b = try Self.run(["dump", "Scenes/graph.scene"])
        #expect(a.status == 0 && a.stdout == b.stdout)
        let located = try Self.run(["dump", "Scenes/push-button.scene", "--locations"])
        #expect(located.stdout.contains("fill #57dad5ff path M 100 50 ARC 50 50 r=50 start=0 sweep=6.2832 Z @10:4"))
    }

    @Test func checkReportsEveryFileAndExitsOneOnErrors() throws {
        let good = try Self.run(["check", "Scenes/counter.scene", "Scenes/face.scene"])
        #expect(good.status == 0)
        #expect(good.stderr == "checked 2 scenes: no errors\n")
        let bad = try Self.run(["check", "Scenes/face.scene", "Tests/SceneCompilerTests/Fixtures/error-types.scene",
                                "--diagnostics", "short"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("error-types.scene:2:28: error: 'width' must be a number, not a string ('wide')\n"))
        #expect(!bad.stderr.contains(" | "))
        #expect(bad.stderr.hasSuffix("checked 2 scenes: 1 with errors\n"))
    }

    @Test func helpIsOnEveryCommand() throws {
        for command in ["render", "params", "dump", "check"] {
            let r = try Self.run([command, "--help"])
            #expect(r.status == 0)
            #expect(r.stdout.contains("USAGE: scenec \(command)"))
        }
        let render = try Self.run(["render", "--help"])
        #expect(render.stdout.contains("--set <name=value>"))
        #expect(render.stdout.contains("Override the scene's size in points"))
    }
}
