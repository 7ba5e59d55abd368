import ArgumentParser
import DisplayList
import PNGBackend
import SceneCompiler

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Compile a scene to an SVG or PNG file.",
        discussion: """
            The output's extension picks the format: .svg, or .png (the SVG rendered by librsvg at 96 DPI, \
            ⌈width × scale⌉ × ⌈height × scale⌉ pixels, transparent where nothing is drawn). \
            Nothing is written unless the scene compiles; the output is replaced atomically.
            """)

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong,
            help: ArgumentHelp("The output file (.svg or .png), or - for SVG on standard output.", valueName: "out.svg|out.png"))
    var output: String

    @Option(help: ArgumentHelp("PNG only: pixels per point, any positive number (default 1; 2 for a double-density image).",
                               valueName: "s"))
    var scale: Double?

    @Option(name: .customLong("max-pixels"),
            help: ArgumentHelp("PNG only: the largest image allowed, as width × height in pixels after scaling (default 64000000).",
                               valueName: "n"))
    var maxPixels: Int?

    private var writesPNG: Bool { output.lowercased().hasSuffix(".png") }

    func validate() throws {
        let lower = output.lowercased()
        if output != "-" && !writesPNG && !lower.hasSuffix(".svg") {
            throw ValidationError("the output must end in .svg or .png (or be - for SVG on standard output), got '\(output)'")
        }
        if let scale {
            guard writesPNG else {
                throw ValidationError("--scale applies to PNG output; write a .png file or leave out --scale")
            }
            guard scale.isFinite, scale > 0 else {
                throw ValidationError("--scale expects a positive number such as 2 or 1.5, got \(scale.isFinite ? NumberFormat.format(scale, decimals: 6) : "\(scale)")")
            }
        }
        if let maxPixels {
            guard writesPNG else {
                throw ValidationError("--max-pixels applies to PNG output; write a .png file or leave out --max-pixels")
            }
            guard maxPixels > 0 else {
                throw ValidationError("--max-pixels expects a positive whole number such as 64000000, got \(maxPixels)")
            }
        }
    }

    func run() throws {
        let (_, list) = try options.compile()
        guard writesPNG else {
            try SceneFiles.write(SceneCompiler.svg(list), to: output)
            return
        }
        var raster = RasterOptions()
        if let scale { raster.scale = scale }
        if let maxPixels { raster.maxPixels = maxPixels }
        let png: [UInt8]
        do {
            png = try SceneCompiler.png(list, options: raster)
        } catch {
            // An image that cannot be made is a compile failure: exit 1, nothing written.
            Terminal.writeError("scenec: error: \(error)\n")
            throw ExitCode(1)
        }
        try SceneFiles.write(png, to: output)
    }
}
