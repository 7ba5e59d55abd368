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

/// The options several commands share are one option group each (`CacheOptions`,
/// `WarningOptions`), so their help is the same text wherever they appear; where the commands
/// differ (each cache's default folder), the one text says so.
struct SharedOptionHelpTests {
    typealias CLI = CommandLineTests

    /// An option's entry in `--help`: its line and the indented lines under it, joined.
    static func entry(_ option: String, in help: String) -> String? {
        var entries: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  -") || entries.isEmpty {
                entries.append(String(line))
            } else if line.hasPrefix("   ") {
                entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                entries.append(String(line))
            }
        }
        return entries.first { $0.hasPrefix("  \(option) ") || $0.hasPrefix("  \(option)\n") || $0 == "  \(option)" }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    }

    @Test(
        "one help text per shared option",
        arguments: [
            ("--cache <dir>", ["build", "test", "diff"]), ("--no-cache", ["build", "test", "diff"]),
            ("--deny-warnings", ["check", "render", "build"]),
        ])
    func oneHelpText(_ option: String, _ commands: [String]) throws {
        var texts: [String: String] = [:]
        for command in commands {
            let r = try CLI.run([command, "--help"])
            #expect(r.status == 0)
            texts[command] = try #require(Self.entry(option, in: r.stdout), "\(command) has no \(option)")
        }
        #expect(Set(texts.values).count == 1, "\(texts)")
    }

    @Test func theCacheHelpNamesEachCommandsDefaultFolder() throws {
        let r = try CLI.run(["test", "--help"])
        let text = try #require(Self.entry("--cache <dir>", in: r.stdout))
        for folder in ["DIR/.scenec-cache", ".scenec/cache", "scenec-cache in the repository's .git folder"] {
            #expect(text.contains(folder), "\(text)")
        }
    }
}
