import ArgumentParser
import SceneCompiler

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report the problems in scene files without writing anything.",
        discussion: "Each scene is parsed, checked and evaluated with its default parameters.")

    @Argument(help: ArgumentHelp("The scene files to check.", valueName: "scene"))
    var scenes: [String]

    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("name at least one scene file to check") }
    }

    func run() throws {
        var failed = 0
        for path in scenes {
            let loaded = try SceneFiles.load(path)
            let (list, all) = SceneCompiler.evaluate(loaded)
            diagnostics.print(all, sources: loaded.sources)
            if list == nil || all.contains(where: { $0.severity == .error }) { failed += 1 }
        }
        let total = scenes.count
        Terminal.writeError(failed == 0 ? "checked \(total) scene\(total == 1 ? "" : "s"): no errors\n"
                                        : "checked \(total) scene\(total == 1 ? "" : "s"): \(failed) with errors\n")
        if failed > 0 { throw ExitCode(1) }
    }
}
