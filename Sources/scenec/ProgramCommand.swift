import ArgumentParser
import ResolvedProgram
import SceneCompiler
import SceneSource

/// `scenec program FILE`: the typed, resolved program a scene lowers to, as text. A tool for
/// those working on the compiler and on code generators; not listed in `scenec --help`.
struct ProgramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "program",
        abstract: "Print the typed, resolved program a scene lowers to (for compiler and code-generator work).",
        discussion: """
            One body per scene file and <component>, each statement with its position, each expression with its \
            names resolved (param, input, slot, css, pi, none), its builtin calls with the usage chosen (min#1), \
            and its static type (:int, :? when unknown). The static checker's problems are printed on standard \
            error; the program is printed even then (unresolved parts are marked with '!'). \
            Exit status: 0 when the scene has no errors, 1 when it has any or does not load.
            """,
        shouldDisplay: false)

    @Argument(help: ArgumentHelp("The scene file to lower.", valueName: "scene"))
    var scene: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String = "-"

    @OptionGroup var project: ProjectOptions
    @OptionGroup var diagnostics: DiagnosticOptions
    @OptionGroup(title: "Limits") var limits: LimitOptions

    func run() throws {
        let door = FrontDoor(limits: limits, project: project, diagnostics: diagnostics)
        let loaded = try door.load(scene)
        guard let program = loaded.resolvedProgram else { throw CommandFailure() }
        diagnostics.print(loaded.staticDiagnostics, sources: loaded.sources)
        try Output.write(ProgramDump(sources: loaded.sources).render(program), to: output, protecting: loaded)
        if loaded.staticDiagnostics.contains(where: { $0.severity == .error }) { throw CommandFailure() }
    }
}
