import Foundation
import SceneIO
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Reading inputs: bounded, regular files only, and never blocking.
struct InputFileTests {
    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sceneio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test func aFileIsReadWholeUnderTheLimitAndOneByteOverItAbove() throws {
        let path = try Self.folder() + "/a.scene"
        try Data(repeating: 65, count: 100).write(to: URL(fileURLWithPath: path))
        let whole = try InputFile.read(path, maxBytes: 100)
        #expect(whole.bytes.count == 100 && whole.fileSize == 100)
        let cut = try InputFile.read(path, maxBytes: 10)
        #expect(cut.bytes.count == 11, "one byte over the limit says the file is over it")
        #expect(cut.fileSize == 100)
        #expect(try InputFile.read(path, maxBytes: 0).bytes.count == 1)
    }

    @Test func anEmptyFileIsEmpty() throws {
        let path = try Self.folder() + "/empty.scene"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let read = try InputFile.read(path, maxBytes: 10)
        #expect(read.bytes.isEmpty && read.fileSize == 0)
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let path = try Self.folder() + "/pipe.scene"
        #expect(mkfifo(path, 0o600) == 0)
        // No writer: a blocking open would wait forever. The test finishing is the proof.
        #expect {
            _ = try InputFile.read(path, maxBytes: 100)
        } throws: { error in
            let e = error as? InputError
            return e?.kind == .notRegular && e?.message == "'\(path)' is a FIFO (named pipe), not a regular file; scenec reads only files"
        }
    }

    @Test func devicesFoldersAndMissingFilesAreRefusedWithTheirReason() throws {
        let cases: [(String, InputError.Kind, String)] = [
            ("/dev/zero", .notRegular, "'/dev/zero' is a character device, not a regular file; scenec reads only files"),
            ("/tmp", .folder, "'/tmp' is a folder, not a file"),
            ("/nonexistent/x.scene", .missing, "cannot read '/nonexistent/x.scene': no such file"),
            ("", .missing, "no file name given"),
        ]
        for (path, kind, message) in cases {
            do {
                _ = try InputFile.read(path, maxBytes: 10)
                Issue.record("\(path) was read")
            } catch {
                #expect(error.kind == kind, "\(path)")
                #expect(error.message == message)
            }
        }
    }

    @Test func anUnreadableFileSaysPermissionDenied() throws {
        guard getuid() != 0 else { return } // root reads everything; nothing to test
        let path = try Self.folder() + "/secret.scene"
        _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8), attributes: [.posixPermissions: 0])
        #expect(throws: InputError.self) { try InputFile.read(path, maxBytes: 10) }
    }

    @Test func identitiesSeeThroughLinksAndSpellings() throws {
        let folder = try Self.folder()
        let path = folder + "/a.scene"
        _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.scene", withDestinationPath: path)
        let identity = try #require(FileIdentity.of(path))
        #expect(FileIdentity.of(folder + "/link.scene") == identity)
        #expect(FileIdentity.of(folder + "/../" + FilePath.fileName(of: folder) + "/a.scene") == identity)
        #expect(try InputFile.read(path, maxBytes: 5).identity == identity)
        #expect(FileIdentity.of(folder + "/missing") == nil)
    }
}
