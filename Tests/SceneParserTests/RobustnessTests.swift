import SceneParser
import SceneSource
import SceneSyntax
import Testing

@Suite("Large files, threads, broken input")
struct RobustnessTests {
    /// About 1.3 MB, 24 000 elements, multi-line tags, tabs, UTF-8, entities and comments containing
    /// `<`: far past libxml2's 64 KiB input chunks.
    static func largeScene(count: Int = 8_000) -> String {
        var text = "<?xml version=\"1.0\"?>\n<scene width=\"100\" height=\"100\">\n"
        for i in 0..<count {
            switch i % 3 {
            case 0:
                text +=
                    "  <group id=\"g\(i)\"\n         transform=\"rotate(\(i))\" note=\"π&lt;\(i)&#x3C0;\">\n"
                    + "    <circle r=\"\(i)\"/>\n  </group>\n"
            case 1:
                text += "\t<rect x=\"\(i)\" y='\(i)'\twidth=\"\(String(repeating: "é", count: i % 7))\"   />\n"
            default:
                text += "  <!-- comment <\(i)> --><line a=\"1\" b=\"2\"></line>\n"
            }
        }
        return text + "</scene>\n"
    }

    @Test func everyPositionInALargeFileIsExact() throws {
        let parsed = Parsed(Self.largeScene())
        #expect(parsed.file.bytes.count > 500_000)
        #expect(parsed.diagnostics.isEmpty)
        let root = try #require(parsed.root)
        var elements = 0
        var wrong: [String] = []
        func visit(_ element: Element) {
            elements += 1
            if parsed.text(element.nameSpan) != element.name { wrong.append("name of \(element.name)") }
            let tag = parsed.text(element.startTagSpan)
            if !tag.hasPrefix("<\(element.name)") || !tag.hasSuffix(">") { wrong.append("tag \(tag)") }
            for attribute in element.attributes {
                if parsed.text(attribute.nameSpan) != attribute.name { wrong.append("attribute \(attribute.name)") }
                let whole = attribute.span(ofValueBytes: 0..<attribute.value.utf8.count)
                if whole != attribute.valueSpan { wrong.append("value span of \(attribute.name)") }
            }
            element.children.forEach(visit)
        }
        visit(root)
        #expect(elements == 1 + 8_000 + 8_000 / 3 + 1)
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        let last = try #require(root.children.last)
        #expect(parsed.at(last.nameSpan) == "\(parsed.file.lineCount - 2):\(last.name == "line" ? 28 : 3)")
        let note = try #require(root.children.first?.attribute("note"))
        #expect(note.value == "π<0π")
        #expect(parsed.text(note.span(ofValueBytes: 2..<3)) == "&lt;")
    }

    /// Speed is for benchmarks, not tests (timed tests flake on shared machines); this checks that
    /// a scene of half a megabyte parses completely and cleanly.
    @Test func halfAMegabyteParses() throws {
        let file = SourceFile(path: "big.scene", text: Self.largeScene())
        #expect(file.bytes.count > 500_000)
        let (root, diagnostics) = SceneParser.parse(file, id: FileID(0))
        #expect(root != nil && diagnostics.isEmpty)
    }

    @Test func concurrentParsesMatchSerialOnes() async {
        let files = (0..<16).map { i in
            SourceFile(
                path: "f\(i).scene",
                text: i % 4 == 3
                    ? "<scene>\n  <a>text \(i)</a>\n  <b></c>\n</scene>"
                    : Self.largeScene(count: 300 + i * 37))
        }
        let serial = files.enumerated().map { SceneParser.parse($0.element, id: FileID($0.offset)) }
        let concurrent = await withTaskGroup(of: (Int, Element?, [Diagnostic]).self) { group in
            for _ in 0..<4 {
                for (index, file) in files.enumerated() {
                    group.addTask {
                        let (root, diagnostics) = SceneParser.parse(file, id: FileID(index))
                        return (index, root, diagnostics)
                    }
                }
            }
            var results: [(Int, Element?, [Diagnostic])] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(concurrent.count == 64)
        for (index, root, diagnostics) in concurrent {
            #expect(root == serial[index].root)
            #expect(diagnostics == serial[index].diagnostics)
        }
        #expect(serial[3].root == nil && serial[3].diagnostics.count == 2)
    }

    /// Deterministic mutations of a valid scene: whatever the damage, parsing returns, every span is
    /// inside the file, and a nil root always comes with an error.
    @Test func brokenInputNeverCrashesAndIsAlwaysLocated() {
        let base = Array(
            """
            <?xml version="1.0"?>
            <scene width="200" height="100">
              <param name="θ" value="3*π/4 &amp; &#x3C0;"/>
              <group id="g"
                     transform="rotate(θ)"><!-- c -->
                <circle r='10' fill="red"/>
              </group>
            </scene>

            """.utf8)
        let inserts: [[UInt8]] =
            [
                "<", ">", "&", "\"", "'", "/", "=", " ", "<!DOCTYPE x>", "&x;", "]]>", "<a:b>",
                "<![CDATA[t]]>", "π", "\u{1}", "x",
            ].map { Array($0.utf8) } + [[0xE9], [0]]
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var problems: [String] = []
        var rootsRead = 0
        for round in 0..<1_500 {
            var bytes = base
            for _ in 0..<(1 + next(3)) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(contentsOf: inserts[next(inserts.count)], at: at)
                default: bytes[at] = inserts[next(inserts.count)][0]
                }
            }
            let parsed = Parsed(bytes: bytes)
            if let root = parsed.root {
                rootsRead += 1
                // Our scan agreed with libxml2 on every element (no silent fallback).
                func check(_ element: Element) {
                    let written = parsed.text(element.nameSpan)
                    if written != element.name, !written.hasSuffix(":" + element.name) {
                        problems.append("round \(round): <\(element.name)> located at '\(written)'")
                    }
                    element.children.forEach(check)
                }
                check(root)
            }
            if parsed.root == nil, !parsed.diagnostics.contains(where: { $0.severity == .error }) {
                problems.append("round \(round): no root and no error")
            }
            let spans = parsed.diagnostics.flatMap { [$0.span] + $0.notes.compactMap(\.span) }
            for span in spans where span.start < 0 || span.end > bytes.count {
                problems.append("round \(round): span \(span.start)..<\(span.end) outside \(bytes.count) bytes")
            }
            for message in parsed.diagnostics.map(\.message) where message.hasSuffix("\n") || message.isEmpty {
                problems.append("round \(round): message '\(message)'")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(rootsRead > 100) // many mutations leave the document readable
    }
}
