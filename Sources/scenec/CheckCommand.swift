import ArgumentParser
import SceneProject
import SceneSource

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report the problems in scene files without writing anything.",
        discussion: """
            Each scene is parsed and checked statically — every branch, loop body and component, whatever the \
            parameter values — then evaluated with its default parameters (or the --set values). Folders are \
            searched for .scene files as by build, and when a folder has a manifest (scenes.json) beside its \
            scenes, or --manifest names one, every variant it lists is evaluated too. A problem is shown once \
            however many variants meet it; one met only in a variant has a note naming the variant. Warnings \
            (W codes) do not fail the check unless --deny-warnings. The last line on standard error sums up. \
            Exit status: 0 when every scene and variant compiles, 1 when any has errors (or, with \
            --deny-warnings, warnings) or the manifest is wrong, 2 when a path cannot be read or a --set value \
            does not fit a scene.
            """)

    @Argument(
        help: ArgumentHelp(
            "Scene files, or folders to search for them recursively (default: Scenes).",
            valueName: "path"))
    var paths: [String] = []

    @OptionGroup var parameters: ParameterOptions

    @Option(
        help: ArgumentHelp(
            "Also evaluate every variant of this manifest, instead of the scenes.json files beside the "
                + "scenes of the folders given.", valueName: "file"))
    var manifest: String?

    @OptionGroup var warnings: WarningOptions

    @OptionGroup var common: CommonOptions

    func run() throws {
        var options = ProjectCheck.Options()
        options.paths = paths
        options.manifest = manifest
        options.projectRoot = common.projectRoot
        options.assignments = parameters.assignments
        options.size = parameters.sceneSize
        options.denyWarnings = warnings.denyWarnings
        let check = ProjectCheck(options, compiler: FrontDoor(common).compiler, style: common.diagnostics.rendererStyle)
        let tally = check.run(
            ProjectCheck.Events(
                say: { Console.error($0) },
                wrongSet: { problem, loaded in
                    let error = FrontDoor.commandError(problem, loaded: loaded)
                    let lines = "scenec: error: \(loaded.path): \(error.description)".split(separator: "\n", omittingEmptySubsequences: false)
                    Console.error(lines.map { DiagnosticRenderer.visible(String($0)) + "\n" }.joined())
                }))
        Console.error(tally.summary + "\n")
        if tally.exitStatus != 0 { throw ExitCode(tally.exitStatus) }
    }
}
