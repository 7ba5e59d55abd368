import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import CodeExport
import SceneProject
import SceneCompiler
import SceneSource

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Generate drawing code (Swift, TypeScript, JavaScript, Kotlin) from scenes, to draw them live in an app.",
        discussion: """
            Every scene given (folders are searched for .scene files as by build) goes into one file per \
            language, with the components it uses, self-contained and deterministic (docs/export.md). \
            --swift writes Swift for Core Graphics (a draw function per scene, with UIKit and SwiftUI views); \
            --ts writes an ES module in TypeScript that draws on a Canvas 2D context (draw<Name>(ctx, \
            parameters, frame, resizing) per scene, <Name>Parameters, defaults, sizes, and `scenes`); \
            --js the same module in plain JavaScript; --kotlin writes Kotlin for android.graphics.Canvas (an object \
            per scene with Parameters, WIDTH, HEIGHT and draw(canvas, frame, resizing, parameters), for Views and for \
            Compose through drawIntoCanvas). With --check nothing is written: the exit status is 1 \
            when a file is missing or differs from what export would write (for CI, like build --check). \
            Exit status: 0 on success, 1 when a scene has errors or a checked file is stale, 2 when a path \
            cannot be read.
            """)

    @Argument(help: ArgumentHelp("Scene files, or folders to search for them recursively (default: Scenes).", valueName: "path"))
    var paths: [String] = []

    // Swift (Sources/SwiftExport).
    @Option(help: ArgumentHelp("Write Swift (Core Graphics, with UIKit and SwiftUI views) to this file.", valueName: "file"))
    var swift: String?

    // TypeScript and JavaScript (Sources/TypeScriptExport).
    @Option(name: .customLong("ts"), help: ArgumentHelp("Write the scenes as a TypeScript module for Canvas 2D.", valueName: "file"))
    var typeScript: String?

    @Option(name: .customLong("js"), help: ArgumentHelp("Write the same module as plain JavaScript (no build step).", valueName: "file"))
    var javaScript: String?

    // Kotlin for Android (Sources/KotlinExport).
    @Option(help: ArgumentHelp("Write Kotlin for android.graphics.Canvas (Views and Compose) to this file.", valueName: "file"))
    var kotlin: String?

    @Flag(help: "Write nothing; exit 1 when a file named is missing or stale.")
    var check = false

    // The SwiftPM plugin's way to keep the build machine's paths out of the generated code (docs/export.md).
    @Option(
        name: .customLong("directory"),
        help: ArgumentHelp(
            "Run in this folder, as `git -C`: every path given is relative to it, and so are the paths the generated code names.",
            valueName: "dir"))
    var directory: String?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if swift == nil && typeScript == nil && javaScript == nil && kotlin == nil {
            throw ValidationError("nothing to write: give --swift FILE, --ts FILE, --js FILE or --kotlin FILE (any of them together)")
        }
    }

    func run() throws {
        if let directory, !FileManager.default.changeCurrentDirectoryPath(directory) {
            Console.error("scenec: error: cannot enter the folder '\(directory)' (--directory)\nhelp: give an existing folder\n")
            throw ExitCode(2)
        }
        let scenes = try loadScenes()
        var targets: [CodeExport.Target] = []
        if let swift { targets.append(CodeExport.Target(path: swift, language: .swift)) }
        if let typeScript { targets.append(CodeExport.Target(path: typeScript, language: .typeScript)) }
        if let javaScript { targets.append(CodeExport.Target(path: javaScript, language: .javaScript)) }
        if let kotlin { targets.append(CodeExport.Target(path: kotlin, language: .kotlin)) }
        var stale = false
        for target in targets {
            do {
                let code = try CodeExport.code(scenes, in: target.language)
                if check {
                    let state = CodeExport.state(of: target.path, expecting: code)
                    if state != .current {
                        Console.error(
                            "scenec: error: \(target.path) is \(state == .missing ? "missing" : "stale")\n"
                                + "help: run the same command without --check to write it\n")
                        stale = true
                    }
                } else if target.path == "-" {
                    try Console.output(code)
                } else {
                    try CodeExport.write(code, to: target.path, protecting: scenes)
                }
            } catch let problem as CodeExport.Problem {
                Console.error(problem.description + "\n" + (problem.help.map { "help: \($0)\n" } ?? ""))
                throw CommandFailure()
            }
        }
        if stale { throw ExitCode(1) }
    }

    /// The scenes of the paths, loaded; their problems printed, and any error fails the export.
    private func loadScenes() throws -> [LoadedScene] {
        var door = FrontDoor(common)
        var scenes: [LoadedScene] = []
        var failed = false
        for path in paths.isEmpty ? ["Scenes"] : paths {
            let found: SceneDiscovery.Found
            do throws(UsageError) {
                found = try SceneDiscovery.named(path, projectRoot: common.projectRoot)
            } catch {
                Console.error(DiagnosticRenderer.visible("scenec: error: \(error.message)") + "\n")
                throw ExitCode(2)
            }
            for scene in found.scenes {
                door.compiler.projectRoot = common.projectRoot ?? scene.projectRoot
                let loaded = try door.read(scene.path)
                // Errors the static checker finds in any branch would fail every drawing: refuse them here.
                let problems = loaded.diagnostics + loaded.staticDiagnostics
                common.diagnostics.print(problems, sources: loaded.sources)
                if problems.contains(where: { $0.severity == .error }) { failed = true }
                scenes.append(loaded)
            }
        }
        if failed { throw CommandFailure() }
        return scenes
    }
}
