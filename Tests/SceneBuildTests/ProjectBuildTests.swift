import Foundation
import SceneBuild
import SceneIO
import SceneProject
import Testing

/// `scenec build` as one value (`ProjectBuild`): the output record written before any output,
/// `--prune`, the cache trimmed after the build, and a record that cannot be written.
struct ProjectBuildTests {
    /// Two small scenes, `a` and `b`, in a fresh folder; each makes an SVG and three PNGs.
    static func project() throws -> (scenes: String, output: String) {
        let root = try Support.temporaryFolder()
        let scenes = root + "/Scenes"
        try FileManager.default.createDirectory(atPath: scenes, withIntermediateDirectories: true)
        for (name, color) in [("a", "red"), ("b", "blue")] {
            try "<scene width=\"4\" height=\"4\">\n  <rect width=\"4\" height=\"4\" fill=\"\(color)\"/>\n</scene>\n"
                .write(toFile: "\(scenes)/\(name).scene", atomically: true, encoding: .utf8)
        }
        return (scenes, root + "/out")
    }

    static func options(_ project: (scenes: String, output: String)) -> ProjectBuildOptions {
        var options = ProjectBuildOptions(output: project.output)
        options.paths = [project.scenes]
        options.workers = 1
        return options
    }

    static func recordLines(_ output: String) -> [String] {
        let text = (try? String(contentsOfFile: output + "/" + OutputRecord.fileName, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    static func outputs(_ output: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func theRecordNamesEveryOutputBeforeAnyIsWritten() throws {
        let project = try Self.project()
        let seen = Locked<[(record: [String], files: [String])]>([])
        let result = try ProjectBuild(Self.options(project)).run(
            ProjectBuild.Events(log: { _ in seen.withLock { $0.append((Self.recordLines(project.output), Self.outputs(project.output))) } }))
        #expect(result.succeeded && result.summary.rendered == 8)
        let names = ["a.png", "a.svg", "a@2x.png", "a@3x.png", "b.png", "b.svg", "b@2x.png", "b@3x.png"]
        // The first event is the log of the shared files (none here), said before any job ran:
        // every output is recorded (no hash yet) and none is on disk.
        let first = try #require(seen.withLock { $0.first })
        #expect(first.record == names)
        #expect(first.files.isEmpty)
        // After the build, each with the SHA-256 of its bytes.
        let after = Self.recordLines(project.output)
        #expect(after.map { String($0.dropFirst(66)) } == names)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: project.output + "/a.svg")))
        #expect(after.contains(SHA256.hex(bytes) + "  a.svg"))
    }

    @Test func pruneRemovesTheOutputsOfAVariantThatIsGone() throws {
        let project = try Self.project()
        _ = try ProjectBuild(Self.options(project)).run()
        try FileManager.default.removeItem(atPath: project.scenes + "/b.scene")
        // Without --prune, b's files stay.
        let kept = try ProjectBuild(Self.options(project)).run()
        #expect(kept.summary.stale == nil && kept.lines.isEmpty)
        #expect(Self.outputs(project.output).count == 8)
        var options = Self.options(project)
        options.prune = true
        let pruned = try ProjectBuild(options).run()
        #expect(pruned.summary.stale == 4 && pruned.succeeded)
        #expect(pruned.lines == ["b.png", "b.svg", "b@2x.png", "b@3x.png"].map { "removed \(project.output)/\($0)" })
        #expect(pruned.summaryLine.contains(", 4 removed"))
        #expect(Self.outputs(project.output) == ["a.png", "a.svg", "a@2x.png", "a@3x.png"])
        #expect(Self.recordLines(project.output).map { String($0.dropFirst(66)) } == ["a.png", "a.svg", "a@2x.png", "a@3x.png"])
    }

    @Test func theCacheIsTrimmedToItsBoundAfterTheBuild() throws {
        let project = try Self.project()
        var options = Self.options(project)
        let cache = project.output + "/" + OutputCache.defaultName
        let unbounded = try ProjectBuild(options).run()
        #expect(unbounded.lines.isEmpty && unbounded.summary.usesCache)
        let entries = try #require(FileManager.default.subpaths(atPath: cache)).filter { $0.split(separator: "/").count == 2 }
        #expect(entries.count == 8)
        options.cacheMaxBytes = 1
        options.cacheMaxSizeText = "1"
        let bounded = try ProjectBuild(options).run()
        #expect(bounded.succeeded)
        let line = try #require(bounded.lines.last)
        #expect(line.hasPrefix("cache: removed the 8 least recently used entries ("), "\(line)")
        #expect(line.hasSuffix("to keep \(cache) under --cache-max-size 1"), "\(line)")
    }

    #if os(Linux)
        /// sysfs refuses new files even to root (the tests may run as root, who can write anywhere else).
        @Test func aRecordThatCannotBeWrittenStopsTheBuildBeforeAnyOutput() throws {
            let project = try Self.project()
            var options = Self.options(project)
            options.output = "/sys"
            options.cache = .none
            let logged = Locked(0)
            let error = try #require(throws: ProjectError.self) {
                _ = try ProjectBuild(options).run(ProjectBuild.Events(log: { _ in logged.withLock { $0 += 1 } }))
            }
            #expect(error.kind == .failure)
            #expect(error.message.contains("cannot write in '/sys'"), "\(error.message)")
            #expect(logged.withLock { $0 } == 0)
        }
    #endif

    @Test func aFileWhereTheOutputFolderBelongsIsAUsageError() throws {
        let project = try Self.project()
        try "".write(toFile: project.output, atomically: true, encoding: .utf8)
        let error = try #require(throws: ProjectError.self) { _ = try ProjectBuild(Self.options(project)).run() }
        #expect(error.kind == .usage && error.message == "'\(project.output)' is a file; -o names the folder to write into")
    }
}
