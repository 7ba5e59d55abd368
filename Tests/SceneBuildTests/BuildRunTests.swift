import Foundation
import SceneBuild
import SceneCompiler
import SceneProject
import Testing

struct BuildRunTests {
    func stat(_ path: String) throws -> (inode: UInt64, modified: Date) {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.systemFileNumber] as! NSNumber).uint64Value, attributes[.modificationDate] as! Date)
    }

    @Test func writesEveryOutputAndLeavesUnchangedOnesAlone() throws {
        let folder = try Support.temporaryFolder()
        let plan = try Support.plan(#"{"variants": [{"name": "minus", "scene": "push-button", "parameters": {"isAddButton": "false"}}]}"#)
        let runner = JobRunner(folder: folder)
        let first = BatchBuild.run(plan.jobs, runner: runner, workers: 2)
        #expect(
            first
                == {
                    var s = BuildSummary()
                    s.variants = 4; s.rendered = 16; s.made = 16
                    return s
                }())
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count == 16)
        #expect(files.contains("minus@3x.png") && files.contains("counter.svg"))
        // Age one file, then build again: nothing is rewritten, so its inode and time stay.
        let path = folder + "/minus@2x.png"
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let before = try stat(path)
        let second = BatchBuild.run(plan.jobs, runner: runner, workers: 2)
        #expect(second.rendered == 0 && second.unchanged == 16 && second.failed == 0)
        let after = try stat(path)
        #expect(after.inode == before.inode)
        #expect(after.modified == old)
        // A changed output is replaced (a new file renamed into place).
        try Data("stale".utf8).write(to: URL(fileURLWithPath: path))
        let third = BatchBuild.run(plan.jobs, runner: runner, workers: 1)
        #expect(third.rendered == 1 && third.unchanged == 15)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func aFailingVariantDoesNotStopTheOthers() throws {
        let folder = try Support.temporaryFolder()
        let broken = Support.scene(
            "<scene width=\"10\" height=\"10\">\n  <rect width=\"w\" height=\"1\" fill=\"red\"/>\n</scene>\n",
            at: "/virtual/Scenes/broken.scene")
        let plan = try Support.plan(
            #"{"variants": [{"name": "big", "scene": "face", "scales": [1, 500]}]}"#,
            scenes: [broken, try Support.seed("face"), try Support.seed("counter")])
        let results = LockedResults()
        let summary = BatchBuild.run(plan.jobs, runner: JobRunner(folder: folder), workers: 2, report: results.add)
        #expect(results.names == ["big", "broken", "counter"])
        #expect(summary.variants == 3 && summary.failedVariants == 2)
        #expect(summary.rendered == 6 && summary.failed == 5)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["big.png", "big.svg", "counter.png", "counter.svg", "counter@2x.png", "counter@3x.png"])
        var log = BuildLog(style: .short, lines: true)
        let text = results.all.map { log.text(for: $0) }.joined()
        #expect(text.contains("failed \(folder)/big@500x.png: the image would be 150000×150000 pixels"))
        #expect(
            text.contains(
                "/virtual/Scenes/broken.scene:2:16: error[E0203]: undefined name 'w'\n  help: names in scope here: height, width\nfailed broken: /virtual/Scenes/broken.scene did not compile\n"
            ))
        #expect(text.contains("rendered \(folder)/counter@3x.png\n"))
    }

    @Test func theSameBytesWhateverTheThreadCount() throws {
        let plan = try Support.plan(nil)
        let one = try Support.temporaryFolder(), two = try Support.temporaryFolder()
        _ = BatchBuild.run(plan.jobs, runner: JobRunner(folder: one), workers: 1)
        _ = BatchBuild.run(plan.jobs, runner: JobRunner(folder: two), workers: 3)
        let names = try FileManager.default.contentsOfDirectory(atPath: one).sorted()
        #expect(names.count == 16)
        #expect(try FileManager.default.contentsOfDirectory(atPath: two).sorted() == names)
        for name in names {
            #expect(FileManager.default.contentsEqual(atPath: one + "/" + name, andPath: two + "/" + name), "\(name)")
        }
    }

    @Test func aSceneWithLoadErrorsIsReportedOnce() throws {
        let broken = Support.scene("<scene width=\"10\">", at: "/virtual/Scenes/broken.scene")
        let plan = try Support.plan(
            #"{"variants": [{"name": "a", "scene": "broken"}, {"name": "b", "scene": "broken"}]}"#,
            scenes: [broken])
        let results = LockedResults()
        _ = BatchBuild.run(plan.jobs, runner: JobRunner(folder: try Support.temporaryFolder()), report: results.add)
        var log = BuildLog(style: .short, lines: false)
        let text = results.all.map { log.text(for: $0) }.joined()
        #expect(text.components(separatedBy: ": error[").count == 2, "\(text)")
        #expect(
            text.hasSuffix("failed a: /virtual/Scenes/broken.scene has errors\nfailed b: /virtual/Scenes/broken.scene has errors (shown above)\n"))
    }

    @Test func summaryAndProgressText() {
        var s = BuildSummary()
        s.variants = 12; s.rendered = 40; s.unchanged = 4; s.failed = 4; s.failedVariants = 1
        #expect(s.text(seconds: 0.8412) == "build: 12 variants, 48 files: 40 rendered, 4 unchanged, 4 failed (1 variant), 0.84 s")
        #expect(
            BuildSummary().text(seconds: 0, shard: try? Shard(index: 2, count: 4))
                == "build (shard 2/4): 0 variants, 0 files: 0 rendered, 0 unchanged, 0 failed, 0.00 s")
        #expect(ProgressBar.line(finished: 12, total: 40, width: 10) == "[===>      ] 12/40")
        #expect(ProgressBar.line(finished: 0, total: 3, width: 4) == "[>   ] 0/3")
        #expect(ProgressBar.line(finished: 3, total: 3, width: 4) == "[====] 3/3")
    }
}

final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [JobResult] = []
    func add(_ result: JobResult) { lock.lock(); results.append(result); lock.unlock() }
    var all: [JobResult] { lock.lock(); defer { lock.unlock() }; return results }
    var names: [String] { all.map(\.job.name) }
}
