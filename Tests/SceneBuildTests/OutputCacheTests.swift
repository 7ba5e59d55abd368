import Foundation
import SceneCompiler
import SceneIO
import SceneProject
import Testing

/// The build cache's keys name the scenec build that made an entry, and its bound removes the
/// least recently used entries first.
struct OutputCacheTests {
    @Test func aDifferentBuildOfScenecHasDifferentKeys() throws {
        let plan = try Support.plan(nil)
        let job = try #require(plan.jobs.first)
        let output = try #require(job.outputs.first)
        let limits = CompilerLimits()
        let a = OutputCache(folder: "/unused", limits: limits, executable: "build-id aaaa")
        let same = OutputCache(folder: "/unused", limits: limits, executable: "build-id aaaa")
        let b = OutputCache(folder: "/unused", limits: limits, executable: "build-id bbbb")
        #expect(a.key(for: output, of: job) == same.key(for: output, of: job))
        #expect(a.key(for: output, of: job) != b.key(for: output, of: job))
        // The default is this process's own build.
        let current = OutputCache(folder: "/unused", limits: limits)
        let explicit = OutputCache(folder: "/unused", limits: limits, executable: ExecutableIdentity.current)
        #expect(current.key(for: output, of: job) == explicit.key(for: output, of: job))
    }

    static func key(_ n: Int) -> String { String(repeating: String(n % 10), count: 64) }

    @Test func trimRemovesTheLeastRecentlyUsedEntriesDownToFourFifths() throws {
        let folder = try Support.temporaryFolder()
        let cache = OutputCache(folder: folder, limits: CompilerLimits())
        // Ten entries of 1 000 bytes (plus the header), used at 10, 20, … seconds after 2001.
        for n in 0..<10 {
            let key = Self.key(n)
            #expect(cache.store([UInt8](repeating: UInt8(n), count: 1_000), key: key) == nil)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1e9 + Double(n) * 10)],
                ofItemAtPath: cache.path(of: key))
        }
        let entry = try FileManager.default.attributesOfItem(atPath: cache.path(of: Self.key(0)))[.size] as! Int
        // The oldest entry read again: used now, so kept.
        #expect(cache.read(Self.key(0)) == [UInt8](repeating: 0, count: 1_000))
        // Within the bound: nothing removed.
        let none = cache.trim(maxBytes: entry * 10)
        #expect(none.entries == 10 && none.bytes == entry * 10 && none.removed == 0 && none.removedBytes == 0)
        // Over it: down to 80% of 6 entries' worth, 4 entries left, the 6 least recently used gone.
        let trimmed = cache.trim(maxBytes: entry * 6)
        #expect(trimmed.removed == 6 && trimmed.removedBytes == entry * 6)
        let kept = (0..<10).filter { FileManager.default.fileExists(atPath: cache.path(of: Self.key($0))) }
        #expect(kept == [0, 7, 8, 9])
        // No bound, and a read-only cache: nothing removed.
        #expect(cache.trim(maxBytes: 0).removed == 0)
        #expect(OutputCache(folder: folder, limits: CompilerLimits(), writable: false).trim(maxBytes: 1).removed == 0)
        #expect(cache.read(Self.key(9)) == [UInt8](repeating: 9, count: 1_000))
    }

    /// `scenec cache --max-size` and `--clear`: down to the size given (not four fifths of it), least
    /// recently used first, and nothing but entries removed.
    @Test func pruneRemovesDownToTheSizeGivenAndOnlyEntries() throws {
        let folder = try Support.temporaryFolder()
        let cache = OutputCache(folder: folder, limits: CompilerLimits())
        for n in 0..<5 {
            #expect(cache.store([UInt8](repeating: UInt8(n), count: 1_000), key: Self.key(n)) == nil)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1e9 + Double(n) * 10)],
                ofItemAtPath: cache.path(of: Self.key(n)))
        }
        let entry = try FileManager.default.attributesOfItem(atPath: cache.path(of: Self.key(0)))[.size] as! Int
        // Files that are not entries: a note beside the shards, a short name in a shard, a folder named like one.
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/README"))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/00/notes.txt"))
        try FileManager.default.createDirectory(
            atPath: folder + "/zz/" + String(repeating: "z", count: 64),
            withIntermediateDirectories: true)
        #expect(cache.usage() == OutputCache.Trim(entries: 5, bytes: entry * 5))
        let pruned = cache.prune(above: entry * 3, downTo: entry * 3)
        #expect(pruned == OutputCache.Trim(entries: 5, bytes: entry * 5, removed: 2, removedBytes: entry * 2))
        #expect((0..<5).filter { FileManager.default.fileExists(atPath: cache.path(of: Self.key($0))) } == [2, 3, 4])
        let cleared = cache.prune(above: 0, downTo: 0)
        #expect(cleared.removed == 3 && cache.usage() == OutputCache.Trim())
        // Emptied shard folders go; the rest stays.
        #expect(!FileManager.default.fileExists(atPath: folder + "/22"))
        for kept in ["/README", "/00/notes.txt", "/zz/" + String(repeating: "z", count: 64)] {
            #expect(FileManager.default.fileExists(atPath: folder + kept), "\(kept)")
        }
    }
}
