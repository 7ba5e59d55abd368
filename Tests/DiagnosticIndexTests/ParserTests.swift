@testable import DiagnosticIndex
import Testing

/// The entry format the header of docs/diagnostics.md describes.
struct ParserTests {
    static let sample = """
        # Index

        ## E0001: first

        Prose.

        ```console example
        $ scenec check . --max-steps 5
        ```

        ```xml example
        <scene/>
        ```

        ```text example data/bytes.bin escaped
        a\\x00b\\xFF\\n
        ```

        ```json example scenes.json
        {}
        ```

        ```xml fixed
        <scene width="1"/>
        ```

        ```text fixed data/bytes.bin deleted
        ```

        ## W0002: second

        No example: it cannot be made.

        ## Not an entry

        ```xml example
        <ignored/>
        ```
        """

    @Test func blocksBecomeFilesAndTheCommand() throws {
        let entries = try IndexParser.entries(in: Self.sample)
        #expect(entries.map(\.code) == ["E0001", "W0002"])
        let first = entries[0]
        #expect(first.title == "first")
        #expect(first.example.arguments == ["check", ".", "--max-steps", "5"])
        #expect(first.example.files.map(\.path) == ["example.scene", "data/bytes.bin", "scenes.json"])
        #expect(first.example.files[0].bytes == Array("<scene/>\n".utf8))
        // `\xHH` is a byte; a backslash before anything else stays itself.
        #expect(first.example.files[1].bytes == [0x61, 0x00, 0x62, 0xFF] + Array("\\n\n".utf8))
        // The fixed folder: the example's files, the fixed ones replacing them, the deleted ones gone.
        #expect(first.fixed.files.map(\.path) == ["scenes.json", "example.scene"])
        #expect(first.fixed.files[1].bytes == Array("<scene width=\"1\"/>\n".utf8))
        #expect(first.fixed.arguments == first.example.arguments)
        #expect(first.noExampleReason == nil)
        #expect(entries[1].noExampleReason == "it cannot be made.")
        #expect(entries[1].example.files.isEmpty && entries[1].example.arguments == ["check", "example.scene"])
        // The entry's text ends where the next heading starts.
        #expect(first.text.hasPrefix("## E0001: first\n") && first.text.hasSuffix("```\n"))
        #expect(!entries[1].text.contains("ignored"))
    }

    @Test func anEmptyBlockIsAnEmptyFile() throws {
        let entries = try IndexParser.entries(in: "## E0101: empty file\n\n```xml example\n```\n")
        #expect(entries[0].example.files == [ExampleFile(path: "example.scene", bytes: [])])
    }

    @Test func mistakesInTheFormatAreErrorsWithTheirLine() {
        #expect(throws: IndexParser.Problem.self) {
            try IndexParser.entries(in: "## E0001: a\n\n```xml example\n<scene/>\n")
        }
        #expect(throws: IndexParser.Problem.self) {
            try IndexParser.entries(in: "## E0001: a\n\n```console example\nscenec check\n```\n")
        }
        #expect(throws: IndexParser.Problem.self) {
            try IndexParser.entries(in: "## E0001: a\n\n```xml example\n```\n\n```xml example\n```\n")
        }
    }
}

/// `{{repeat N 'TEXT'}}`: the size-limit examples, whose files are megabytes long.
struct RepeatTemplateTests {
    @Test func aRepeatStandsForItsTextWrittenNTimes() throws {
        #expect(try IndexParser.repeated("[{{repeat 3 '0, '}}0]", line: 1, code: "E0608") == "[0, 0, 0, 0]")
        #expect(try IndexParser.repeated("a{{repeat 2 'x'}}b{{repeat 0 'y'}}c", line: 1, code: "E0608") == "axxbc")
        #expect(try IndexParser.repeated("no template", line: 1, code: "E0608") == "no template")
    }

    @Test func aMalformedRepeatIsAnErrorOfTheIndex() {
        for bad in ["{{repeat 3 '0'", "{{repeat x '0'}}", "{{repeat 99999999 '0'}}", "{{repeat 3 0'}}", "{{repeat 3 'it's'}}"] {
            #expect(throws: IndexParser.Problem.self, "\(bad)") { try IndexParser.repeated(bad, line: 7, code: "E0608") }
        }
    }
}
