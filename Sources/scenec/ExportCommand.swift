import ArgumentParser
import SceneIO
import SwiftExport

/// `scenec export`: drawing code generated from scenes, for apps that draw them live with their own
/// values (docs/export.md). One option per target language; the Swift options are swiftgen's, the
/// TypeScript and JavaScript ones tsgen's (kept in groups so that both can be added here).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Generate drawing code (Swift for Core Graphics) from scenes.",
        discussion: """
            PATH is a scene file or a folder: with a manifest (scenes.json) the scenes its variants name, \
            otherwise every .scene file in it. The file is written whole or not at all, and the same scenes \
            always give the same bytes. With --check nothing is written: the exit status is 1 when a file \
            differs from what export would write (a stale committed file), as build --check. \
            Exit status: 0 on success, 1 when a scene has errors or cannot be exported, 2 when the command \
            line is wrong.
            """)

    @Argument(help: ArgumentHelp("Scene files or folders of scenes (default: Scenes).", valueName: "path"))
    var paths: [String] = []

    @OptionGroup(title: "Swift") var swift: SwiftExportOptions

    @Flag(help: "Write nothing; exit with status 1 when an output file is missing or differs from what export would write.")
    var check = false

    @OptionGroup var project: ProjectOptions
    @OptionGroup var diagnostics: DiagnosticOptions
    @OptionGroup(title: "Limits") var limits: LimitOptions

    func validate() throws {
        if swift.swift == nil { throw ValidationError("nothing to export: give --swift FILE") }
    }

    func run() throws {
        let door = FrontDoor(limits: limits, project: project, diagnostics: diagnostics)
        let files: [String]
        do {
            files = try ExportSelection.scenes(in: paths.isEmpty ? ["Scenes"] : paths)
        } catch {
            throw CommandError("\(error)", help: nil)
        }
        let inputs = try files.map { SwiftExporter.Input(loaded: try door.load($0), path: $0) }
        if let target = swift.swift {
            let text: String
            do {
                text = try SwiftExporter.export(inputs)
            } catch {
                Console.error("\(error)\nhelp: export the other scenes alone, or see docs/export.md for what Swift export supports\n")
                throw CommandFailure()
            }
            try deliver(text, to: target)
        }
    }

    /// Writes `text` atomically, or with --check compares it with what is there.
    func deliver(_ text: String, to path: String) throws {
        if check {
            let existing = try? InputFile.read(path, maxBytes: 1 << 30).bytes
            guard existing == Array(text.utf8) else {
                Console.error("scenec: \(path) is stale: it differs from what export would write\nhelp: run scenec export without --check and commit it\n")
                throw CommandFailure()
            }
            return
        }
        do {
            try AtomicFile.write(text: text, to: path)
        } catch {
            Console.error("scenec: error: \(error.description)\n")
            throw CommandFailure()
        }
    }
}

/// `--swift FILE`.
struct SwiftExportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write Swift (Core Graphics, with UIKit and SwiftUI views) to this file.", valueName: "file"))
    var swift: String?
}
