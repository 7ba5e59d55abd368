import SceneIO
import Testing

/// Children run with posix_spawn: output and errors collected apart, status kept, output capped.
struct ChildProcessTests {
    @Test func outputErrorsAndStatus() throws {
        let r = try ChildProcess.run("/bin/sh", ["-c", "printf out; printf err >&2; exit 3"])
        #expect(String(decoding: r.output, as: UTF8.self) == "out")
        #expect(String(decoding: r.error, as: UTF8.self) == "err")
        #expect(r.status == 3 && !r.truncated)
    }

    @Test func theEnvironmentIsAddedToAndStandardInputIsEmpty() throws {
        let r = try ChildProcess.run(
            "/bin/sh", ["-c", "echo \"$SCENEC_TEST_VALUE\"; cat; echo done"],
            environment: ["SCENEC_TEST_VALUE": "x y"])
        #expect(String(decoding: r.output, as: UTF8.self) == "x y\ndone\n")
    }

    @Test func endlessOutputIsCutAtTheLimit() throws {
        let r = try ChildProcess.run("/bin/sh", ["-c", "yes"], limit: 100_000)
        #expect(r.output.count == 100_000 && r.truncated)
        #expect(r.status != 0, "the child was stopped")
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: ChildProcess.LaunchError.self) { try ChildProcess.run("/nonexistent/tool", []) }
    }
}
