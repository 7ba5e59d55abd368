import Foundation
import SceneBuild
import SceneIO
import Testing

/// The output record through one build (`BuildRecord`, what `scenec build` keeps in
/// `DIR/.scenec-outputs`): outputs recorded before they are written, their hashes after, `--prune`
/// removing only what no variant makes and still holds what scenec wrote, `--check` changing nothing.
struct BuildRecordTests {
    func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("build-record-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `text` at `name` in `folder` and returns its SHA-256.
    func put(_ text: String, _ name: String, in folder: String) throws -> String {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return SHA256.hex(Array(text.utf8))
    }

    @Test func outputsAreRecordedBeforeTheyAreWrittenAndHashedAfter() throws {
        let folder = try temporaryFolder()
        var record = try BuildRecord(folder: folder, checkOnly: false)
        try record.willWrite(["a.png", "b.png"])
        // An interrupted build is remembered: both files, without a hash yet.
        let marked: OutputRecord.Entries = ["a.png": nil, "b.png": nil]
        #expect(try OutputRecord.read(folder: folder) == marked)
        let hash = try put("a", "a.png", in: folder)
        try record.wrote(["a.png": hash])
        // b.png failed: it was not recorded before this build, so it is not now.
        let hashed: OutputRecord.Entries = ["a.png": hash]
        #expect(try OutputRecord.read(folder: folder) == hashed)
    }

    @Test func pruneRemovesOnlyWhatScenecWroteAndNoVariantMakes() throws {
        let folder = try temporaryFolder()
        let old = try put("old", "old.png", in: folder)
        _ = try put("edited by hand", "edited.png", in: folder)
        let kept = try put("kept", "kept.png", in: folder)
        try OutputRecord.write(
            ["old.png": old, "edited.png": SHA256.hex(Array("what scenec wrote".utf8)), "kept.png": kept],
            folder: folder)

        // --check --prune: says what would go, removes nothing, writes nothing.
        var check = try BuildRecord(folder: folder, checkOnly: true)
        let wouldGo = try check.prune(current: ["kept.png"])
        #expect(wouldGo.stale == 1 && wouldGo.removed.isEmpty)
        #expect(wouldGo.notes == ["stale \(folder)/old.png: no variant makes it (--prune removes it)"])
        #expect(FileManager.default.fileExists(atPath: folder + "/old.png"))

        var record = try BuildRecord(folder: folder, checkOnly: false)
        try record.willWrite(["kept.png"])
        try record.wrote(["kept.png": kept])
        let pruned = try record.prune(current: ["kept.png"])
        #expect(pruned.removed == ["removed \(folder)/old.png"] && pruned.stale == 1 && pruned.failed == 0)
        #expect(pruned.notes.count == 1 && pruned.notes[0].hasPrefix("kept \(folder)/edited.png: changed since scenec wrote it"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/old.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/edited.png"))
        #expect(Set(try OutputRecord.read(folder: folder).keys) == ["edited.png", "kept.png"])
    }

    @Test func aRecordOfABuildThatMadeNothingGoesAgain() throws {
        let fresh = try temporaryFolder()
        var record = try BuildRecord(folder: fresh, checkOnly: false)
        try record.willWrite(["a.png"])
        record.forget(ifNothingBuilt: true)
        #expect(!OutputRecord.exists(folder: fresh))

        // A record that was there before the build stays.
        let earlier = try temporaryFolder()
        try OutputRecord.write(["a.png": nil], folder: earlier)
        let again = try BuildRecord(folder: earlier, checkOnly: false)
        again.forget(ifNothingBuilt: true)
        #expect(OutputRecord.exists(folder: earlier))
    }
}
