import SceneSource
import ArgumentParser
import Foundation
import SceneBuild
import SceneCompiler

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report the problems in scene files without writing anything.",
        discussion: """
            Each scene is parsed, checked and evaluated with its default parameters. Folders are searched \
            for .scene files as by build. The last line on standard error sums up. Exit status: 0 when every \
            scene compiles, 1 when any has errors, 2 when a path cannot be read.
            """)

    @Argument(help: ArgumentHelp("Scene files, or folders to search for them recursively (default: Scenes).",
                                 valueName: "path"))
    var paths: [String] = []

    @OptionGroup var project: ProjectOptions
    @OptionGroup var diagnostics: DiagnosticOptions
    @OptionGroup(title: "Limits") var limits: LimitOptions

    func run() throws {
        var door = FrontDoor(limits: limits, project: project, diagnostics: diagnostics)
        var checked = 0, failed = 0, unreadable = 0
        for path in paths.isEmpty ? ["Scenes"] : paths {
            var isFolder: ObjCBool = false
            var found = SceneDiscovery.Found()
            do throws(UsageError) {
                // A file named on the command line is checked whatever its extension; folders are
                // searched for .scene files as by build.
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                    found.scenes = [SceneFileRef(path: path, projectRoot: project.project)]
                } else {
                    found = try SceneDiscovery.scenes(in: [path], projectRoot: project.project)
                }
            } catch {
                Console.error(DiagnosticRenderer.visible("scenec: error: \(error.message)") + "\n")
                checked += 1
                unreadable += 1
                continue
            }
            for refused in found.refused {
                Console.error(DiagnosticRenderer.visible("scenec: error: '\(refused)' is a link to a file outside '\(path)'; it is not read") + "\n")
                checked += 1
                unreadable += 1
            }
            for scene in found.scenes {
                checked += 1
                door.compiler.projectRoot = project.project ?? scene.projectRoot
                let loaded: LoadedScene
                do {
                    loaded = try door.read(scene.path)
                } catch let error as CommandError {
                    Console.error(DiagnosticRenderer.visible("scenec: error: \(error.description)") + "\n")
                    unreadable += 1
                    continue
                }
                let compilation = door.compiler.compile(loaded)
                diagnostics.print(compilation.diagnostics, sources: loaded.sources)
                if compilation.hasErrors { failed += 1 }
            }
        }
        Console.error(Self.summary(checked: checked, failed: failed, unreadable: unreadable) + "\n")
        if unreadable > 0 { throw ExitCode(2) }
        if failed > 0 { throw ExitCode(1) }
    }

    /// `checked 3 scenes: no errors`, `checked 3 scenes: 1 with errors, 1 could not be read`.
    static func summary(checked: Int, failed: Int, unreadable: Int) -> String {
        var parts: [String] = []
        if failed > 0 { parts.append("\(failed) with errors") }
        if unreadable > 0 { parts.append("\(unreadable) could not be read") }
        let count = "\(checked) scene\(checked == 1 ? "" : "s")"
        return "checked \(count): " + (parts.isEmpty ? "no errors" : parts.joined(separator: ", "))
    }
}
