import Foundation
import SceneBuild
import Testing

/// `DIR/.scenec-outputs`: paths with the SHA-256 of what was written, read back as written; lines
/// that leave the folder are ignored.
struct OutputRecordTests {
    func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aRecordIsReadBackAsWritten() throws {
        let folder = try temporaryFolder()
        let hash = String(repeating: "0123456789abcdef", count: 4)
        let entries: OutputRecord.Entries = ["a.png": hash, "res/drawable-mdpi/b.png": nil, "x y.svg": hash]
        try OutputRecord.write(entries, folder: folder)
        #expect(try OutputRecord.read(folder: folder) == entries)
        let text = try String(contentsOfFile: folder + "/.scenec-outputs", encoding: .utf8)
        #expect(text.hasSuffix("\n\(hash)  a.png\nres/drawable-mdpi/b.png\n\(hash)  x y.svg\n"), "\(text)")
    }

    @Test func linesThatLeaveTheFolderAreIgnored() throws {
        let folder = try temporaryFolder()
        let hash = String(repeating: "ab", count: 32)
        let lines = [
            "../outside.png", "/etc/hostname", "a//b.png", "./c.png", "d/./e.png", "d/../e.png", "f/", "#g.png", ".scenec-outputs",
            "\(hash)  ../h.png", "\(hash.uppercased())  i.png", "ok.png", "\(hash)  ok/too.png", ".hidden/ok.png",
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/.scenec-outputs", atomically: true, encoding: .utf8)
        #expect(
            try OutputRecord.read(folder: folder) == [
                "ok.png": nil, "ok/too.png": hash, ".hidden/ok.png": nil,
                "\(hash.uppercased())  i.png": nil,
            ])
    }
}
