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

    @OptionGroup(title: "Limits") var limits: LimitOptions

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("name at least one scene file to check") }
    }

    func run() throws {
        var failed = 0
        var unreadable: [String] = []
        for path in scenes {
            let loaded: LoadedScene
            do {
                loaded = try SceneFiles.load(path, limits: limits)
            } catch let error as CommandError {
                // Check the other files, then fail as a usage error.
                Terminal.writeError("scenec: error: \(error.description)\n")
                unreadable.append(path)
                continue
            }
            let (list, all) = SceneCompiler.evaluate(loaded, limits: limits.evaluation)
            diagnostics.print(all, sources: loaded.sources)
            if list == nil || all.contains(where: { $0.severity == .error }) { failed += 1 }
        }
        let total = scenes.count
        Terminal.writeError(failed == 0 ? "checked \(total) scene\(total == 1 ? "" : "s"): no errors\n"
                                        : "checked \(total) scene\(total == 1 ? "" : "s"): \(failed) with errors\n")
        if !unreadable.isEmpty { throw ExitCode(2) }
        if failed > 0 { throw ExitCode(1) }
    }
}
