import Foundation
import SceneIO
import Testing

/// `FolderSwap`: the one folder swap of AtomicFolder and the review page.
struct FolderSwapTests {
    func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folderswap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    func folder(_ path: String, holding name: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data(name.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
    }

    @Test func theStagingFolderTakesThePlaceAndKeepsTheOldOne() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try folder(parent + "/out", holding: "old.txt")
        try folder(parent + "/.out.staging", holding: "new.txt")
        #expect(FolderSwap.replace(parent + "/out", with: parent + "/.out.staging") == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/out") == ["new.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/.out.staging") == ["old.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).sorted() == [".out.staging", "out"])
    }

    @Test func aMissingTargetFailsAndLeavesTheStagingFolder() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try folder(parent + "/.out.staging", holding: "new.txt")
        #expect(FolderSwap.replace(parent + "/out", with: parent + "/.out.staging") == ENOENT)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/.out.staging") == ["new.txt"])
        #expect(!FileManager.default.fileExists(atPath: parent + "/out"))
    }
}
