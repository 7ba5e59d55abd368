import Foundation
import Testing

/// `scenec build` run as a user would: the files it writes, their pixel sizes, exit statuses,
/// untouched unchanged outputs and shards.
struct BuildCommandTests {
    typealias CLI = CommandLineTests

    /// The files in a folder, without the build's record of what it wrote (OutputRecord), which
    /// BuildLayoutTests checks, and its cache (CacheTests).
    static func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != ".scenec-outputs" && $0 != ".scenec-cache" }.sorted()
    }

    static func pngSize(_ path: String) throws -> [Int] {
        let size = try #require(CLI.pngSize([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        return [size.width, size.height]
    }

    /// A folder with copies of seed scenes (and whatever else), to build without touching Scenes/.
    static func library(_ seeds: [String], extra: [String: String] = [:]) throws -> URL {
        let folder = try CLI.temporaryFolder().appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for seed in seeds {
            try FileManager.default.copyItem(
                at: Package.folder.appendingPathComponent("Scenes/\(seed).scene"),
                to: folder.appendingPathComponent("\(seed).scene"))
        }
        for (name, text) in extra { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func buildsTheSeedManifestWithAssetCatalogNamesAndSizes() throws {
        let out = try CLI.temporaryFolder().appendingPathComponent("out").path
        let r = try CLI.run(["build", "-o", out, "--progress", "lines"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try Self.files(out)
        #expect(files.count == 15 * 4)
        for name in [
            "plus-button", "minus-button", "counter", "counter-0", "counter-8", "graph-5-points", "face-happy", "face-sad", "flo", "flo-graph",
        ] {
            for suffix in [".svg", ".png", "@2x.png", "@3x.png"] { #expect(files.contains(name + suffix), "\(name)\(suffix)") }
        }
        // Pixel sizes: ⌈points × scale⌉, with the manifest's sizes applied.
        #expect(try Self.pngSize(out + "/plus-button.png") == [100, 100])
        #expect(try Self.pngSize(out + "/plus-button@3x.png") == [300, 300])
        #expect(try Self.pngSize(out + "/minus-button@2x.png") == [100, 100])
        #expect(try Self.pngSize(out + "/counter@2x.png") == [460, 460])
        #expect(try Self.pngSize(out + "/graph-5-points@3x.png") == [1200, 720])
        #expect(try Self.pngSize(out + "/face-sad.png") == [200, 120])
        #expect(try Self.pngSize(out + "/flo-graph@2x.png") == [1200, 1200])
        // The variant's parameters reached the SVG: the minus button is red and has one line.
        let minus = try String(contentsOfFile: out + "/minus-button.svg", encoding: .utf8)
        #expect(minus.contains("#ee4d4d"))
        #expect(minus.contains("width=\"50\" height=\"50\""))
        // It is the same SVG `render` writes for the same parameters.
        let single = out + "/../single.svg"
        #expect(
            try CLI.run([
                "render", "Scenes/push-button.scene", "-o", single, "--size", "50x50", "--set", "isAddButton=false",
                "--set", "fillColor=rgb(238, 77, 77)",
            ]).status == 0)
        #expect(try String(contentsOfFile: single, encoding: .utf8) == minus)
        #expect(r.stderr.contains("rendered \(out)/counter-3@2x.png\n"))
        #expect(r.stderr.contains("build: 15 variants, 60 files: 60 rendered, 0 unchanged, 0 failed, "))
        #expect(r.stdout.isEmpty)
    }

    @Test func oneFailingSceneDoesNotStopTheOthers() throws {
        let lib = try Self.library(
            ["face", "counter"],
            extra: [
                "bad.scene": "<scene width=\"10\" height=\"10\">\n  <rect width=\"w\" height=\"1\" fill=\"red\"/>\n</scene>\n"
            ])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out, "--diagnostics", "short"])
        #expect(r.status == 1)
        #expect(
            try Self.files(out) == [
                "counter.png", "counter.svg", "counter@2x.png", "counter@3x.png",
                "face.png", "face.svg", "face@2x.png", "face@3x.png",
            ])
        #expect(r.stderr.contains("\(lib.path)/bad.scene:2:16: error[E0203]: undefined name 'w'\n"))
        #expect(!r.stderr.contains(" | "), "short diagnostics have no excerpt")
        #expect(r.stderr.contains("failed bad: \(lib.path)/bad.scene did not compile\n"))
        #expect(r.stderr.contains("3 variants, 12 files: 8 rendered, 0 unchanged, 4 failed (1 variant), "))
    }

    @Test func unchangedOutputsAreNotRewritten() throws {
        let lib = try Self.library(["push-button", "graph"])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        #expect(try CLI.run(["build", lib.path, "-o", out]).status == 0)
        let path = out + "/graph@2x.png"
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber
        let again = try CLI.run(["build", lib.path, "-o", out])
        #expect(again.status == 0)
        #expect(again.stderr.contains("unchanged \(out)/graph@2x.png (from the cache)\n"))
        #expect(again.stderr.contains("2 variants, 8 files: 0 rendered, 8 unchanged, 0 failed"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.modificationDate] as? Date == old)
        #expect(attributes[.systemFileNumber] as? NSNumber == inode)
        // Change the scene: only its outputs are written again.
        let scene = lib.appendingPathComponent("graph.scene")
        let text = try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(
            of: "default=\"4, 2, 6, 4, 5, 8, 3\"",
            with: "default=\"1, 2\"")
        try text.write(to: scene, atomically: true, encoding: .utf8)
        let changed = try CLI.run(["build", lib.path, "-o", out])
        #expect(changed.stderr.contains("4 rendered, 4 unchanged"))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date != old)
        #expect(try Self.files(out).count == 8, "no temporary file is left behind")
    }

    @Test func theShardsTogetherBuildExactlyTheWholeLibrary() throws {
        let base = try CLI.temporaryFolder()
        let whole = base.appendingPathComponent("whole").path
        #expect(try CLI.run(["build", "Scenes", "-o", whole]).status == 0)
        let all = try Self.files(whole)
        var union: [String] = []
        for k in 1...3 {
            let part = base.appendingPathComponent("part\(k)").path
            let r = try CLI.run(["build", "Scenes", "-o", part, "--shard", "\(k)/3"])
            #expect(r.status == 0)
            #expect(r.stderr.contains("build (shard \(k)/3): "))
            let files = try Self.files(part)
            #expect(!files.isEmpty)
            for file in files {
                #expect(FileManager.default.contentsEqual(atPath: part + "/" + file, andPath: whole + "/" + file), "\(file)")
            }
            union += files
        }
        #expect(union.sorted() == all, "every output in exactly one shard")
        #expect(Set(union).count == union.count)
    }

    @Test func manifestErrorsAreLocatedAndBuildNothing() throws {
        let lib = try Self.library(
            ["counter"],
            extra: [
                "scenes.json": "{\n  \"variants\": [\n    {\"name\": \"c\", \"scene\": \"counter\", \"parameters\": {\"counter\": \"9\"}}\n  ]\n}\n"
            ])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out])
        #expect(r.status == 2)
        #expect(
            r.stderr.hasPrefix(
                """
                \(lib.path)/scenes.json:3:65: error[E0516]: variants[0].parameters.counter: invalid value for parameter 'counter': 9 is above the maximum (range 0…8)
                3 |     {"name": "c", "scene": "counter", "parameters": {"counter": "9"}}
                  |                                                                 ^^^
                  help: 'counter' is int: a whole number such as 5 (range 0…8)
                """))
        #expect(r.stderr.hasSuffix("build: nothing built; fix the problems above\n"))
        #expect(!FileManager.default.fileExists(atPath: out))
        // --manifest names another manifest instead.
        let other = lib.deletingLastPathComponent().appendingPathComponent("other.json")
        try "{\"scales\": [2], \"svg\": false}".write(to: other, atomically: true, encoding: .utf8)
        let fixed = try CLI.run(["build", lib.path, "-o", out, "--manifest", other.path])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try Self.files(out) == ["counter@2x.png"])
    }

    @Test func usageErrorsExitTwo() throws {
        let out = try CLI.temporaryFolder().appendingPathComponent("out").path
        let cases: [([String], String)] = [
            (["build", "-o", out, "--shard", "4/3"], "--shard expects K/N with 1 ≤ K ≤ N"),
            (["build", "-o", out, "--shard", "half"], "--shard expects K/N"),
            (["build", "Scenes/nope", "-o", out], "cannot read 'Scenes/nope': no such file or folder"),
            (["build", "Scenes/scenes.json", "-o", out], "pass a manifest with --manifest Scenes/scenes.json"),
            (["build", "Sources", "-o", out], "no .scene files under 'Sources'"),
            (["build", "-o", out, "--manifest", "nope.json"], "cannot read the manifest 'nope.json'"),
            (["build", "-o", out, "--jobs", "0"], "--jobs expects a positive whole number"),
            (["build", "Scenes"], "--output"),
        ]
        for (arguments, message) in cases {
            let r = try CLI.run(arguments)
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aProgressBarWithCountsInsteadOfLines() throws {
        let lib = try Self.library(["face", "counter", "graph"])
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out, "--progress", "bar", "--jobs", "2"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("\r\u{1B}[K[==============================] 3/3\n"))
        #expect(r.stderr.contains("] 1/3"))
        #expect(!r.stderr.contains("rendered "))
        #expect(r.stderr.contains("build: 3 variants, 12 files: 12 rendered"))
        // Not a terminal, so auto means lines.
        let auto = try CLI.run(["build", lib.path, "-o", out])
        #expect(auto.stderr.contains("unchanged \(out)/face@3x.png (from the cache)\n"))
        #expect(!auto.stderr.contains("\r"))
    }

    @Test func helpDescribesEveryOption() throws {
        let r = try CLI.run(["build", "--help"])
        #expect(r.status == 0)
        for option in [
            "-o, --output <dir>", "--manifest <file>", "--shard <k/n>", "-j, --jobs <n>", "--max-pixels <n>",
            "--progress <progress>", "--diagnostics <diagnostics>",
        ] {
            #expect(r.stdout.contains(option), "\(option)")
        }
    }
}
