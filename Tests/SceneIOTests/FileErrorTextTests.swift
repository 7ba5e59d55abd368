import Foundation
import SceneIO
import Testing

/// FileErrorText says what Foundation's localizedDescription said, now that scenec links only
/// FoundationEssentials (this test target links all of Foundation, to compare).
struct FileErrorTextTests {
    @Test func matchesFoundationForFolderAndRemovalFailures() throws {
        let folder = try InputFileTests.folder()
        try "x".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
        let attempts: [() throws -> Void] = [
            { try FileManager.default.createDirectory(atPath: folder + "/file/sub", withIntermediateDirectories: true) },
            { try FileManager.default.createDirectory(atPath: folder + "/file", withIntermediateDirectories: true) },
            {
                try FileManager.default.createDirectory(
                    atPath: folder + "/" + String(repeating: "a", count: 300),
                    withIntermediateDirectories: true)
            },
            { try FileManager.default.removeItem(atPath: folder + "/missing") },
            { try FileManager.default.createDirectory(atPath: "/proc/scenec-none/sub", withIntermediateDirectories: true) },
        ]
        for attempt in attempts {
            do {
                try attempt()
                Issue.record("expected a failure")
            } catch {
                #expect(FileErrorText.describe(error) == error.localizedDescription)
            }
        }
    }
}
