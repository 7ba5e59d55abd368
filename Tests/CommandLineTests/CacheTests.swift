import Foundation
import Testing

/// `scenec build`'s cache: an unchanged variant is neither evaluated nor rendered, a changed
/// component remakes exactly the variants that place it, a damaged entry is made again (never
/// copied out), and the outputs are byte for byte those of a build without the cache.
struct CacheTests {
    typealias CLI = CommandLineTests

    /// push-button, counter, and two screens placing the push button (one of them twice).
    static func library() throws -> URL {
        let lib = try BuildCommandTests.library(
            ["push-button", "counter"],
            extra: [
                "screen-a.scene": """
                <scene width="200" height="120">
                  <param name="tint" type="color" default="teal"/>
                  <rect width="width" height="height" fill="#f4f4f4"/>
                  <use src="push-button.scene" x="10" y="10" width="100" height="100" fillColor="tint"/>
                </scene>

                """,
                "screen-b.scene": """
                <scene width="200" height="120">
                  <use src="push-button.scene" x="10" y="10" width="80" height="80"/>
                  <use src="push-button.scene" x="110" y="20" width="60" height="60" isAddButton="false"/>
                </scene>

                """,
            ])
        return lib
    }

    /// Every output file of a folder with its bytes (the record and the cache left out).
    static func outputs(_ folder: String) throws -> [String: Data] {
        var all: [String: Data] = [:]
        for name in try BuildCommandTests.files(folder) {
            all[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return all
    }

    static func entries(_ cache: String) -> [String] {
        (FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? [])
            .filter { $0.split(separator: "/").last?.count == 64 }.sorted()
    }

    @Test func aBuildWithNothingChangedMakesNothing() throws {
        let lib = try Self.library()
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let first = try CLI.run(["build", lib.path, "-o", out, "--progress", "lines"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stderr.contains("4 variants, 16 files: 16 rendered, 0 unchanged, 0 failed, 0 from the cache (16 made), "),
            "\(first.stderr)")
        #expect(Self.entries(out + "/.scenec-cache").count == 16)
        let again = try CLI.run(["build", lib.path, "-o", out, "--progress", "lines"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("16 files: 0 rendered, 16 unchanged, 0 failed, 16 from the cache (0 made), "), "\(again.stderr)")
        #expect(again.stderr.contains("unchanged \(out)/screen-b@2x.png (from the cache)\n"), "\(again.stderr)")
        // Outputs deleted: written again from the cache, the same bytes as a build without it.
        for name in try BuildCommandTests.files(out) { try FileManager.default.removeItem(atPath: out + "/" + name) }
        let restored = try CLI.run(["build", lib.path, "-o", out, "--progress", "lines"])
        #expect(restored.stderr.contains("16 rendered, 0 unchanged, 0 failed, 16 from the cache (0 made), "), "\(restored.stderr)")
        #expect(restored.stderr.contains("rendered \(out)/counter@3x.png (from the cache)\n"), "\(restored.stderr)")
        let plain = lib.deletingLastPathComponent().appendingPathComponent("plain").path
        let uncached = try CLI.run(["build", lib.path, "-o", plain, "--no-cache"])
        #expect(uncached.status == 0 && !uncached.stderr.contains("from the cache"), "\(uncached.stderr)")
        #expect(!FileManager.default.fileExists(atPath: plain + "/.scenec-cache"))
        let made = try Self.outputs(plain)
        #expect(made.count == 16)
        #expect(try Self.outputs(out) == made)
    }

    @Test func aChangedComponentRemakesExactlyTheVariantsThatPlaceIt() throws {
        let lib = try Self.library()
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        #expect(try CLI.run(["build", lib.path, "-o", out]).status == 0)
        let button = lib.appendingPathComponent("push-button.scene")
        let text = try String(contentsOf: button, encoding: .utf8)
        #expect(text.contains("<let name=\"plusHeight\" value=\"3.0\"/>"))
        try text.replacingOccurrences(of: "<let name=\"plusHeight\" value=\"3.0\"/>", with: "<let name=\"plusHeight\" value=\"4.0\"/>")
            .write(to: button, atomically: true, encoding: .utf8)
        let r = try CLI.run(["build", lib.path, "-o", out, "--progress", "lines"])
        #expect(r.status == 0, "\(r.stderr)")
        // The button and both screens (12 files) are made again; the counter comes from the cache.
        #expect(r.stderr.contains("16 files: 12 rendered, 4 unchanged, 0 failed, 4 from the cache (12 made), "), "\(r.stderr)")
        for name in ["push-button", "screen-a", "screen-b"] {
            for suffix in [".svg", ".png", "@2x.png", "@3x.png"] {
                #expect(r.stderr.contains("rendered \(out)/\(name)\(suffix)\n"), "\(name)\(suffix): \(r.stderr)")
            }
        }
        for suffix in [".svg", ".png", "@2x.png", "@3x.png"] {
            #expect(r.stderr.contains("unchanged \(out)/counter\(suffix) (from the cache)\n"), "\(r.stderr)")
        }
        // A parameter value in the manifest is part of the key too: one variant of screen-a changes.
        // (Under a manifest, the components the screens place are assets only when it names them.)
        try """
        {"variants": [{"name": "screen-a", "scene": "screen-a", "parameters": {"tint": "red"}},
                      {"scene": "counter"}, {"scene": "push-button"}]}
        """.write(to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        let tinted = try CLI.run(["build", lib.path, "-o", out])
        #expect(tinted.stderr.contains("16 files: 4 rendered, 12 unchanged, 0 failed, 12 from the cache (4 made), "), "\(tinted.stderr)")
    }

    @Test func aDamagedEntryIsMadeAgainAndNeverCopiedOut() throws {
        let lib = try Self.library()
        let base = lib.deletingLastPathComponent()
        let plain = base.appendingPathComponent("plain").path
        #expect(try CLI.run(["build", lib.path, "-o", plain, "--no-cache"]).status == 0)
        let reference = try Self.outputs(plain)
        let cache = base.appendingPathComponent("shared-cache").path
        let out = base.appendingPathComponent("out").path
        #expect(try CLI.run(["build", lib.path, "-o", out, "--cache", cache]).status == 0)
        let entries = Self.entries(cache)
        #expect(entries.count == 16)
        // One truncated, one with a byte changed (same length), one emptied, one made a folder.
        let truncated = cache + "/" + entries[0], flipped = cache + "/" + entries[1], emptied = cache + "/" + entries[2]
        var bytes = try Data(contentsOf: URL(fileURLWithPath: truncated))
        try bytes.prefix(bytes.count - 10).write(to: URL(fileURLWithPath: truncated))
        bytes = try Data(contentsOf: URL(fileURLWithPath: flipped))
        bytes[bytes.count - 3] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: flipped))
        try Data().write(to: URL(fileURLWithPath: emptied))
        let folder = cache + "/" + entries[3]
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for name in try BuildCommandTests.files(out) { try FileManager.default.removeItem(atPath: out + "/" + name) }

        let r = try CLI.run(["build", lib.path, "-o", out, "--cache", cache])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("16 rendered, 0 unchanged, 0 failed, 12 from the cache (4 made), "), "\(r.stderr)")
        #expect(try Self.outputs(out) == reference)
        // The three damaged files were replaced; the folder in the way of one entry stays a miss.
        let again = try CLI.run(["build", lib.path, "-o", out, "--cache", cache])
        #expect(again.stderr.contains("0 rendered, 16 unchanged, 0 failed, 15 from the cache (1 made), "), "\(again.stderr)")
        // Another output folder (another shard, another machine) shares the cache.
        let other = base.appendingPathComponent("other").path
        let shared = try CLI.run(["build", lib.path, "-o", other, "--cache", cache])
        #expect(shared.stderr.contains("16 rendered, 0 unchanged, 0 failed, 15 from the cache (1 made), "), "\(shared.stderr)")
        #expect(try Self.outputs(other) == reference)
        // --check compares with a fresh render (a cache may come with the repository, issue 21):
        // it neither reads the cache nor writes into it.
        let check = try CLI.run(["build", lib.path, "-o", other, "--cache", cache, "--check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("16 up to date, 0 out of date, 0 missing, 0 failed, "), "\(check.stderr)")
        #expect(!check.stderr.contains("from the cache"), "\(check.stderr)")
        #expect(Self.entries(cache).count == 15 + 1)
    }

    @Test func cacheOptionsAreChecked() throws {
        let r = try CLI.run(["build", "-o", "/tmp/x", "--cache", "/tmp/c", "--no-cache"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--cache and --no-cache exclude each other"), "\(r.stderr)")
    }

    /// `--cache-max-size`: after a build, the cache is trimmed to 80% of the bound, least recently
    /// used entries first; what a build just used is what stays.
    @Test func theCacheIsKeptUnderItsBound() throws {
        let lib = try Self.library()
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let cache = out + "/.scenec-cache"
        let first = try CLI.run(["build", lib.path, "-o", out, "--progress", "lines"])
        #expect(first.status == 0 && !first.stderr.contains("cache: removed"), "\(first.stderr)")
        let all = Self.entries(cache)
        #expect(all.count == 16)
        // Every entry made long ago; then a build of the counter alone uses (reads) its four.
        let old = Date(timeIntervalSince1970: 1e9)
        for name in all { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cache + "/" + name) }
        let used = try CLI.run(["build", lib.appendingPathComponent("counter.scene").path, "-o", out, "--progress", "lines"])
        #expect(used.status == 0 && used.stderr.contains("4 from the cache (0 made)"), "\(used.stderr)")
        func attributes(_ name: String) throws -> [FileAttributeKey: Any] {
            try FileManager.default.attributesOfItem(atPath: cache + "/" + name)
        }
        let recent = try all.filter { try attributes($0)[.modificationDate] as! Date > old }
        #expect(recent.count == 4)
        let recentBytes = try recent.map { try attributes($0)[.size] as! Int }.reduce(0, +)
        // A bound whose 80% holds the counter's entries and nothing more: the twelve others go.
        let bound = recentBytes * 10 / 8 + 20
        let counter = try CLI.run([
            "build", lib.appendingPathComponent("counter.scene").path, "-o", out, "--progress", "lines",
            "--cache-max-size", "\(bound)",
        ])
        #expect(counter.status == 0 && counter.stderr.contains("4 from the cache (0 made)"), "\(counter.stderr)")
        #expect(counter.stderr.contains("cache: removed the 12 least recently used entries"), "\(counter.stderr)")
        #expect(Self.entries(cache) == recent.sorted())
        // The four kept are the counter's: building it again makes nothing.
        let again = try CLI.run(["build", lib.appendingPathComponent("counter.scene").path, "-o", out, "--progress", "lines"])
        #expect(again.stderr.contains("4 from the cache (0 made)"), "\(again.stderr)")
        // A bad size is a usage error; 0 means no bound.
        let bad = try CLI.run(["build", lib.path, "-o", out, "--cache-max-size", "12X"])
        #expect(bad.status == 2 && bad.stderr.contains("--cache-max-size"), "\(bad.stderr)")
        let unbounded = try CLI.run(["build", lib.path, "-o", out, "--progress", "lines", "--cache-max-size", "0"])
        #expect(unbounded.status == 0 && !unbounded.stderr.contains("cache: removed"), "\(unbounded.stderr)")
        #expect(Self.entries(cache).count == 16)
    }
}

/// `scenec cache`: sizes of the caches, pruned to a size or cleared by hand; usage errors for what
/// is not a cache folder.
struct CacheCommandTests {
    typealias CLI = CommandLineTests

    @Test func showsPrunesAndClearsACache() throws {
        let lib = try CacheTests.library()
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let cache = out + "/.scenec-cache"
        #expect(try CLI.run(["build", lib.path, "-o", out]).status == 0)
        let bytes = try CacheTests.entries(cache).map {
            try FileManager.default.attributesOfItem(atPath: cache + "/" + $0)[.size] as! Int
        }
        let shown = try CLI.run(["cache", cache])
        #expect(shown.status == 0 && shown.stdout.hasPrefix(cache + ": 16 entries, "), "\(shown.stdout)")
        // Half the size: the least recently used go until at most that much is left.
        let half = bytes.reduce(0, +) / 2
        let pruned = try CLI.run(["cache", cache, "--max-size", "\(half)"])
        let left = try CacheTests.entries(cache).map {
            try FileManager.default.attributesOfItem(atPath: cache + "/" + $0)[.size] as! Int
        }
        #expect(pruned.status == 0 && pruned.stdout.contains(": removed \(16 - left.count) entries"), "\(pruned.stdout)")
        #expect(left.reduce(0, +) <= half && left.count < 16 && !left.isEmpty)
        let cleared = try CLI.run(["cache", cache, "--clear"])
        #expect(cleared.status == 0 && cleared.stdout.hasSuffix("; 0 entries, 0 bytes\n"), "\(cleared.stdout)")
        #expect(CacheTests.entries(cache).isEmpty)
        // The outputs are untouched, and the next build makes them again.
        let again = try CLI.run(["build", lib.path, "-o", out, "--progress", "lines"])
        #expect(again.status == 0 && again.stderr.contains("0 from the cache (16 made)"), "\(again.stderr)")
    }

    @Test func whatIsNoCacheFolderIsAUsageError() throws {
        let folder = try CLI.temporaryFolder().path
        let none = try CLI.run(["cache"], in: URL(fileURLWithPath: folder))
        #expect(none.status == 2 && none.stderr.contains("no cache here") && none.stderr.contains("help: "), "\(none.stderr)")
        let missing = try CLI.run(["cache", folder + "/nope"])
        #expect(missing.status == 2 && missing.stderr.contains("no cache folder at"), "\(missing.stderr)")
        try Data().write(to: URL(fileURLWithPath: folder + "/file"))
        let file = try CLI.run(["cache", folder + "/file", "--clear"])
        #expect(file.status == 2 && file.stderr.contains("is a file, not a cache folder"), "\(file.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/file"))
        let both = try CLI.run(["cache", folder, "--clear", "--max-size", "1K"])
        #expect(both.status == 2 && both.stderr.contains("exclude each other"), "\(both.stderr)")
        let size = try CLI.run(["cache", folder, "--max-size", "1Q"])
        #expect(size.status == 2 && size.stderr.contains("--max-size"), "\(size.stderr)")
    }
}

/// Project fonts (docs/text.md, "Project fonts") are part of every output's cache key: a font file whose
/// bytes change remakes the outputs; an unchanged one lets them come from the cache.
struct ProjectFontCacheTests {
    typealias CLI = CommandLineTests
    static let regular = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
    static let bold = "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"

    @Test func changingAProjectFontRemakesTheOutputs() throws {
        let lib = try BuildCommandTests.library(
            [],
            extra: [
                "label.scene": """
                <scene width="200" height="40">
                  <let name="w" value="textWidth('Brand', 20, 'Liberation Sans')"/>
                  <rect width="w" height="4" fill="teal"/>
                  <text y="30" size="20" font="Liberation Sans">Brand</text>
                </scene>

                """
            ])
        let fonts = lib.appendingPathComponent("Fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: false)
        let font = fonts.appendingPathComponent("Brand.ttf").path
        try FileManager.default.copyItem(atPath: Self.regular, toPath: font)
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let first = try CLI.run(["build", lib.path, "-o", out])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("0 from the cache (4 made)"), "\(first.stderr)")
        let svg = try String(contentsOfFile: out + "/label.svg", encoding: .utf8)
        #expect(svg.contains("font-family=\"Liberation Sans\""))
        let again = try CLI.run(["build", lib.path, "-o", out])
        #expect(again.stderr.contains("4 from the cache (0 made)"), "\(again.stderr)")
        // Same name, other bytes (the bold face): every output is made again, none from the cache.
        try FileManager.default.removeItem(atPath: font)
        try FileManager.default.copyItem(atPath: Self.bold, toPath: font)
        let changed = try CLI.run(["build", lib.path, "-o", out])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stderr.contains("0 from the cache (4 made)"), "\(changed.stderr)")
    }

    @Test func aFileThatIsNotAFontIsAnErrorAtTheFile() throws {
        let lib = try BuildCommandTests.library([], extra: ["plain.scene": "<scene width=\"10\" height=\"10\"><text>x</text></scene>\n"])
        let fonts = lib.appendingPathComponent("Fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: false)
        try "not a font".write(to: fonts.appendingPathComponent("Broken.otf"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", lib.appendingPathComponent("plain.scene").path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("Fonts/Broken.otf:1:1: error[E0921]: "), "\(r.stderr)")
        #expect(r.stderr.contains("fontconfig cannot read this file as a font"), "\(r.stderr)")
    }
}
