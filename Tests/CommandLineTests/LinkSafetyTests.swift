import Foundation
import Testing

/// Issue 21, the file system: scenec writes, renames and deletes only regular files and folders it
/// reaches from the folder it was given without crossing a symbolic link. Each test builds the trap
/// in a temporary folder: a `victim` folder outside the project, and a link to it where scenec
/// expects a folder of its own. The victim must come out byte for byte as it went in.
struct LinkSafetyTests {
    typealias CLI = CommandLineTests

    /// A temporary folder with `victim/holiday.png` ("photo") and an empty `repo`.
    static func trap() throws -> (base: String, victim: String, repo: String) {
        let base = try CLI.temporaryFolder().path
        let victim = base + "/victim", repo = base + "/repo"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: repo + "/Scenes", withIntermediateDirectories: true)
        try "photo\n".write(toFile: victim + "/holiday.png", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: Package.folder.appendingPathComponent("Scenes/counter.scene").path,
            toPath: repo + "/Scenes/counter.scene")
        return (base, victim, repo)
    }

    /// The victim folder's files and their text.
    static func contents(_ folder: String) throws -> [String: String] {
        var all: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            all[name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        return all
    }

    static func link(_ path: String, to target: String) {
        #expect(symlink(target, path) == 0)
    }

    static let linkMessage = "is a symbolic link; scenec writes only inside the folder it was given without following links"

    // MARK: Snapshots

    /// The reproduction: `Scenes/__snapshots__` a link to another folder. `test --prune`
    /// deleted every .png and .dump there, and `test` wrote references there.
    @Test func aLinkedSnapshotFolderIsNeitherPrunedNorWritten() throws {
        let (_, victim, repo) = try Self.trap()
        Self.link(repo + "/Scenes/__snapshots__", to: victim)
        let pruned = try CLI.run(["test", "--prune"], environment: ["CI": "true"], in: URL(fileURLWithPath: repo))
        #expect(pruned.status != 0)
        #expect(pruned.stderr.contains("'Scenes/__snapshots__' " + Self.linkMessage), "\(pruned.stderr)")
        #expect(pruned.stderr.contains("help: "), "\(pruned.stderr)")
        #expect(!pruned.stderr.contains("removed"), "\(pruned.stderr)")
        let recorded = try CLI.run(["test", "--record", "all"], in: URL(fileURLWithPath: repo))
        #expect(recorded.status != 0)
        #expect(recorded.stderr.contains("'Scenes/__snapshots__' " + Self.linkMessage), "\(recorded.stderr)")
        #expect(try Self.contents(victim) == ["holiday.png": "photo\n"])
        // --snapshots names a folder the user chose: a link there is followed, as git follows its work tree.
        let chosen = try CLI.run(["test", "--snapshots", "Scenes/__snapshots__"], in: URL(fileURLWithPath: repo))
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(FileManager.default.fileExists(atPath: victim + "/counter.dump"))
    }

    /// The default review page folder `.scenec/test-report`, with `.scenec` a link: no page is written there.
    @Test func theDefaultReviewPageIsNeverWrittenThroughALink() throws {
        let (_, victim, repo) = try Self.trap()
        Self.link(repo + "/.scenec", to: victim)
        let r = try CLI.run(["test", "--no-cache"], environment: ["CI": "true"], in: URL(fileURLWithPath: repo))
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write the review page: '.scenec' " + Self.linkMessage), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == ["holiday.png"])
    }

    /// `test --prune` removes only regular files of the snapshot folder whose bytes are what scenec
    /// writes: a PNG, a dump. A link to a file outside, or a file that is not a reference, stays.
    @Test func testPruneRemovesOnlyReferencesScenecWrites() throws {
        let (_, victim, repo) = try Self.trap()
        let folder = URL(fileURLWithPath: repo)
        #expect(try CLI.run(["test"], in: folder).status == 0)
        let snapshots = repo + "/Scenes/__snapshots__"
        try FileManager.default.copyItem(atPath: snapshots + "/counter@2x.png", toPath: snapshots + "/gone@2x.png")
        try FileManager.default.copyItem(atPath: snapshots + "/counter.dump", toPath: snapshots + "/gone.dump")
        try "notes\n".write(toFile: snapshots + "/notes.png", atomically: true, encoding: .utf8)
        Self.link(snapshots + "/holiday.png", to: victim + "/holiday.png")
        let r = try CLI.run(["test", "--prune"], in: folder)
        #expect(r.stderr.contains("removed Scenes/__snapshots__/gone.dump\n"), "\(r.stderr)")
        #expect(r.stderr.contains("removed Scenes/__snapshots__/gone@2x.png\n"), "\(r.stderr)")
        #expect(r.stderr.contains("kept Scenes/__snapshots__/notes.png: not a reference scenec writes"), "\(r.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: snapshots).sorted()
                == ["counter.dump", "counter@2x.png", "holiday.png", "notes.png"])
        #expect(try Self.contents(victim) == ["holiday.png": "photo\n"])
    }

    // MARK: Build outputs

    /// A link at any level of a layout's folders (`res`, `res/drawable-mdpi`, `Assets.xcassets`) is
    /// refused as the image set's own folder already was: nothing is written through it.
    @Test func buildNeverWritesThroughALinkInTheOutputFolder() throws {
        for (layout, linked) in [
            ("android", "res/drawable-mdpi"), ("android", "res"), ("xcassets", "Assets.xcassets"),
            ("flat", "counter@2x.png"),
        ] {
            let (base, victim, repo) = try Self.trap()
            let out = base + "/out"
            try FileManager.default.createDirectory(
                atPath: out + "/" + (linked as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            Self.link(out + "/" + linked, to: linked.hasSuffix(".png") ? victim + "/holiday.png" : victim)
            let r = try CLI.run(["build", repo + "/Scenes", "-o", out, "--layout", layout])
            #expect(r.status != 0, "\(layout) \(linked)")
            #expect(r.stderr.contains("'\(out)/\(linked)' " + Self.linkMessage), "\(layout) \(linked): \(r.stderr)")
            #expect(try Self.contents(victim) == ["holiday.png": "photo\n"], "\(layout) \(linked)")
            // --check reads nothing through it either.
            let check = try CLI.run(["build", repo + "/Scenes", "-o", out, "--layout", layout, "--check"])
            #expect(
                check.status != 0 && check.stderr.contains("'\(out)/\(linked)' is a symbolic link; scenec"),
                "\(layout) \(linked): \(check.stderr)")
        }
    }

    /// The output folder itself may be a link: the user named it.
    @Test func theOutputFolderItselfMayBeALink() throws {
        let (base, victim, repo) = try Self.trap()
        Self.link(base + "/out", to: victim)
        let r = try CLI.run(["build", repo + "/Scenes", "-o", base + "/out", "--layout", "android"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: victim + "/res/drawable-mdpi/counter.png"))
    }

    /// `--prune` removes a stale output only when its bytes are still those scenec wrote (the
    /// record holds their SHA-256); a file changed since, or recorded without a hash, stays.
    @Test func buildPruneRemovesOnlyFilesWhoseBytesStillMatch() throws {
        let (base, _, repo) = try Self.trap()
        let out = base + "/out"
        try FileManager.default.copyItem(atPath: repo + "/Scenes/counter.scene", toPath: repo + "/Scenes/other.scene")
        #expect(try CLI.run(["build", repo + "/Scenes", "-o", out]).status == 0)
        let record = try String(contentsOfFile: out + "/.scenec-outputs", encoding: .utf8)
        let png = try Data(contentsOf: URL(fileURLWithPath: out + "/other.png"))
        #expect(record.contains(SHA256Text.hex(png) + "  other.png\n"), "\(record)")
        try FileManager.default.removeItem(atPath: repo + "/Scenes/other.scene")
        try "mine\n".write(toFile: out + "/other@2x.png", atomically: true, encoding: .utf8)
        // A line a pull request adds, without a hash, for a file scenec never wrote.
        try "keep\n".write(toFile: out + "/keep.txt", atomically: true, encoding: .utf8)
        try (record + "keep.txt\n").write(toFile: out + "/.scenec-outputs", atomically: true, encoding: .utf8)
        let r = try CLI.run(["build", repo + "/Scenes", "-o", out, "--prune", "--progress", "lines"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("removed \(out)/other.png\n") && r.stderr.contains("removed \(out)/other@3x.png\n"), "\(r.stderr)")
        #expect(r.stderr.contains("kept \(out)/other@2x.png: changed since scenec wrote it"), "\(r.stderr)")
        #expect(r.stderr.contains("kept \(out)/keep.txt: recorded without its SHA-256"), "\(r.stderr)")
        #expect(try String(contentsOfFile: out + "/other@2x.png", encoding: .utf8) == "mine\n")
        #expect(try String(contentsOfFile: out + "/keep.txt", encoding: .utf8) == "keep\n")
        #expect(!FileManager.default.fileExists(atPath: out + "/other.png"))
    }

    /// A record that is a link is refused, and one over the bound is an error, read no further.
    @Test func theOutputRecordIsBoundedAndNeverALink() throws {
        let (base, victim, repo) = try Self.trap()
        let out = base + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        Self.link(out + "/.scenec-outputs", to: victim + "/holiday.png")
        let linked = try CLI.run(["build", repo + "/Scenes", "-o", out])
        #expect(linked.status != 0)
        #expect(linked.stderr.contains("'\(out)/.scenec-outputs' is a symbolic link"), "\(linked.stderr)")
        #expect(try Self.contents(victim) == ["holiday.png": "photo\n"])
        try FileManager.default.removeItem(atPath: out + "/.scenec-outputs")
        let line = String(repeating: "a", count: 99) + ".png\n"
        try String(repeating: line, count: (17 << 20) / line.utf8.count).write(toFile: out + "/.scenec-outputs", atomically: true, encoding: .utf8)
        let large = try CLI.run(["build", repo + "/Scenes", "-o", out])
        #expect(large.status != 0)
        #expect(large.stderr.contains("the output record '\(out)/.scenec-outputs' is over 16 MiB"), "\(large.stderr)")
        #expect(large.stderr.contains("help: delete it"), "\(large.stderr)")
    }

    // MARK: Caches

    /// The default cache `DIR/.scenec-cache` as a link: refused, nothing written there.
    @Test func aLinkedBuildCacheIsRefused() throws {
        let (base, victim, repo) = try Self.trap()
        let out = base + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        Self.link(out + "/.scenec-cache", to: victim)
        let r = try CLI.run(["build", repo + "/Scenes", "-o", out])
        #expect(r.status != 0)
        #expect(r.stderr.contains("'\(out)/.scenec-cache' " + Self.linkMessage), "\(r.stderr)")
        #expect(try Self.contents(victim) == ["holiday.png": "photo\n"])
    }

    /// A shard folder or an entry that is a link: `cache --clear` removes nothing through it, and
    /// says so; a build never reads or writes through it.
    @Test func linksInACacheAreNeverFollowed() throws {
        let (base, victim, repo) = try Self.trap()
        let out = base + "/out", cache = base + "/cache"
        #expect(try CLI.run(["build", repo + "/Scenes", "-o", out, "--cache", cache]).status == 0)
        let shards = try FileManager.default.contentsOfDirectory(atPath: cache)
        let shard = try #require(shards.first)
        let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: cache + "/" + shard).first)
        // The victim's file, named as an entry of a shard that is a link.
        let free = try #require((0..<256).map { String(format: "%02x", $0) }.first { !shards.contains($0) })
        let key = free + String(entry.dropFirst(2))
        try "photo\n".write(toFile: victim + "/" + key, atomically: true, encoding: .utf8)
        Self.link(cache + "/" + free, to: victim)
        // An entry that is a link to a file outside, itself a well-formed entry (its digest right)
        // holding forged bytes: never read, so never copied into an output.
        let forged = Array("forged".utf8)
        try Data(Array("scenec cache entry\n".utf8) + Array(SHA256Text.hex(Data(forged)).utf8) + [0x0A] + forged)
            .write(to: URL(fileURLWithPath: base + "/forged-entry"))
        try FileManager.default.removeItem(atPath: cache + "/" + shard + "/" + entry)
        Self.link(cache + "/" + shard + "/" + entry, to: base + "/forged-entry")
        for name in try FileManager.default.contentsOfDirectory(atPath: out) where !name.hasPrefix(".") {
            try FileManager.default.removeItem(atPath: out + "/" + name)
        }
        let build = try CLI.run(["build", repo + "/Scenes", "-o", out, "--cache", cache])
        #expect(build.status != 0)
        #expect(build.stderr.contains("'\(cache)/\(free)' " + Self.linkMessage), "\(build.stderr)")
        try FileManager.default.removeItem(atPath: cache + "/" + free)
        let rebuilt = try CLI.run(["build", repo + "/Scenes", "-o", out, "--cache", cache])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        for name in try FileManager.default.contentsOfDirectory(atPath: out) where !name.hasPrefix(".") {
            #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)) != Data(forged), "\(name)")
        }
        Self.link(cache + "/" + free, to: victim)
        let clear = try CLI.run(["cache", "--clear", cache])
        #expect(clear.status != 0)
        #expect(clear.stderr.contains("is a symbolic link; scenec removes and counts only cache entries"), "\(clear.stderr)")
        #expect(try Self.contents(victim) == ["holiday.png": "photo\n", key: "photo\n"])
    }

    /// The default caches of `test` (`.scenec/cache`) and `diff --rev` (`.git/scenec-cache`) as
    /// links: `test`, `diff --rev` and `cache --clear` refuse them and leave the folder they lead to alone.
    @Test func linkedDefaultCachesAreRefused() throws {
        let (base, victim, _) = try Self.trap()
        let repo = try DiffCommandTests.repository()
        try "photo\n".write(toFile: victim + "/" + String(repeating: "ab", count: 32), atomically: true, encoding: .utf8)
        let shard = base + "/shards"
        try FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: true)
        Self.link(shard + "/ab", to: victim)
        try FileManager.default.createDirectory(atPath: repo.path + "/.scenec", withIntermediateDirectories: true)
        Self.link(repo.path + "/.scenec/cache", to: shard)
        Self.link(repo.path + "/.git/scenec-cache", to: shard)
        let test = try CLI.run(["test", "Scenes", "--snapshots", base + "/snapshots"], in: repo)
        #expect(test.status != 0 && test.stderr.contains("'.scenec/cache' " + Self.linkMessage), "\(test.stderr)")
        let diff = try CLI.run(["diff", "--rev", "main"], in: repo)
        #expect(diff.status != 0 && diff.stderr.contains("/.git/scenec-cache' " + Self.linkMessage), "\(diff.stderr)")
        let clear = try CLI.run(["cache", "--clear"], in: repo)
        #expect(clear.status != 0 && clear.stderr.contains("'.scenec/cache' " + Self.linkMessage), "\(clear.stderr)")
        #expect(try Self.contents(victim) == ["holiday.png": "photo\n", String(repeating: "ab", count: 32): "photo\n"])
    }

    /// A committed cache with a forged entry (its digest recomputed) beside a forged output:
    /// `build --check` compares with a fresh render, so it fails.
    @Test func checkIsNotFooledByAForgedCacheEntry() throws {
        let (base, _, repo) = try Self.trap()
        let out = base + "/Generated"
        #expect(try CLI.run(["build", repo + "/Scenes", "-o", out, "--progress", "lines"]).status == 0)
        let forged = Array("forged".utf8)
        let cache = out + "/.scenec-cache"
        let original = try Data(contentsOf: URL(fileURLWithPath: out + "/counter.png"))
        for shard in try FileManager.default.contentsOfDirectory(atPath: cache) {
            for entry in try FileManager.default.contentsOfDirectory(atPath: cache + "/" + shard) {
                let path = cache + "/" + shard + "/" + entry
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                guard bytes.suffix(original.count) == original else { continue }
                let header = Array("scenec cache entry\n".utf8)
                try Data(header + Array(SHA256Text.hex(Data(forged)).utf8) + [0x0A] + forged).write(to: URL(fileURLWithPath: path))
            }
        }
        try Data(forged).write(to: URL(fileURLWithPath: out + "/counter.png"))
        let check = try CLI.run(["build", repo + "/Scenes", "-o", out, "--check"])
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("1 out of date"), "\(check.stderr)")
    }

    // MARK: Names

    /// A scene file or folder whose name is not UTF-8 was skipped in silence by check, test and build.
    @Test func namesThatAreNotUTF8AreReported() throws {
        let (_, _, repo) = try Self.trap()
        let bad: [UInt8] = Array((repo + "/Scenes/caf").utf8) + [0xE9] + Array(".scene".utf8)
        let scene = try String(contentsOfFile: repo + "/Scenes/counter.scene", encoding: .utf8)
        let fd = (bad.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0)
        _ = scene.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress!, $0.count - 1) }
        close(fd)
        for command in [["check", "Scenes"], ["build", "Scenes", "-o", "out"], ["test", "Scenes"]] {
            let r = try CLI.run(command, in: URL(fileURLWithPath: repo))
            #expect(r.status == 2, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("'Scenes/caf\\xE9.scene': the name is not UTF-8"), "\(command): \(r.stderr)")
        }
    }
}

/// SHA-256 as lowercase hex, by sha256sum (the tests check scenec's record against another implementation).
enum SHA256Text {
    static func hex(_ data: Data) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try? process.run()
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }
}
