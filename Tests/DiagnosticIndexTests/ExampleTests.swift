import DiagnosticIndex
import Foundation
import Testing

/// Runs every example of docs/diagnostics.md as its entry says, with the built `scenec`: the example
/// must report exactly its own code (no other error or warning), and the fixed version must compile
/// with no diagnostic at all. A failure names the code and shows what scenec printed.
struct ExampleTests {
    struct Run {
        let status: Int32
        let output: String
        /// The codes of the diagnostics printed: `error[E0203]` and `warning[W0501]` headers.
        var codes: Set<String> {
            let pattern = try! NSRegularExpression(pattern: #"(?:error|warning)\[([EW][0-9]{4})\]"#)
            let range = NSRange(output.startIndex..., in: output)
            return Set(pattern.matches(in: output, range: range).map { String(output[Range($0.range(at: 1), in: output)!]) })
        }
    }

    /// The `scenec` built beside this test binary, else `.build/debug/scenec`.
    static let binary: String = {
        if let beside = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("scenec").path,
            FileManager.default.isExecutableFile(atPath: beside)
        {
            return beside
        }
        return IndexTests.packageFolder.appendingPathComponent(".build/debug/scenec").path
    }()

    static let entries: [DiagnosticEntry] = ((try? IndexTests.documented())?.entries ?? []).filter { $0.noExampleReason == nil }

    /// Writes the files into a new folder and runs `scenec` there, without `CI` in its environment.
    static func run(_ example: ExampleRun) throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-explain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in example.files {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = example.arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    @Test func thereAreExamplesToRun() {
        #expect(Self.entries.count > 100)
    }

    @Test(arguments: entries.map(\.code))
    func theExampleReportsExactlyItsCode(code: String) throws {
        let entry = try #require(Self.entries.first { $0.code == code })
        let run = try Self.run(entry.example)
        #expect(run.codes == [code], "\(code): the example of docs/diagnostics.md reports \(run.codes.sorted()), not just \(code):\n\(run.output)")
        // An error fails the command; a warning alone does not.
        #expect((run.status == 0) == code.hasPrefix("W"), "\(code): exit status \(run.status):\n\(run.output)")
    }

    @Test(arguments: entries.map(\.code))
    func theFixedVersionCompiles(code: String) throws {
        let entry = try #require(Self.entries.first { $0.code == code })
        let run = try Self.run(entry.fixed)
        #expect(
            run.codes.isEmpty && run.status == 0,
            "\(code): the fixed version of docs/diagnostics.md reports \(run.codes.sorted()), exit status \(run.status):\n\(run.output)")
    }
}
