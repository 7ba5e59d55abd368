import Foundation
import SceneIO
import Testing

/// Outputs are replaced whole or not at all, and an unchanged file is not touched.
struct AtomicFileTests {
    @Test func writesReplaceTheFileAndLeaveNothingElse() throws {
        let folder = try InputFileTests.folder()
        let path = folder + "/out.svg"
        try AtomicFile.write(text: "old", to: path)
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.svg"])
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporary() throws {
        let folder = try InputFileTests.folder()
        try FileManager.default.createDirectory(atPath: folder + "/out.svg", withIntermediateDirectories: false)
        #expect(throws: OutputError.self) { try AtomicFile.write(text: "x", to: folder + "/out.svg") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.svg"])
        #expect {
            try AtomicFile.write(text: "x", to: folder + "/missing/out.svg")
        } throws: { error in
            (error as? OutputError)?.description == "cannot write in '\(folder)/missing': No such file or directory"
        }
    }

    @Test func aNameNearTheFileSystemLimitStillGetsATemporaryFile() throws {
        // 244 bytes: legal, but `.NAME.scenec-XXXXXX` would pass 255 bytes.
        let folder = try InputFileTests.folder()
        let name = String(repeating: "n", count: 240) + ".svg"
        try AtomicFile.write(text: "long", to: folder + "/" + name)
        #expect(try String(contentsOfFile: folder + "/" + name, encoding: .utf8) == "long")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])
    }

    @Test func manyThreadsWriteAtOnce() throws {
        let folder = try InputFileTests.folder()
        DispatchQueue.concurrentPerform(iterations: 300) { i in
            try? AtomicFile.write(text: String(repeating: "\(i)", count: 1000), to: folder + "/f\(i).txt")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 300)
        #expect(!files.contains { $0.hasPrefix(".") })
        #expect(try String(contentsOfFile: folder + "/f7.txt", encoding: .utf8) == String(repeating: "7", count: 1000))
    }

    @Test func anUnchangedOutputIsNotRewritten() throws {
        let folder = try InputFileTests.folder()
        let path = folder + "/a.png"
        #expect(try OutputWriter.write([1, 2, 3], to: path) == .written)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(try OutputWriter.write([1, 2, 3], to: path) == .unchanged)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == before)
        #expect(try OutputWriter.write([1, 2, 4], to: path) == .written)
        #expect(try OutputWriter.write([1, 2], to: path) == .written)
        #expect(OutputWriter.sameBytes([1, 2], at: path))
        #expect(!OutputWriter.sameBytes([1, 2, 3], at: path))
    }
}
