import ArgumentParser
import SceneCompiler
import SceneSource

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a scene's display list as canonical text, one operation per line.",
        discussion: "The format golden tests and review diffs use (Grammar.md §17).")

    @Argument(help: ArgumentHelp("The scene file to compile.", valueName: "scene"))
    var scene: String

    @Flag(help: "Append the source position (@line:col) of the element behind each operation.")
    var locations = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String = "-"

    @Flag(
        help: """
            For git's textconv (`git config diff.scene.textconv "scenec dump --textconv"`): a scene outside the project         (a temporary copy git made) is compiled as the project's file of the same name, so its components are found;         a scene with errors prints its diagnostics on standard output and exits 0, so `git diff` still shows them.
            """)
    var textconv = false

    @OptionGroup var parameters: ParameterOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
        let door = FrontDoor(common)
        if textconv { return try runAsTextconv(door) }
        let loaded = try door.load(scene)
        let compilation = try door.compile(loaded, parameters)
        try Output.write(compilation.dump(locations: locations) ?? "", to: output, protecting: loaded)
    }

    /// Everything goes to standard output, errors included: git shows what a textconv prints and
    /// stops the whole diff when it fails.
    private func runAsTextconv(_ door: FrontDoor) throws {
        let home = TemporaryCopy.home(of: scene, project: TemporaryCopy.project(common.projectRoot))
        let loaded: LoadedScene
        do {
            loaded = try door.read(scene, as: home)
        } catch let error as CommandError {
            return try Console.output("scenec: error: \(error.description)\n")
        }
        let compilation = door.compiler.compile(
            loaded, arguments: (try? door.compiler.arguments(parameters.assignments, for: loaded)) ?? [:],
            size: parameters.sceneSize)
        let renderer = DiagnosticRenderer(sources: loaded.sources, style: .short)
        if compilation.hasErrors {
            return try Console.output(renderer.render(compilation.diagnostics))
        }
        try Console.output(compilation.dump(locations: locations) ?? "")
    }
}
