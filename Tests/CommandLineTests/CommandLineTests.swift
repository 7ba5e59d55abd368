import Foundation
import Testing

/// Runs the built `scenec` as a user would and checks exit statuses, outputs and messages.
struct CommandLineTests {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `scenec` built beside this test binary (so a build with any `--scratch-path` tests its own
    /// executable), else `.build/debug/scenec`.
    static let binary: String = {
        if let beside = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("scenec").path,
            FileManager.default.isExecutableFile(atPath: beside)
        {
            return beside
        }
        return Package.folder.appendingPathComponent(".build/debug/scenec").path
    }()

    /// The test's own environment without `CI`: a test that wants scenec to behave as on CI says so,
    /// and the same test gives the same result on a workstation and on the CI machine (which sets `CI`).
    static var neutralEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
    }

    /// Runs `scenec` in the package folder; `environment` adds to (or replaces in) the neutral one.
    static func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder ?? Package.folder
        process.environment = neutralEnvironment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Starts `scenec` in the background with no signal blocked, as a shell would start it.
    /// Foundation's Process starts children with the test runner thread's signal mask, in which
    /// SIGINT, SIGTERM and SIGHUP are blocked: a signal sent to such a child would only be delivered
    /// after it exits, and a test of interrupts would pass without interrupting anything. python3
    /// clears the mask and execs scenec in its place (same process id).
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [
                "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                    + "os.execv(sys.argv[1], sys.argv[1:])", binary,
            ] + arguments
        process.currentDirectoryURL = Package.folder
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
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
        #expect(r.stderr.hasPrefix("\(scene.path):2:16: error[E0203]: undefined name 'w'\n2 |   <rect width=\"w\""))
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
        let badExtension = try Self.run(["render", "Scenes/face.scene", "-o", "face.jpg"])
        #expect(badExtension.status == 2)
        #expect(badExtension.stderr.contains("the output must end in .svg, .png or .pdf"))
    }

    /// Width and height from a PNG's IHDR chunk, or nil when the bytes do not start like a PNG.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func renderWritesPNGAtAScale() throws {
        let folder = try Self.temporaryFolder()
        let out = folder.appendingPathComponent("x.png").path
        let r = try Self.run(["render", "Scenes/counter.scene", "-o", out, "--scale", "2"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        let size = try #require(Self.pngSize(png))
        #expect(size.width == 460 && size.height == 460)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["x.png"])
        // Run after run, the same bytes.
        let again = folder.appendingPathComponent("again.png").path
        #expect(try Self.run(["render", "Scenes/counter.scene", "-o", again, "--scale", "2"]).status == 0)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: again))) == png)
        // The default scale is 1; sizes are rounded up to whole pixels.
        let small = folder.appendingPathComponent("small.png").path
        #expect(try Self.run(["render", "Scenes/face.scene", "-o", small, "--size", "100.2x50", "--scale", "0.5"]).status == 0)
        #expect(Self.pngSize([UInt8](try Data(contentsOf: URL(fileURLWithPath: small)))).map { [$0.width, $0.height] } == [51, 25])
    }

    @Test func badScalesAreUsageErrors() throws {
        let folder = try Self.temporaryFolder()
        let out = folder.appendingPathComponent("x.png").path
        for scale in ["--scale=0", "--scale=-1", "--scale=nan", "--scale=inf", "--scale=-inf", "--scale=two"] {
            let r = try Self.run(["render", "Scenes/counter.scene", "-o", out, scale])
            #expect(r.status == 2, "\(scale)")
            #expect(r.stderr.contains("--scale"), "\(scale): \(r.stderr)")
        }
        let zero = try Self.run(["render", "Scenes/counter.scene", "-o", out, "--scale", "0"])
        #expect(zero.stderr.contains("--scale expects a number from 0.0001 up, such as 2 or 1.5, got 0"))
        let negative = try Self.run(["render", "Scenes/counter.scene", "-o", out, "--scale", "-1"])
        #expect(negative.status == 2)
        let svg = try Self.run([
            "render", "Scenes/counter.scene", "-o", folder.appendingPathComponent("x.svg").path,
            "--scale", "2",
        ])
        #expect(svg.status == 2)
        #expect(svg.stderr.contains("--scale applies to PNG output"))
        let budget = try Self.run(["render", "Scenes/counter.scene", "-o", out, "--max-pixels", "0"])
        #expect(budget.status == 2)
        #expect(budget.stderr.contains("--max-pixels expects a positive whole number"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func imagesTooLargeExitOneAndWriteNothing() throws {
        let folder = try Self.temporaryFolder()
        let out = folder.appendingPathComponent("big.png")
        try "previous".write(to: out, atomically: true, encoding: .utf8)
        let huge = try Self.run(["render", "Scenes/counter.scene", "-o", out.path, "--scale", "200"])
        #expect(huge.status == 1)
        #expect(
            huge.stderr == "scenec: error: the image would be 46000×46000 pixels; cairo's limit is 32767 per side "
                + "— lower --scale or --size\n")
        let overBudget = try Self.run(["render", "Scenes/counter.scene", "-o", out.path, "--max-pixels", "50000"])
        #expect(overBudget.status == 1)
        #expect(
            overBudget.stderr == "scenec: error: the image would be 230×230 pixels (52900 in all), over the limit of 50000 "
                + "— lower --scale or --size, or raise --max-pixels\n")
        // The old output is untouched and no temporary file is left behind.
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["big.png"])
    }

    @Test func paramsListsTypesDefaultsAndRanges() throws {
        let table = try Self.run(["params", "Scenes/counter.scene"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first == "size: 230x230 points")
        #expect(lines.dropFirst().first == "NAME          TYPE   DEFAULT    RANGE  DESCRIPTION")
        #expect(table.stdout.contains("counter       int    5          0…8    Glasses drunk today, out of 8."))
        let json = try Self.run(["params", "Scenes/graph.scene", "--json"])
        #expect(json.status == 0)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(parsed["scene"] as? String == "Scenes/graph.scene")
        let size = try #require(parsed["size"] as? [String: Any])
        #expect(size["width"] as? Double == 300 && size["height"] as? Double == 300)
        let parameters = try #require(parsed["parameters"] as? [[String: Any]])
        #expect(parameters.count == 3)
        #expect(parameters.first?["name"] as? String == "graphPoints")
        #expect(parameters.first?["type"] as? String == "list<int>")
        #expect(parameters.first?["default"] as? [Int] == [4, 2, 6, 4, 5, 8, 3])
        // The same bytes every run: keys sorted, fixed indentation.
        #expect(try Self.run(["params", "Scenes/graph.scene", "--json"]).stdout == json.stdout)
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
        let bad = try Self.run([
            "check", "Scenes/face.scene", "Tests/SceneCompilerTests/Fixtures/error-types.scene",
            "--diagnostics", "short",
        ])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("error-types.scene:2:28: error[E0408]: 'width' must be a number, not a string ('wide')\n"))
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
        #expect(render.stdout.contains("--scale <s>"))
        #expect(render.stdout.contains("--max-pixels <n>"))
    }
}
