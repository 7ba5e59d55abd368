import Foundation
import SceneIO
import Testing

/// `StagedFolder`: the one staged folder swap of asset folders (`AtomicFolder`) and the review
/// page, which holds a folder of its own (`images/`).
struct StagedFolderTests {
    func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stagedfolder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    func names(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    @Test func aNewFolderWithAFolderInsideTakesThePlaceOfOneWithAFolderInside() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try FileManager.default.createDirectory(atPath: parent + "/page/images", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: parent + "/page/images/old.png"))
        try Data("old".utf8).write(to: URL(fileURLWithPath: parent + "/page/index.html"))

        let staging = try StagedFolder(replacing: parent + "/page")
        #expect(FileManager.default.fileExists(atPath: staging.path))
        try staging.write(Array("new".utf8), to: "index.html", shown: "page/index.html")
        try staging.write(Array("new".utf8), to: "images/a/new.png", shown: "page/images/a/new.png")
        try staging.replaceTarget()

        // The old folder, its own folder included, is gone: only the new one is left.
        #expect(try names(parent) == ["page"])
        #expect(try names(parent + "/page") == ["images", "index.html"])
        #expect(try names(parent + "/page/images") == ["a"])
        #expect(try String(contentsOfFile: parent + "/page/images/a/new.png", encoding: .utf8) == "new")
    }

    @Test func discardRemovesTheStagingFolderWithTheFoldersInIt() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let staging = try StagedFolder(replacing: parent + "/page")
        try staging.write(Array("x".utf8), to: "images/x.png", shown: "page/images/x.png")
        staging.discard()
        #expect(try names(parent).isEmpty)
    }

    @Test func aFolderThatDidNotExistIsMadeByTheRename() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let staging = try StagedFolder(replacing: parent + "/out")
        try staging.write(Array("x".utf8), to: "x.txt", shown: "out/x.txt")
        try staging.replaceTarget()
        #expect(try names(parent) == ["out"])
        #expect(try names(parent + "/out") == ["x.txt"])
    }
}
