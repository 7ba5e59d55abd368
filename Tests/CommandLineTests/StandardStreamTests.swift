import Foundation
import Testing

/// A write to standard output or standard error that fails (a full device, a closed descriptor)
/// ends the command with exit status 1 and, where it can still be written, a message; it never
/// traps (issue 13: Foundation's FileHandle died with SIGILL on `>/dev/full`).
struct StandardStreamTests {
    typealias CLI = CommandLineTests

    struct Outcome {
        let status: Int32
        let signaled: Bool
        let stdout: String
        let stderr: String
    }

    /// Runs scenec through /bin/sh with `redirections` applied (`>/dev/full`, `>&-`, `2>&-`), as a
    /// shell user would; the streams not redirected are captured.
    static func run(_ arguments: [String], _ redirections: String, in folder: URL? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$@\" \(redirections)", "sh", CLI.binary] + arguments
        process.currentDirectoryURL = folder ?? Package.folder
        process.environment = CLI.neutralEnvironment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Every command that writes its result to standard output.
    static let writersToStandardOutput: [[String]] = [
        ["dump", "Scenes/face.scene"],
        ["dump", "Scenes/face.scene", "-o", "-"],
        ["render", "Scenes/face.scene", "-o", "-"],
        ["params", "Scenes/counter.scene"],
        ["params", "Scenes/counter.scene", "--json"],
        ["schema"],
        ["schema", "-o", "-"],
        ["diff", "Scenes/face.scene", "Scenes/counter.scene", "--structural-only"],
        ["--help"],
        ["dump", "--help"],
        ["--version"],
    ]

    @Test(arguments: writersToStandardOutput)
    func aFullStandardOutputIsExitStatusOneWithAMessage(arguments: [String]) throws {
        let r = try Self.run(arguments, ">/dev/full")
        #expect(!r.signaled, "\(arguments): killed by a signal")
        #expect(r.status == 1, "\(arguments): \(r.stderr)")
        #expect(
            r.stderr.contains("scenec: error: cannot write to standard output: No space left on device"),
            "\(arguments): \(r.stderr)")
    }

    @Test(arguments: writersToStandardOutput)
    func aClosedStandardOutputIsExitStatusOneWithAMessage(arguments: [String]) throws {
        let r = try Self.run(arguments, ">&-")
        #expect(!r.signaled, "\(arguments): killed by a signal")
        #expect(r.status == 1, "\(arguments): \(r.stderr)")
        #expect(
            r.stderr.contains("scenec: error: cannot write to standard output: Bad file descriptor"),
            "\(arguments): \(r.stderr)")
    }

    /// Messages lost on standard error turn a success into exit status 1; a failure stays a failure.
    @Test func aFullOrClosedStandardErrorIsNeverASuccessNorACrash() throws {
        for redirection in ["2>/dev/full", "2>&-"] {
            let ok = try Self.run(["check", "Scenes/face.scene"], redirection)
            #expect(!ok.signaled && ok.status == 1, "\(redirection): \(ok.status)")
            let bad = try Self.run(["check", "Tests/SceneCompilerTests/Fixtures/error-types.scene"], redirection)
            #expect(!bad.signaled && bad.status == 1, "\(redirection): \(bad.status)")
            let usage = try Self.run(["render", "--no-such-option"], redirection)
            #expect(!usage.signaled && usage.status == 2, "\(redirection): \(usage.status)")
            let both = try Self.run(["dump", "Scenes/face.scene"], redirection + " >/dev/full")
            #expect(!both.signaled && both.status == 1, "\(redirection): \(both.status)")
        }
    }

    /// A closed descriptor 1 or 2 is not reused for a file scenec opens: the diagnostics and the
    /// progress lines can never land inside an output file.
    @Test func closedStandardStreamsNeverWriteIntoAnOutputFile() throws {
        let folder = try CLI.temporaryFolder()
        let scene = folder.appendingPathComponent("warn.scene")
        try "<scene width=\"10\" height=\"10\">\n  <rect width=\"10\" height=\"10\"/>\n  <rect width=\"5\" height=\"5\" fill=\"red\"/>\n</scene>\n"
            .write(to: scene, atomically: true, encoding: .utf8)
        for (name, redirection) in [("a.svg", "2>&-"), ("b.svg", ">&- 2>&-"), ("c.png", "2>&-")] {
            let out = folder.appendingPathComponent(name)
            let r = try Self.run(["render", scene.path, "-o", out.path], redirection)
            #expect(!r.signaled && r.status == 1, "\(name): the warning was lost, so the run is not a success")
            let bytes = try Data(contentsOf: out)
            #expect(!String(decoding: bytes, as: UTF8.self).contains("draws nothing"), "\(name) holds the warning")
        }
        let built = folder.appendingPathComponent("out")
        let r = try Self.run(["build", folder.path, "-o", built.path], ">&- 2>&-")
        #expect(!r.signaled && r.status == 1)
        let svg = try String(contentsOf: built.appendingPathComponent("warn.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && !svg.contains("rendered") && !svg.contains("draws nothing"))
    }
}
