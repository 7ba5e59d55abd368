import Foundation
import Testing

/// `--help` of every command as a user reads it.
struct HelpTextTests {
    typealias CLI = CommandLineTests

    /// ArgumentParser adds "(default: X)" to an option with a default value: a help text that says
    /// its default itself says it twice ("(default 0.0001). (default: 0.0001)", issue 27).
    @Test(
        "no option states its default twice",
        arguments: [
            "render", "build", "diff", "test", "report", "cache", "preview",
            "params", "dump", "check", "schema", "import",
        ])
    func noDefaultTwice(_ command: String) throws {
        let r = try CLI.run([command, "--help"])
        #expect(r.status == 0)
        // An option's help is its line and the indented lines that follow it.
        var entries: [String] = []
        for line in r.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            let starts = line.hasPrefix("  -") || line.hasPrefix("  <") || !line.hasPrefix(" ")
            if starts || entries.isEmpty { entries.append(String(line)) } else { entries[entries.count - 1] += " " + line }
        }
        for entry in entries where entry.contains("(default: ") {
            let words = entry.split { !$0.isLetter }.filter { $0.lowercased() == "default" }.count
            #expect(words == 1, "\(command): \(entry)")
            // The value as a user writes it, not a Swift value's description (`ByteSize(bytes: …)`).
            let value = entry.components(separatedBy: "(default: ").last!.prefix { $0 != ")" }
            #expect(!value.contains("("), "\(command): \(entry)")
        }
    }

    /// Every command that compiles scenes offers the same common options (`CommonOptions`): the
    /// project, the diagnostics style, and every limit under its own heading.
    @Test("the common options everywhere", arguments: ["render", "build", "diff", "test", "preview", "params", "dump", "check"])
    func commonOptions(_ command: String) throws {
        let r = try CLI.run([command, "--help"])
        #expect(r.status == 0)
        let sections = r.stdout.components(separatedBy: "\nLIMITS:\n")
        #expect(sections.count == 2, "\(command): no LIMITS section")
        let limits = sections.last?.components(separatedBy: "\n\n").first ?? ""
        for option in [
            "--max-file-size", "--max-iterations", "--max-operations", "--max-steps", "--max-output-size",
            "--max-text-length", "--max-text", "--max-dash-segments",
        ] {
            #expect(limits.contains("  \(option) "), "\(command): \(option) is not under LIMITS")
        }
        #expect(r.stdout.contains("  --project <dir>") && r.stdout.contains("  --diagnostics <diagnostics>"), "\(command)")
    }
}
