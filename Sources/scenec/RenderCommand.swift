import ArgumentParser
import DisplayList
import SceneCompiler

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Compile a scene to an SVG, PNG or PDF file.",
        discussion: """
            The output's extension picks the format: .svg, or .png (the SVG rendered by librsvg at 96 DPI, \
            ⌈width × scale⌉ × ⌈height × scale⌉ pixels, transparent where nothing is drawn), or .pdf (the same \
            SVG drawn by librsvg as vectors on one page the size of the scene in points, text as text in the \
            embedded pinned font). Nothing is written unless the scene compiles; the output is replaced atomically, and never \
            when it is the scene itself or one of its components.
            """)

    @Argument(help: ArgumentHelp("The scene file to compile.", valueName: "scene"))
    var scene: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The output file (.svg, .png or .pdf), or - for SVG on standard output.",
            valueName: "out.svg|out.png|out.pdf"))
    var output: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "PNG only: pixels per point, a number from 0.0001 up (default 1; 2 for a double-density image).",
            valueName: "s"), transform: ScaleOption.parse)
    var scale: Double?

    @OptionGroup var parameters: ParameterOptions
    @OptionGroup var warnings: WarningOptions
    @OptionGroup var pixels: PixelLimitOptions
    @OptionGroup var common: CommonOptions

    private var writesPNG: Bool { output.lowercased().hasSuffix(".png") }
    private var writesPDF: Bool { output.lowercased().hasSuffix(".pdf") }

    func validate() throws {
        let lower = output.lowercased()
        if output != "-" && !writesPNG && !writesPDF && !lower.hasSuffix(".svg") {
            throw ValidationError("the output must end in .svg, .png or .pdf (or be - for SVG on standard output), got '\(output)'")
        }
        if let scale {
            guard writesPNG else {
                throw ValidationError("--scale applies to PNG output; write a .png file or leave out --scale")
            }
            try ScaleOption.validate(scale)
        }
        if pixels.maxPixels != nil && !writesPNG {
            throw ValidationError("--max-pixels applies to PNG output; write a .png file or leave out --max-pixels")
        }
    }

    func run() throws {
        let door = FrontDoor(common, pixels: pixels)
        let loaded = try door.load(scene)
        // Only drawn: the operations need no origins (what a review matches them by).
        let compilation = try door.compile(loaded, parameters, origins: false)
        // Freed by the process's exit, not one object at a time when `run` returns.
        ProcessLifetime.keep(compilation)
        if warnings.denyWarnings, compilation.diagnostics.contains(where: { $0.severity == .warning }) {
            Console.error("scenec: error: the scene has warnings and --deny-warnings is given; nothing was written\n")
            throw CommandFailure()
        }
        if writesPNG {
            try Output.write(try door.png(compilation, scale: scale ?? 1), to: output, protecting: loaded)
        } else if writesPDF {
            try Output.write(try door.pdf(compilation), to: output, protecting: loaded)
        } else if compilation.list != nil {
            // Streamed: the document goes to the file a megabyte at a time as it is written.
            try Output.write(to: output, protecting: loaded) { emit in _ = compilation.streamSVG(emit) }
        }
    }
}
