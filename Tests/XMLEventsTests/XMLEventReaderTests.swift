import Testing
import XMLEvents

/// What the one libxml2 reader reports, as the scene parser and the SVG importer rely on it.
struct XMLEventReaderTests {
    /// Writes every event down as a line of text; can ask to stop after the n-th event.
    final class Recorder: XMLEventHandler {
        var events: [String] = []
        var problems: [XMLProblem] = []
        var stopAfter = Int.max
        var stopRequested: Bool { events.count >= stopAfter }

        func startElement(_ tag: XMLStartTag, at cursor: XMLCursor) {
            let attributes = tag.attributes.map { attribute in
                let name = String(decoding: attribute.localName, as: UTF8.self)
                let prefix = attribute.prefix.map { String(decoding: $0, as: UTF8.self) + ":" } ?? ""
                return " \(prefix)\(name)=\(String(decoding: attribute.value, as: UTF8.self))"
            }.joined()
            events.append("start \(tag.prefix.map { $0 + ":" } ?? "")\(tag.name)\(attributes) @\(cursor.bytesConsumed) line \(cursor.line)")
        }

        func endElement(at cursor: XMLCursor) { events.append("end @\(cursor.bytesConsumed)") }
        func characters(_ text: UnsafeBufferPointer<UInt8>) { events.append("text \(String(decoding: text, as: UTF8.self))") }
        func cdata(_ text: UnsafeBufferPointer<UInt8>) { events.append("cdata [\(String(decoding: text, as: UTF8.self))]") }
        func doctype(at cursor: XMLCursor) { events.append("doctype") }
        func problem(_ problem: XMLProblem) {
            problems.append(problem)
            events.append("problem \(problem.level) \(problem.domain)/\(problem.code)")
        }
    }

    static func read(_ text: String, ignoreEncoding: Bool = true, stopAfter: Int = .max) -> (Recorder, XMLReadOutcome) {
        let recorder = Recorder()
        recorder.stopAfter = stopAfter
        let bytes = Array(text.utf8)
        let outcome = bytes.withUnsafeBufferPointer {
            XMLEventReader.read($0, options: XMLReadOptions(ignoreEncodingDeclaration: ignoreEncoding), to: recorder)
        }
        return (recorder, outcome)
    }

    @Test func eventsComeInDocumentOrderWithTheirPositions() {
        let source = "<a x=\"1 &amp; 2\">\n<b:c xmlns:b=\"u\" b:y=\"&#65;\"/><![CDATA[]]>hi</a>"
        let (recorder, outcome) = Self.read(source)
        #expect(outcome == .read)
        let startA = Array(source.utf8).firstIndex(of: UInt8(ascii: ">"))!
        let endC = source.utf8.count - "<![CDATA[]]>hi</a>".utf8.count
        #expect(
            recorder.events == [
                // A start tag at its '>' (the namespace declaration is not an attribute), an end tag after its '>'.
                // Character references are replaced; predefined entities come as character references.
                "start a x=1 &#38; 2 @\(startA) line 1",
                "text \n",
                "start b:c b:y=A @\(endC - 2) line 2",
                "end @\(endC)",
                "cdata []",
                "text hi",
                "end @\(source.utf8.count)",
            ])
        #expect(recorder.problems.isEmpty)
    }

    @Test func theHandlerStopsTheParser() {
        let (recorder, _) = Self.read("<a><b/><c/><d/></a>", stopAfter: 2)
        // Stopped after <b>'s start: nothing after it, not even its end.
        #expect(recorder.events.count == 2)
        #expect(recorder.events.last?.hasPrefix("start b") == true)
    }

    @Test func errorsCarryLibxml2sDomainCodeAndPlace() throws {
        let (recorder, _) = Self.read("<a>\n  <b></c>\n</a>")
        let fatal = try #require(recorder.problems.first { $0.level == .fatal })
        #expect(fatal.domain == 1) // the parser
        #expect(fatal.code == 76) // XML_ERR_TAG_NAME_MISMATCH
        #expect(fatal.line == 2)
        #expect(fatal.column > 1)
        #expect(fatal.str1 == "b")
        #expect(fatal.message.contains("mismatch"))
    }

    /// libxml2 declares an internal subset's entities even in SAX mode (for expat compatibility) and
    /// expands them: a consumer keeps them out by stopping at the DOCTYPE, as the scene parser does.
    @Test func anEntityIsExpandedUnlessTheHandlerStopsAtTheDoctype() {
        let source = "<!DOCTYPE a [<!ENTITY e \"secret\">]><a>&e;</a>"
        let (reading, _) = Self.read(source)
        #expect(reading.events.first == "doctype")
        #expect(reading.events.contains("text secret"))
        let (stopping, _) = Self.read(source, stopAfter: 1)
        #expect(stopping.events == ["doctype"])
    }

    @Test func theEncodingDeclarationIsIgnoredOnlyWhenAsked() {
        let source = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a v=\"é\"/>"
        let (ignoring, _) = Self.read(source, ignoreEncoding: true)
        #expect(ignoring.events.contains { $0.hasPrefix("start a v=é ") })
        let (honoring, _) = Self.read(source, ignoreEncoding: false)
        #expect(honoring.events.contains { $0.hasPrefix("start a v=Ã© ") })
    }

    @Test func anEmptyBufferIsNotParsed() {
        let (recorder, outcome) = Self.read("")
        #expect(outcome == .unsuitableSize)
        #expect(recorder.events.isEmpty)
    }
}
