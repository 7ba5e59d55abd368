import ArgumentParser
import SceneBuild
import SceneProject
import SceneSource

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract:
            "Render every scene under the given folders to SVG and PNG at 1x, 2x and 3x (or an Xcode asset catalog, or Android densities), on all cores.",
        discussion: """
            Scenes are the *.scene files under each PATH (default Scenes). A manifest, scenes.json beside the \
            scenes or the file named by --manifest, lists variants: a scene with named parameter values, a size, \
            the scales to render and whether to write SVG (docs/manifest.md). Scenes it does not name \
            get one variant named after the file. Outputs are NAME.svg, NAME.png, NAME@2x.png, NAME@3x.png \
            (--layout flat), DIR/Assets.xcassets/NAME.imageset/ (--layout xcassets) or \
            DIR/res/drawable-mdpi/NAME.png … drawable-xxxhdpi (--layout android); one whose bytes have not \
            changed is not rewritten. Exit status: 0 when every variant was built, 1 when any failed (the \
            others are still built) or, with --check, when any output would change, 2 when the command line or \
            the manifest is wrong (then nothing is built).
            """)

    @Argument(
        help: ArgumentHelp(
            "Folders to search for .scene files (recursively), or scene files (default: Scenes).",
            valueName: "path"))
    var paths: [String] = []

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The folder to write the outputs into; created when missing.",
            valueName: "dir"))
    var output: String

    enum Progress: String, ExpressibleByArgument, CaseIterable {
        case auto, bar, lines
    }

    @Option(
        help: ArgumentHelp(
            "Progress on standard error: 'bar' updates one line with counts, 'lines' prints a line "
                + "per file, 'auto' a bar when standard error is a terminal and lines otherwise."))
    var progress: Progress = .auto

    @Option(
        help: ArgumentHelp(
            "How the outputs are laid out in DIR: 'flat' (NAME.svg, NAME.png, NAME@2x.png …), 'xcassets' "
                + "(an Xcode asset catalog, DIR/Assets.xcassets), 'android' (DIR/res/drawable-mdpi … "
                + "drawable-xxxhdpi) or 'android-vector' (DIR/res/drawable/NAME.xml, VectorDrawables); "
                + "default: the manifest's \"layout\", else flat.", valueName: "layout"))
    var layout: OutputLayout?

    @Flag(
        help: ArgumentHelp(
            "Write nothing: make every output in memory (a fresh render: the cache is not read) and exit with "
                + "status 1 when any file in DIR would change or is missing (for CI that keeps the generated files in "
                + "the repository)."))
    var check = false

    @Flag(
        help: ArgumentHelp(
            "Remove the files that earlier builds wrote into DIR for variants that no longer exist "
                + "(as recorded in DIR/.scenec-outputs with their SHA-256: only files whose bytes still match; "
                + "nothing else in DIR is ever removed). With --check, "
                + "such files make the check fail."))
    var prune = false

    @OptionGroup var caching: CacheOptions
    @OptionGroup var warnings: WarningOptions

    @Option(
        name: .customLong("cache-max-size"),
        help: ArgumentHelp(
            "The build cache's bound: after a build, when its entries take more, the least recently used "
                + "are removed down to 80% of it (as ccache does). A number of bytes with an optional K, M or G "
                + "(1024-based); 0 for no bound.", valueName: "size"))
    var cacheMaxSize: ByteSize = ByteSize(bytes: OutputCache.defaultMaxBytes)

    @OptionGroup var plan: PlanOptions
    @OptionGroup var pixels: PixelLimitOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        if output.isEmpty { throw ValidationError("-o expects the folder to write into, such as -o out") }
    }

    func run() throws {
        var options = ProjectBuildOptions(output: output)
        options.paths = paths
        options.manifest = plan.manifest
        options.layout = layout
        options.workers = plan.workers
        options.shard = plan.slice
        options.checkOnly = check
        options.prune = prune
        options.cache = caching.noCache ? .none : caching.cache.map { .folder($0) } ?? .insideOutput
        options.cacheMaxBytes = cacheMaxSize.bytes
        options.cacheMaxSizeText = cacheMaxSize.text
        options.denyWarnings = warnings.denyWarnings
        let bar = progress == .bar || (progress == .auto && Console.errorIsTerminal)
        options.fileLines = !bar
        let console = BuildConsole(bar: bar)
        let build = ProjectBuild(options, compiler: FrontDoor(common, pixels: pixels).compiler, style: common.diagnostics.rendererStyle)
        let result: ProjectBuild.Result
        do {
            result = try build.run(
                ProjectBuild.Events(log: { console.report($0) }, progress: { console.progress($0, $1) }, jobsFinished: { console.finish() }))
        } catch {
            try error.report()
        }
        for line in result.lines { Console.error(line + "\n") }
        Console.error(result.summaryLine + "\n")
        if !result.succeeded { throw ExitCode(1) }
    }
}

/// Prints a build's progress on standard error. The build calls it one job at a time (its
/// callbacks are serialized), which is what makes the unchecked Sendable sound.
private final class BuildConsole: @unchecked Sendable {
    private let bar: Bool
    private var barShown = false

    init(bar: Bool) {
        self.bar = bar
    }

    /// The log's text, in plan order; under a bar, the bar is cleared first and redrawn after.
    func report(_ text: String) {
        guard !text.isEmpty else { return }
        Console.error((barShown ? "\r\u{1B}[K" : "") + text)
        barShown = false
    }

    func progress(_ finished: Int, _ total: Int) {
        guard bar else { return }
        Console.error("\r\u{1B}[K" + ProgressBar.line(finished: finished, total: total))
        barShown = true
    }

    func finish() {
        if barShown { Console.error("\n") }
        barShown = false
    }
}

extension OutputLayout: ExpressibleByArgument {}

/// `--cache-max-size`: bytes, or a number with K, M or G (1024-based), as ccache and du write sizes.
struct ByteSize: ExpressibleByArgument {
    let bytes: Int
    let text: String

    init(bytes: Int) {
        self.bytes = bytes
        text = Self.describe(bytes)
    }

    init?(argument: String) {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(argument)
        var unit = 1
        if let last = digits.last?.uppercased().first, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0,
            number <= Int.max / unit
        else { return nil }
        bytes = number * unit
        text = argument
    }

    /// As `--help` shows the default: `1G`.
    var defaultValueDescription: String { text }

    static func describe(_ bytes: Int) -> String { ByteCount.text(bytes) }
}
