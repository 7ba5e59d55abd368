import Foundation
import SceneIO
import Testing

/// `AtomicFolder`: a folder replaced as a whole, unchanged files untouched.
struct AtomicFolderTests {
    func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomicfolder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    func inode(_ path: String) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as! NSNumber).uint64Value
    }

    @Test func writesNewReplacesChangedKeepsOthers() throws {
        let parent = try temporaryFolder()
        let set = parent + "/a.imageset"
        let first = try AtomicFolder.write([("a.png", Array("one".utf8)), ("Contents.json", Array("{}".utf8))], to: set)
        #expect(first == [.written, .written])
        try Data("mine".utf8).write(to: URL(fileURLWithPath: set + "/notes.txt"))
        let kept = try inode(set + "/Contents.json")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: set + "/Contents.json")
        let folderBefore = try inode(set)
        // Nothing changed: nothing is touched, not even the folder.
        #expect(try AtomicFolder.write([("a.png", Array("one".utf8)), ("Contents.json", Array("{}".utf8))], to: set) == [.unchanged, .unchanged])
        #expect(try inode(set) == folderBefore)
        // One file changed: a new folder, the unchanged file the same inode and time, the user's file kept.
        let second = try AtomicFolder.write([("a.png", Array("two".utf8)), ("Contents.json", Array("{}".utf8))], to: set)
        #expect(second == [.written, .unchanged])
        #expect(try inode(set) != folderBefore)
        #expect(try inode(set + "/Contents.json") == kept)
        #expect(try FileManager.default.attributesOfItem(atPath: set + "/Contents.json")[.modificationDate] as? Date == old)
        #expect(try String(contentsOfFile: set + "/a.png", encoding: .utf8) == "two")
        #expect(try String(contentsOfFile: set + "/notes.txt", encoding: .utf8) == "mine")
        // No staging folder is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["a.imageset"])
    }

    @Test func aFileInTheWayIsAnError() throws {
        let parent = try temporaryFolder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: parent + "/b.imageset"))
        #expect(throws: OutputError.self) { try AtomicFolder.write([("b.png", [1])], to: parent + "/b.imageset") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["b.imageset"])
    }
}
