import ArgumentParser
import SceneCompiler

/// `scenec`: compiles scene files to SVG and PNG one at a time or a library at once, lists their
/// parameters, dumps their display lists and checks them.
struct Scenec: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenec",
        abstract: "Compile declarative XML scene files to SVG and PNG.",
        discussion: """
            Exit status: 0 on success, 1 when a scene has errors or an output cannot be made, 2 when the \
            command line is wrong. The scene language is documented in Grammar.md.
            """,
        version: SceneCompiler.version,
        subcommands: [
            RenderCommand.self, BuildCommand.self, DiffCommand.self, TestCommand.self, ReportCommand.self, CacheCommand.self,
            PreviewCommand.self, ParamsCommand.self, DumpCommand.self, CheckCommand.self, SchemaCommand.self, ImportCommand.self,
            ExplainCommand.self, ProgramCommand.self, ExportCommand.self,
        ]
    )

    static var commandNames: [String] { configuration.subcommands.compactMap { $0.configuration.commandName } }
}
