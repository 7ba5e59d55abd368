import ArgumentParser
import SceneIO
import SceneSyntax

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print an XML Schema (XSD 1.0) of the scene language, for editors.",
        discussion: """
            The schema is made from the table the checker uses: every element and where it may appear, its \
            attributes with their documentation (Grammar.md section 9), keyword attributes as enumerations. \
            Point an XML editor at it (docs/editors.md) for completion, hover documentation and errors as \
            you type; schema/scene.xsd in the repository is a copy. Expressions are only checked by \
            'scenec check'.
            """)

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Where to write the schema; - for standard output.",
            valueName: "file"))
    var output: String = "-"

    func run() throws {
        let xsd = XMLSchemaWriter.xsd()
        if output == "-" { return try Console.output(xsd) }
        do {
            _ = try OutputWriter.write(Array(xsd.utf8), to: output)
        } catch {
            Console.error("scenec: error: \(error.description)\n")
            throw CommandFailure()
        }
    }
}
