import ArgumentParser
import DiagnosticIndex

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a diagnostic code, such as E0203: what it means, an example and its fix.",
        discussion: """
            Prints the code's entry of the error index (docs/diagnostics.md, built into scenec): what the \
            code means, a minimal scene that produces it and the scene fixed. Without a code, lists every \
            code with its title. Every rich diagnostic ends with the command that explains it.
            """)

    @Argument(help: ArgumentHelp("The code, such as E0203 or e0203; leave it out to list every code.", valueName: "code"))
    var code: String?

    func run() throws {
        let index = DiagnosticIndex.builtIn
        guard let code else {
            return try Console.output(index.entries.map { "\($0.code)  \($0.title)\n" }.joined())
        }
        if let entry = index.entry(for: code) { return try Console.output(entry.text) }
        throw Self.unknown(code, in: index)
    }

    /// `scenec: error: no diagnostic code 'E0230'` with the codes one edit away, or those whose
    /// title holds the words written.
    static func unknown(_ code: String, in index: DiagnosticIndex) -> CommandError {
        let close = index.codes(closeTo: code)
        let titled = close.isEmpty ? index.codes(titled: code).prefix(5).map { $0 } : []
        let list = "run 'scenec explain' for the list of codes"
        if !close.isEmpty {
            return CommandError("no diagnostic code '\(code)'", help: "did you mean \(close.joined(separator: ", "))? \(list)")
        }
        if !titled.isEmpty {
            return CommandError(
                "'\(code)' is not a diagnostic code such as E0203",
                help: "codes about '\(code)': \(titled.joined(separator: ", ")); \(list)")
        }
        return CommandError("no diagnostic code '\(code)'; codes are E or W and four digits, such as E0203", help: list)
    }
}
