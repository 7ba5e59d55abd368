import Foundation
import SceneDiff
import Testing

/// Reading revisions through git, in a real repository made by the test; nothing is ever written
/// to the working tree or the index.
struct GitRepositoryTests {
    /// A repository with one commit (`a.scene`, `lib/b.scene`), then uncommitted edits.
    static func repository() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/lib", withIntermediateDirectories: true)
        try "one\n".write(toFile: folder + "/a.scene", atomically: true, encoding: .utf8)
        try "two\n".write(toFile: folder + "/lib/b.scene", atomically: true, encoding: .utf8)
        try run(["init", "-q", "-b", "main"], in: folder)
        try run(["add", "."], in: folder)
        try run(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first"], in: folder)
        return folder
    }

    @discardableResult
    static func run(_ arguments: [String], in folder: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", folder] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test func revisionsFilesAndChanges() throws {
        let folder = try Self.repository()
        let repo = try GitRepository(at: folder + "/lib")
        let head = try repo.commit("HEAD")
        #expect(head.count == 40)
        #expect(try repo.commit("main") == head)
        #expect(repo.repositoryPath("b.scene") == "lib/b.scene")
        #expect(repo.userPath("lib/b.scene") == "b.scene")
        #expect(repo.userPath("a.scene") == folder + "/a.scene" || repo.userPath("a.scene").hasSuffix("/a.scene"))

        // Edit one file, add an untracked one: both are changes against HEAD; nothing is staged.
        try "two, edited\n".write(toFile: folder + "/lib/b.scene", atomically: true, encoding: .utf8)
        try "new\n".write(toFile: folder + "/lib/c.scene", atomically: true, encoding: .utf8)
        let index = try Data(contentsOf: URL(fileURLWithPath: folder + "/.git/index"))
        #expect(try repo.changedFiles(from: head, to: nil, under: []) == ["lib/b.scene", "lib/c.scene"])
        #expect(try repo.changedFiles(from: head, to: nil, under: ["lib/c.scene"]) == ["lib/c.scene"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/.git/index")) == index, "the index was written")

        // Files as they are at the revision, not as they are on disk.
        #expect(try repo.files(at: head, under: "lib").map(\.path) == ["lib/b.scene"])
        let read = try #require(try repo.read("lib/b.scene", at: head, maxBytes: 100))
        #expect(read.bytes == Array("two\n".utf8) && read.size == 4)
        #expect(try repo.read("lib/c.scene", at: head, maxBytes: 100) == nil)
        let cut = try #require(try repo.read("lib/b.scene", at: head, maxBytes: 2))
        #expect(cut.bytes.count == 3 && cut.size == 4)

        // Between two commits.
        try Self.run(["add", "."], in: folder)
        try Self.run(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "second"], in: folder)
        let second = try repo.commit("HEAD")
        #expect(try repo.changedFiles(from: head, to: second, under: []) == ["lib/b.scene", "lib/c.scene"])
        #expect(try repo.changedFiles(from: second, to: nil, under: []).isEmpty)
    }

    @Test func mistakesSayWhatToDo() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-nogit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        #expect {
            _ = try GitRepository(at: outside)
        } throws: { error in
            "\(error)".hasPrefix("'\(outside)' is not inside a git repository")
        }
        let repo = try GitRepository(at: try Self.repository())
        for bad in ["nope", "", "--all", "HEAD~5"] {
            #expect(throws: GitRepository.Problem.self) { try repo.commit(bad) }
        }
        #expect(repo.repositoryPath("/etc/passwd") == nil)
    }

    @Test func linksAtARevisionAreNotFiles() throws {
        let folder = try Self.repository()
        try FileManager.default.createSymbolicLink(atPath: folder + "/leak.scene", withDestinationPath: "/etc/passwd")
        try Self.run(["add", "."], in: folder)
        try Self.run(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "link"], in: folder)
        let repo = try GitRepository(at: folder)
        let head = try repo.commit("HEAD")
        #expect(try repo.files(at: head, under: "").map(\.path) == ["a.scene", "lib/b.scene"])
        #expect(try repo.read("leak.scene", at: head, maxBytes: 100) == nil)
        #expect(try repo.links(at: head, under: "") == ["leak.scene"])
        // A link in the working tree does not rename a revision's files (issue 21): `other/b.scene`
        // is read as git names it, where the revision has nothing.
        try FileManager.default.createSymbolicLink(atPath: folder + "/other", withDestinationPath: "lib")
        #expect(repo.repositoryPath("other/b.scene") == "other/b.scene")
        #expect(repo.linkLeavingRepository("other/b.scene") == nil)
        try FileManager.default.createSymbolicLink(atPath: folder + "/away", withDestinationPath: "/etc")
        #expect(repo.linkLeavingRepository("away/passwd") == "away")
    }
}
