import ArgumentParser
import SceneCompiler

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a scene's display list as canonical text, one operation per line.",
        discussion: "The format golden tests and review diffs use. Numbers have at most 4 decimals.")

    @OptionGroup var options: SceneOptions

    @Flag(help: "Append the source position (@line:col) of the element behind each operation.")
    var locations = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String = "-"

    func run() throws {
        let (loaded, list) = try options.compile()
        try SceneFiles.write(SceneCompiler.dump(list, locations: locations ? loaded.sources : nil), to: output)
    }
}
