/// Reads docs/diagnostics.md into entries. The format (its header says why):
///
/// - an entry starts at a heading `## E0203: undefined name` and runs to the next `## ` heading;
/// - a fenced block whose info string is `LANG ROLE [PATH] [escaped]` is a file of an example:
///   ROLE is `example` or `fixed`, PATH defaults to `example.scene`, and `escaped` means `\xHH` in
///   the block stands for the byte HH (for files that are not text);
/// - `deleted` after a fixed block's path removes that file of the example from the fixed folder;
/// - in a file's text, `{{repeat N 'TEXT'}}` stands for TEXT written N times (N up to 10 000 000,
///   TEXT without a quote): the examples of size limits, whose files are megabytes long;
/// - a block ` ```console ROLE ` holds one line `$ scenec ARGUMENTS` (split at spaces);
/// - other blocks are prose.
enum IndexParser {
    struct Problem: Error, Sendable, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "docs/diagnostics.md:\(line): \(message)" }
    }

    static func entries(in markdown: String) throws(Problem) -> [DiagnosticEntry] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var entries: [DiagnosticEntry] = []
        var start: Int?
        for (index, line) in lines.enumerated() where line.hasPrefix("## ") {
            if let start { entries.append(try entry(lines[start..<index], firstLine: start + 1)) }
            start = isCodeHeading(line) ? index : nil
        }
        if let start { entries.append(try entry(lines[start...], firstLine: start + 1)) }
        return entries
    }

    /// `## E0203: …` or `## W0501: …`.
    static func isCodeHeading(_ line: String) -> Bool {
        let scalars = Array(line.unicodeScalars.dropFirst(3).prefix(6))
        return scalars.count == 6 && (scalars[0] == "E" || scalars[0] == "W")
            && scalars[1...4].allSatisfy { ("0"..."9").contains($0) } && scalars[5] == ":"
    }

    private static func entry(_ lines: ArraySlice<String>, firstLine: Int) throws(Problem) -> DiagnosticEntry {
        let heading = lines.first!.dropFirst(3)
        let code = String(heading.prefix(5))
        let title = String(heading.dropFirst(6)).trimmingSpaces()
        var files: [String: [ExampleFile]] = ["example": [], "fixed": []]
        var commands: [String: [String]] = [:]
        var noExample: String?
        var deleted: Set<String> = []
        var index = lines.startIndex + 1
        while index < lines.endIndex {
            let line = lines[index]
            if line.hasPrefix("No example:") { noExample = String(line.dropFirst("No example:".count)).trimmingSpaces() }
            guard line.hasPrefix("```") else { index += 1; continue }
            let info = line.drop(while: { $0 == "`" }).split(separator: " ").map(String.init)
            var end = index + 1
            while end < lines.endIndex, lines[end] != "```" { end += 1 }
            guard end < lines.endIndex else {
                throw Problem(line: firstLine + index - lines.startIndex, message: "\(code): a code block that is not closed")
            }
            let body = lines[(index + 1)..<end]
            let at = firstLine + index - lines.startIndex
            index = end + 1
            guard info.count >= 2, let role = ["example", "fixed"].first(where: { $0 == info[1] }) else { continue }
            if info[0] == "console" {
                commands[role] = try command(body, line: at, code: code)
                continue
            }
            let flags = info.dropFirst(2).filter { $0 == "escaped" || $0 == "deleted" }
            let path = info.dropFirst(2).first { !flags.contains($0) } ?? ExampleFile.defaultPath
            if flags.contains("deleted") {
                deleted.insert(path)
                continue
            }
            let escaped = flags.contains("escaped")
            let text = try repeated(body.map { $0 + "\n" }.joined(), line: at, code: code)
            let bytes = escaped ? try unescaped(text, line: at, code: code) : Array(text.utf8)
            if files[role]!.contains(where: { $0.path == path }) {
                throw Problem(line: at, message: "\(code): two \(role) files named '\(path)'")
            }
            files[role]!.append(ExampleFile(path: path, bytes: bytes))
        }
        let exampleArguments = commands["example"] ?? ExampleRun.defaultArguments
        let example = ExampleRun(files: files["example"]!, arguments: exampleArguments)
        var fixedFiles = files["example"]!.filter { file in
            !deleted.contains(file.path) && !files["fixed"]!.contains { $0.path == file.path }
        }
        fixedFiles += files["fixed"]!
        let hasFixed = !files["fixed"]!.isEmpty || !deleted.isEmpty || commands["fixed"] != nil
        let fixed = ExampleRun(files: hasFixed ? fixedFiles : [], arguments: commands["fixed"] ?? exampleArguments)
        let text = lines.joined(separator: "\n").trimmingTrailingNewlines() + "\n"
        return DiagnosticEntry(code: code, title: title, text: text, example: example, fixed: fixed, noExampleReason: noExample)
    }

    /// `$ scenec check example.scene --max-steps 100` → `["check", "example.scene", "--max-steps", "100"]`.
    private static func command(_ body: ArraySlice<String>, line: Int, code: String) throws(Problem) -> [String] {
        let words = body.filter { !$0.isEmpty }
        guard words.count == 1, words[0].hasPrefix("$ scenec ") else {
            throw Problem(line: line, message: "\(code): a console block holds one line '$ scenec ARGUMENTS'")
        }
        return words[0].dropFirst("$ scenec ".count).split(separator: " ").map(String.init)
    }

    /// The text with each `{{repeat N 'TEXT'}}` replaced by N copies of TEXT.
    static func repeated(_ text: String, line: Int, code: String) throws(Problem) -> String {
        let opening = "{{repeat "
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstRange(of: opening) {
            result += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let close = after.firstRange(of: "'}}") else {
                throw Problem(line: line, message: "\(code): '{{repeat' without its closing \"'}}\"")
            }
            let parts = after[..<close.lowerBound].split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let count = Int(parts[0]), (0...10_000_000).contains(count), parts[1].hasPrefix("'"),
                !parts[1].dropFirst().contains("'")
            else {
                throw Problem(line: line, message: "\(code): write {{repeat N 'TEXT'}}, N a count up to 10000000, TEXT without a quote")
            }
            result += String(repeating: String(parts[1].dropFirst()), count: count)
            rest = after[close.upperBound...]
        }
        return result + rest
    }

    /// The text's bytes with each `\xHH` replaced by the byte HH.
    private static func unescaped(_ text: String, line: Int, code: String) throws(Problem) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "\\"), i + 3 < utf8.count, utf8[i + 1] == UInt8(ascii: "x"),
                let high = hexValue(utf8[i + 2]), let low = hexValue(utf8[i + 3])
            {
                bytes.append(high << 4 | low)
                i += 4
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
