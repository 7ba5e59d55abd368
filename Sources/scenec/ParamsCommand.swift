import ArgumentParser
import Foundation
import SceneCompiler

struct ParamsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "params",
        abstract: "List a scene's parameters with their type, default and range.")

    @Argument(help: ArgumentHelp("The scene file.", valueName: "scene"))
    var scene: String

    @Flag(help: "Print JSON (an array of objects with name, type, default, min, max, description).")
    var json = false

    @OptionGroup var diagnostics: DiagnosticOptions

    @OptionGroup(title: "Limits") var limits: LimitOptions

    func run() throws {
        let loaded = try SceneFiles.load(scene, limits: limits)
        diagnostics.print(loaded.diagnostics, sources: loaded.sources)
        guard !loaded.hasErrors else { throw ExitCode(1) }
        print(json ? SceneCompiler.parametersJSON(loaded) : SceneCompiler.parametersTable(loaded), terminator: "")
    }
}
