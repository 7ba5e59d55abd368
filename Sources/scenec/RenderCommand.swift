import ArgumentParser
import SceneCompiler

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Compile a scene to an SVG file.",
        discussion: "Nothing is written unless the scene compiles; the output is replaced atomically.")

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file (.svg), or - for standard output.", valueName: "out.svg"))
    var output: String

    func validate() throws {
        let lower = output.lowercased()
        if lower.hasSuffix(".png") {
            throw ValidationError("PNG output is not available yet; write an .svg file (-o \(String(output.dropLast(4))).svg)")
        }
        if output != "-" && !lower.hasSuffix(".svg") {
            throw ValidationError("the output must end in .svg (or be - for standard output), got '\(output)'")
        }
    }

    func run() throws {
        let (_, list) = try options.compile()
        try SceneFiles.write(SceneCompiler.svg(list), to: output)
    }
}
