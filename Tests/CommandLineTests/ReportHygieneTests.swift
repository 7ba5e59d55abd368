import Foundation
import Testing

/// Reports made from names and files a pull request controls (issue 21): a backtick in a variant
/// name stays inside its code span in the Markdown summary, and `report merge` writes well-formed
/// JUnit whatever a shard's file holds.
struct ReportHygieneTests {
    typealias CLI = CommandLineTests

    @Test func aBacktickInAVariantNameStaysInItsCodeSpan() throws {
        let lib = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: lib.appendingPathComponent("Scenes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: DiffCommandTests.scenes.appendingPathComponent("push-button.scene"),
            to: lib.appendingPathComponent("Scenes/push-button.scene"))
        try #"{"variants": [{"name": "x`**bold** [link](evil.example)`y", "scene": "push-button"}]}"#
            .write(to: lib.appendingPathComponent("Scenes/scenes.json"), atomically: true, encoding: .utf8)
        // On CI a missing reference fails: the variant gets its row.
        let run = try CLI.run(["test", "Scenes", "--summary", "summary.md"], environment: ["CI": "true"], in: lib)
        #expect(run.status == 1, "\(run.stderr)")
        let summary = try String(contentsOf: lib.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("| ``x`**bold** [link](evil.example)`y`` | `Scenes/push-button.scene` |"), "\(summary)")
    }

    static func shard(_ body: String, tests: Int = 1) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
            + "  <testsuite name=\"scenec test 1/2\" tests=\"\(tests)\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"0.500\">\n"
            + body + "  </testsuite>\n</testsuites>\n"
    }

    /// Whether python's XML parser takes the file (a parser other than the one that wrote it).
    static func wellFormed(_ file: URL) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])", file.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func mergedJUnitIsWellFormedWhateverAShardHolds() throws {
        let folder = try CLI.temporaryFolder()
        let good = Self.shard(
            "    <testcase classname=\"Scenes/a.scene\" name=\"a\" time=\"0.250\">\n"
                + "      <failure message=\"1 &lt;pixel&gt; &amp; &quot;more&quot;\">a &lt;/failure&gt; b</failure>\n"
                + "    </testcase>\n")
        try good.write(to: folder.appendingPathComponent("good.xml"), atomically: true, encoding: .utf8)
        // Text that ends the report early and opens an element of its own.
        let hostile = Self.shard("    <testcase classname=\"b\" name=\"b\" time=\"0.1\"/>\n    </testsuites><evil>\n")
        try hostile.write(to: folder.appendingPathComponent("hostile.xml"), atomically: true, encoding: .utf8)

        let refused = try CLI.run(
            ["report", "merge", "--junit-in", "good.xml", "--junit-in", "hostile.xml", "--junit", "all.xml"],
            in: folder)
        let merged = folder.appendingPathComponent("all.xml")
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("'hostile.xml' is not a JUnit report written by scenec test"), "\(refused.stderr)")
        let leftOver = FileManager.default.fileExists(atPath: merged.path)
        #expect(try !leftOver || Self.wellFormed(merged))

        let run = try CLI.run(["report", "merge", "--junit-in", "good.xml", "--junit-in", "good.xml", "--junit", "all.xml"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.wellFormed(merged))
        let text = try String(contentsOf: merged, encoding: .utf8)
        #expect(
            text.components(separatedBy: "<failure message=\"1 &lt;pixel&gt; &amp; &quot;more&quot;\">a &lt;/failure&gt; b</failure>")
                .count == 3, "\(text)")
        #expect(
            text.contains("<testsuite name=\"scenec test\" tests=\"2\" failures=\"2\" errors=\"0\" skipped=\"0\" time=\"1\">"),
            "\(text)")
    }
}
