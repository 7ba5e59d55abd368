import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import ReviewPage
import SceneCompiler
import SceneDiff
import SceneIO
import SceneProject
import SceneSource

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what a change to scenes draws differently: operations and pixels, with source lines.",
        discussion: """
            Two forms. `scenec diff OLD.scene NEW.scene` compares two scene files with the same --set values \
            and --size. `scenec diff --rev REV [PATH…]` compares the scenes under the PATHs (default Scenes) \
            as they are at the git revision REV with the working tree, or at A and B with --rev A..B: every \
            scene that changed, every scene that uses a changed scene as a component, and every variant of \
            the build manifest for those scenes. Revisions are read with git; the working tree and the index \
            are never touched. Exit status, as diff(1): 0 when nothing visible changed, 1 when something did, \
            2 for a wrong command line or a git error.
            """)

    @Argument(
        help: ArgumentHelp(
            "OLD.scene NEW.scene; or with --rev, the folders or scene files to review (default: Scenes).",
            valueName: "path"))
    var paths: [String] = []

    @Option(
        help: ArgumentHelp(
            "Compare with git revision REV (a branch, tag or commit), or A..B for two revisions.",
            valueName: "rev"))
    var rev: String?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Pixels per point of the renders compared (default 2).", valueName: "s"),
        transform: ScaleOption.parse)
    var scale: Double = 2

    @Option(
        help: ArgumentHelp(
            "Numbers closer than this are equal in the structural comparison.",
            valueName: "points"))
    var tolerance: Double = StructuralDiff.defaultTolerance

    @Option(
        help: ArgumentHelp(
            "Judge pixels by pixelmatch's color threshold, 0 to 1 (such as 0.1), for references from other "
                + "machines; by default any change a person can see counts (CIEDE2000 ΔE00 above 2).",
            valueName: "t"))
    var threshold: Double?

    @Flag(help: "Compare the display lists only (no rendering).")
    var structuralOnly = false

    @Flag(help: "Compare the pixels only.")
    var pixelsOnly = false

    @Option(
        help: ArgumentHelp(
            "Write the diff image: a PNG file for two scenes, a folder (one NAME.png per changed variant) with --rev. "
                + "Nothing is written when no pixels changed (standard error says so).",
            valueName: "path"))
    var diffImage: String?

    @Option(
        help: ArgumentHelp(
            "Write a review page to the folder DIR: DIR/index.html, with the before, after and diff images "
                + "beside it in DIR/images, for any browser, offline. DIR must be new, empty, or an earlier review page.",
            valueName: "dir"))
    var html: String?

    @Flag(help: "Print the report as JSON (the same content) instead of text.")
    var json = false

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable { case auto, always, never }

    @Option(help: "Color the text report: 'auto' when standard output is a terminal, 'always' or 'never'.")
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("With --rev: the manifest to use instead of the scenes.json files beside the scenes.", valueName: "file"))
    var manifest: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Variants compared at once (default: one per core).", valueName: "n"))
    var jobs: Int?

    @OptionGroup var caching: CacheOptions
    @OptionGroup var parameters: ParameterOptions
    @OptionGroup var pixels: PixelLimitOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        if rev == nil && paths.count != 2 {
            throw ValidationError("name two scene files to compare (OLD.scene NEW.scene), or a revision with --rev REV")
        }
        if rev != nil && (!parameters.assignments.isEmpty || parameters.size != nil) {
            throw ValidationError("--set and --size apply to two scene files; with --rev the build manifest gives each variant's values")
        }
        if structuralOnly && pixelsOnly { throw ValidationError("--structural-only and --pixels-only exclude each other") }
        try ScaleOption.validate(scale)
        guard tolerance.isFinite, tolerance >= 0 else { throw ValidationError("--tolerance expects a number ≥ 0, got \(tolerance)") }
        if let threshold, !threshold.isFinite || !(0...1).contains(threshold) {
            throw ValidationError("--threshold expects a number from 0 to 1, got \(threshold)")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs expects a positive whole number such as 2, got \(jobs)") }
        if let html, html.isEmpty || html == "-" {
            throw ValidationError("--html names the folder to write the review page to, such as --html review")
        }
        if let diffImage, rev == nil, !diffImage.lowercased().hasSuffix(".png") {
            throw ValidationError("--diff-image names a .png file when comparing two scenes, got '\(diffImage)'")
        }
    }

    func run() throws {
        let door = FrontDoor(common, pixels: pixels)
        var options = ReviewOptions()
        options.scale = scale
        options.tolerance = tolerance
        options.threshold = threshold
        options.structural = !pixelsOnly
        options.pixels = !structuralOnly
        defer {
            if ProcessInfo.processInfo.environment["SCENEC_DEBUG_CACHE"] == "1" {
                Console.error(
                    "debug: \(PixelComparison.rendersMade.load(ordering: .relaxed)) renders made, "
                        + "\(PixelComparison.rendersReused.load(ordering: .relaxed)) from the cache\n")
            }
        }

        let result: ReviewResult, images: ReviewImages
        if let rev {
            do {
                var revisions = RevisionReview.Options(range: try RevisionRange(parsing: rev))
                revisions.paths = paths
                revisions.manifest = manifest
                revisions.cache = caching.noCache ? .none : caching.cache.map { .folder($0) } ?? .inGitFolder
                revisions.workers = jobs ?? WorkQueue.defaultWorkers
                revisions.review = options
                (result, images) = try RevisionReview(revisions, compiler: door.compiler).run()
            } catch {
                try error.report()
            }
        } else {
            do {
                // From git difftool, either side may be a temporary copy away from its components.
                let root = TemporaryCopy.project(common.projectRoot)
                (result, images) = try Review.files(
                    old: paths[0], new: paths[1],
                    oldHome: TemporaryCopy.home(of: paths[0], project: root),
                    newHome: TemporaryCopy.home(of: paths[1], project: root),
                    assignments: parameters.assignments,
                    size: parameters.sceneSize, comparer: VariantComparer(compiler: door.compiler, options: options))
            } catch {
                throw CommandError(error.message, details: error.details)
            }
        }
        if let diffImage {
            do {
                let destination: DiffImageWriter.Destination = rev == nil ? .file(diffImage) : .folder(diffImage)
                let outcome = try DiffImageWriter.write(images, result: result, to: destination, pixelsCompared: !structuralOnly)
                if case .skipped(let why) = outcome {
                    Console.error(DiagnosticRenderer.visible("scenec diff: no diff image written to '\(diffImage)': \(why)") + "\n")
                }
            } catch {
                try error.report()
            }
        }
        if let html {
            do { try ReviewPage.write(result, images: images, to: html) } catch {
                throw CommandError(error.description, help: "--html names a new or empty folder, or one an earlier --html wrote (replaced whole)")
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try Console.output(String(decoding: try encoder.encode(result), as: UTF8.self) + "\n")
        } else {
            let colored = color == .always || (color == .auto && StandardStream.output.isTerminal)
            // Names and paths from files reach the terminal escaped, as `check` prints them. A
            // review that needs escaping is printed without colors: an escape sequence of its own
            // would be indistinguishable from one in a file name.
            let plain = ReviewText(color: false).render(result)
            let visible = DiagnosticRenderer.visibleLines(plain)
            try Console.output(colored && visible == plain ? ReviewText(color: true).render(result) : visible)
        }
        if result.hasDifferences { throw ExitCode(1) }
    }
}
