import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import ReviewPage
import SceneCompiler
import SceneIO
import SceneProject
import SceneSnapshot
import SceneSource

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Compare every scene and manifest variant with its committed reference (snapshot tests).",
        discussion: """
            The variants are the ones `scenec build` makes of the PATHs (default Scenes), from the same manifest. \
            Each is compiled and rendered at its snapshot scale (manifest "snapshot": {"scale": 2}) and compared \
            with its references in the snapshot folder (default PATH/__snapshots__): NAME.dump, the display list, and \
            NAME@2x.png, the render. A variant passes when its pixels are within the tolerance (manifest "snapshot": \
            threshold, maxChangedPixels, maxChangedShare); changed operations with the same pixels are a note. \
            On failure the terminal says what changed where, and a review page shows it (--html, default \
            .scenec/test-report). Exit status: 0 when every variant passes (or was recorded), 1 when any fails, \
            2 for a wrong command line or manifest.
            """)

    @Argument(
        help: ArgumentHelp(
            "Folders to search for .scene files (recursively), or scene files (default: Scenes).",
            valueName: "path"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("The folder of the references (default: __snapshots__ in the first PATH).", valueName: "dir"))
    var snapshots: String?

    @Option(
        help: ArgumentHelp(
            """
            When to write references: 'missing' (default; 'none' when the CI environment variable is set) writes the \
            references that do not exist yet, 'failed' also rewrites those that fail (accepting the changes), 'all' \
            rewrites every one, 'none' never writes (a missing reference fails).
            """, valueName: "mode"))
    var record: RecordMode?

    @Flag(
        help: ArgumentHelp(
            "Remove the references of variants that no longer exist (only regular .dump and .png files in the "
                + "snapshot folder that hold a dump or a PNG; never through a link)."))
    var prune = false

    @Option(
        help: ArgumentHelp(
            "Write the review page of what failed or changed into this folder (default .scenec/test-report).",
            valueName: "dir"))
    var html: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report (what CI systems show).", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write a Markdown summary (for a pull-request comment or $GITHUB_STEP_SUMMARY).", valueName: "file"))
    var summary: String?

    @OptionGroup var caching: CacheOptions
    @OptionGroup var plan: PlanOptions
    @OptionGroup var pixels: PixelLimitOptions
    @OptionGroup var common: CommonOptions

    /// `CI` set to anything but an empty string, 0 or false: snapshot tools treat that as CI.
    static var onCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() else { return false }
        return !(value.isEmpty || value == "0" || value == "false")
    }

    func run() throws {
        var options = ProjectTest.Options()
        options.paths = paths
        options.manifest = plan.manifest
        options.workers = plan.workers
        options.shardText = plan.shard
        options.shard = plan.slice
        options.snapshots = snapshots
        options.mode = record ?? (Self.onCI ? .none : .missing)
        options.prune = prune
        options.cache = caching.noCache ? .none : caching.cache.map { .folder($0) } ?? .inRepository
        let test = ProjectTest(options, compiler: FrontDoor(common, pixels: pixels).compiler, style: common.diagnostics.rendererStyle)
        let result: ProjectTest.Result
        do { result = try test.run() } catch { try error.report() }
        let run = result.run, store = result.store
        for line in result.pruneLines { Console.error(line + "\n") }
        report(run, store: store, mode: options.mode)
        if let junit { try Output.write(Array(run.junit().utf8), to: junit) }
        if let summary { try Output.write(Array(run.markdown().utf8), to: summary) }
        // A page when there is something to look at: a failure, a note, a reference rewritten over an old one.
        let shown = run.results.contains { r in
            r.status == .failed || r.status == .error || r.note != nil || (r.status == .recorded && r.pixels != nil)
        }
        if shown || html != nil {
            let folder = html ?? ".scenec/test-report"
            let (review, images) = run.review(referenceLabel: "references in \(store.folder)")
            do {
                // The default folder is the repository's: made, and reached, without following a link
                // (a --html DIR the user names may be one).
                if html == nil { try ContainedFolder(root: ".", below: ".scenec").makeFolder() }
                if html == nil { try ContainedFolder(root: ".", below: folder).checkFolder() }
                try FileManager.default.createDirectory(atPath: FilePath.parent(of: folder), withIntermediateDirectories: true)
                try ReviewPage.write(review, images: images, to: folder)
                if run.failed { Console.error("review page: \(FilePath.join(folder, "index.html"))\n") }
            } catch {
                Console.error("scenec: error: cannot write the review page: \(error)\n")
            }
        }
        if let folder = result.cacheFolder, result.fromCache > 0 {
            let unseen = result.fromCache
            Console.error(
                "test: \(unseen) variant\(unseen == 1 ? "" : "s") unchanged since last passing, "
                    + "neither compiled nor rendered (cache \(folder); --no-cache looks again)\n")
        }
        Console.error(run.summaryLine + "\n")
        if run.failed { throw ExitCode(1) }
    }

    /// What failed, what was recorded, what is worth a note: on standard error, like build's lines,
    /// names and paths from files escaped as `check` prints them (`say`).
    private func report(_ run: SnapshotRun, store: SnapshotStore, mode: RecordMode) {
        for r in run.results {
            switch r.status {
            case .passed:
                if let note = r.note { say("note \(r.name) (\(r.job.scenePath)): \(note)") }
            case .recorded:
                say("recorded \(r.name): \(r.message)\(r.written.isEmpty ? "" : " (" + r.written.joined(separator: ", ") + ")")")
            case .failed, .error:
                say("FAIL \(r.name) (\(r.job.scenePath)): \(r.message)")
                for line in r.diagnostics { say("  \(line)") }
                if let note = r.note { say("  note: \(note)") }
                for change in r.structural?.changes.prefix(8) ?? [] {
                    let ref = change.new ?? change.old
                    let what = ref?.name ?? ""
                    say(
                        "  \(change.kind.rawValue) \(what) at \(ref?.location?.description ?? "the reference")"
                            + (change.fields.isEmpty ? "" : ": " + change.fields.map(\.description).joined(separator: "; ")))
                }
                if let count = r.structural?.changes.count, count > 8 { say("  … \(count - 8) more changes") }
            }
        }
        for path in run.orphans { say("orphaned reference \(path): no variant has this name; --prune removes it") }
        if run.failed && mode == .missing {
            say("accept the changes with `scenec test --record failed`, then commit \(store.folder)")
        }
    }

    /// One line on standard error, its control characters escaped (DiagnosticRenderer.visible).
    private func say(_ line: String) {
        Console.error(DiagnosticRenderer.visible(line) + "\n")
    }
}

extension RecordMode: ExpressibleByArgument {}
