import Foundation
import SceneIO
import Testing

/// `ContainedFolder`: nothing below the folder given is reached through a link.
struct ContainedFolderTests {
    /// A root with `outside/keep.txt` beside it and `root/linked → outside`.
    func layout() throws -> (root: String, outside: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("contained-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base + "/root", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        try "keep".write(toFile: base + "/outside/keep.txt", atomically: true, encoding: .utf8)
        #expect(symlink(base + "/outside", base + "/root/linked") == 0)
        return (base + "/root", base + "/outside")
    }

    @Test func noWriteReadOrRemoveCrossesALink() throws {
        let (root, outside) = try layout()
        let folder = ContainedFolder(root: root)
        let message = "'\(root)/linked' is a symbolic link; scenec writes only inside the folder it was given without following links"
        #expect(throws: OutputError.self) { _ = try folder.write(Array("x".utf8), to: "linked/new.txt") }
        do { _ = try folder.write(Array("x".utf8), to: "linked/deeper/new.txt") } catch { #expect(error.description == message) }
        #expect(throws: OutputError.self) { try folder.makeFolder("linked/made") }
        #expect(throws: OutputError.self) { _ = try folder.removeFile("linked/keep.txt") }
        #expect(throws: InputError.self) { _ = try folder.read("linked/keep.txt", maxBytes: 100) }
        #expect(throws: OutputError.self) { _ = try folder.entries("linked") }
        // Below a folder value: the part below the root is walked too.
        #expect(throws: OutputError.self) { try ContainedFolder(root: root, below: "linked").makeFolder("x") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["keep.txt"])
        // A link as the file itself: neither written over nor removed.
        #expect(symlink(outside + "/keep.txt", root + "/file.txt") == 0)
        #expect(throws: OutputError.self) { _ = try folder.write(Array("x".utf8), to: "file.txt") }
        #expect(throws: OutputError.self) { _ = try folder.removeFile("file.txt") }
        #expect(try String(contentsOfFile: outside + "/keep.txt", encoding: .utf8) == "keep")
        // The root itself may be a link: the user named it.
        #expect(try ContainedFolder(root: root + "/linked").write(Array("y".utf8), to: "sub/new.txt") == .written)
        #expect(try String(contentsOfFile: outside + "/sub/new.txt", encoding: .utf8) == "y")
    }

    @Test func foldersAreMadeAndFilesRemovedInside() throws {
        let (root, _) = try layout()
        let folder = ContainedFolder(root: root + "/made/here", below: "a/b")
        #expect(try folder.write(Array("x".utf8), to: "c/d.txt") == .written)
        #expect(folder.path("c/d.txt") == root + "/made/here/a/b/c/d.txt")
        #expect(try folder.kind(of: "c") == .folder && folder.kind(of: "c/d.txt") == .file && folder.kind(of: "nothing") == nil)
        #expect(try folder.removeFile("c/d.txt", when: { $0 == Array("other".utf8) }) == false)
        #expect(try folder.removeFile("c/d.txt", when: { $0 == Array("x".utf8) }) == true)
        #expect(folder.removeFolderIfEmpty("c"))
        #expect(try folder.entries() == [])
    }

    @Test func namesThatAreNotUTF8AreListedEscaped() throws {
        let (root, _) = try layout()
        let name: [CChar] = (Array((root + "/caf").utf8) + [0xE9, 0x2E, 0x73]).map { CChar(bitPattern: $0) } + [0]
        let fd = name.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let entries = try #require(try ContainedFolder(root: root).entries())
        #expect(entries.map(\.name) == ["caf\\xE9.s", "linked"])
        #expect(entries.map(\.isUTF8) == [false, true])
        #expect(entries.map(\.kind) == [.file, .link])
    }
}
