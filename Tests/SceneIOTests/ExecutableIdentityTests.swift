import Foundation
import SceneIO
import Testing

struct ExecutableIdentityTests {
    /// The build id read from this test program's ELF notes is the one binutils' readelf reports.
    @Test func theBuildIDIsTheOneReadelfReports() throws {
        #if os(Linux)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
            process.arguments = ["-n", "/proc/\(getpid())/exe"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let line = try #require(text.split(separator: "\n").first { $0.contains("Build ID:") })
            let expected = line.split(separator: " ").last.map(String.init)
            #expect(ExecutableIdentity.current == "build-id " + (expected ?? "?"))
            // A file with no ELF header has none.
            let plain = FileManager.default.temporaryDirectory.appendingPathComponent("not-elf-\(UUID().uuidString)")
            try Data("not an executable".utf8).write(to: plain)
            #expect(ExecutableIdentity.buildID(plain.path) == nil)
            try FileManager.default.removeItem(at: plain)
        #endif
    }
}
