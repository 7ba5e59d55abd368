import SceneParser
import SceneSource
import SceneSyntax
import Testing

@Suite("Element tree and spans")
struct TreeTests {
    @Test func dumpGolden() throws {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <scene width="200" height="100">
            \t<param name="angle" value="3*π/4"/>
              <group id="g"
                     transform="rotate(angle)">
                <?editor ignored?>
                <circle r='10' fill="red"/>
                <rect test="a &lt; b" label="&quot;π&quot;"></rect>
              </group>
            </scene>

            """
        let parsed = Parsed(source)
        #expect(parsed.diagnostics.isEmpty)
        let root = try #require(parsed.root)
        #expect(
            root.dump(in: parsed.file) == """
                <scene> @3:2
                  width="200" @3:15
                  height="100" @3:28
                  <param> @4:3
                    name="angle" @4:15
                    value="3*π/4" @4:29
                  <group> @5:4
                    id="g" @5:14
                    transform="rotate(angle)" @6:21
                    <circle> @8:6
                      r="10" @8:16
                      fill="red" @8:26
                    <rect> @9:6
                      test="a < b" @9:17
                      label="\\"π\\"" @9:34

                """)
    }

    @Test func elementSpansOfSelfClosingAndOpenCloseTags() throws {
        let parsed = Parsed("<scene>\n  <a/>\n  <b x=\"1\" ></b>\n  <c\n  />\n</scene>\n")
        let root = try #require(parsed.root)
        #expect(parsed.text(root.nameSpan) == "scene")
        #expect(parsed.text(root.startTagSpan) == "<scene>")
        #expect(root.children.map(\.name) == ["a", "b", "c"])
        let (a, b, c) = (root.children[0], root.children[1], root.children[2])
        #expect(parsed.text(a.startTagSpan) == "<a/>")
        #expect(parsed.at(a.nameSpan) == "2:4")
        #expect(parsed.text(b.startTagSpan) == "<b x=\"1\" >")
        #expect(parsed.text(c.startTagSpan) == "<c\n  />")
        #expect(parsed.at(c.startTagSpan) == "4:3")
        #expect(a.children.isEmpty && b.children.isEmpty && c.children.isEmpty)
    }

    @Test func multiLineTagsWithTabsAndSingleQuotes() throws {
        let source = "<scene>\n\t<line\n\t\tx1='0'\n\t\ty1 = \"π\"\n\t\t/>\n</scene>"
        let parsed = Parsed(source)
        let line = try #require(parsed.root?.children.first)
        #expect(parsed.text(line.startTagSpan) == "<line\n\t\tx1='0'\n\t\ty1 = \"π\"\n\t\t/>")
        let x1 = try #require(line.attribute("x1"))
        let y1 = try #require(line.attribute("y1"))
        #expect(parsed.at(x1.nameSpan) == "3:3")
        #expect(parsed.at(x1.valueSpan) == "3:7")
        #expect(parsed.text(x1.span) == "x1='0'")
        #expect(parsed.at(y1.nameSpan) == "4:3")
        #expect(parsed.at(y1.valueSpan) == "4:9")
        #expect(parsed.text(y1.span) == "y1 = \"π\"")
        #expect(y1.value == "π")
    }

    @Test func utf8InsideAttributeValuesMapsByteRanges() throws {
        let parsed = Parsed("<scene>\n  <param name=\"θ\" value=\"3*π/4\"/>\n</scene>")
        let param = try #require(parsed.root?.children.first)
        let value = try #require(param.attribute("value"))
        #expect(value.value == "3*π/4")
        #expect(parsed.text(value.valueSpan) == "3*π/4")
        #expect(parsed.at(value.valueSpan) == "2:26")
        // The `/4` after the two-byte π: decoded bytes 4..<6.
        let slash4 = value.span(ofValueBytes: 4..<6)
        #expect(parsed.text(slash4) == "/4")
        #expect(parsed.at(slash4) == "2:29")
        #expect(parsed.text(value.span(ofValueBytes: 2..<4)) == "π")
        #expect(param.attribute("name")?.value == "θ")
    }

    @Test func entitiesInValuesMapBackToTheSource() throws {
        let parsed = Parsed("<scene test=\"a &lt; b\"/>")
        let test = try #require(parsed.root?.attribute("test"))
        #expect(test.value == "a < b")
        #expect(parsed.text(test.valueSpan) == "a &lt; b")
        // `b` is decoded byte 4; in the source it is 3 bytes further on.
        let b = test.span(ofValueBytes: 4..<5)
        #expect(parsed.text(b) == "b")
        #expect(parsed.at(b) == "1:21")
        #expect(parsed.text(test.span(ofValueBytes: 2..<3)) == "&lt;")
        #expect(parsed.text(test.span(ofValueBytes: 0..<5)) == "a &lt; b")
        #expect(parsed.text(test.span(ofValueBytes: 0..<1)) == "a")
    }

    @Test func characterReferencesAndPredefinedEntities() throws {
        let parsed = Parsed(#"<scene a="&#960;/&#x3C0;" b="&amp;&apos;&quot;&gt;" c="x&#10;y"/>"#)
        let root = try #require(parsed.root)
        let a = try #require(root.attribute("a"))
        #expect(a.value == "π/π")
        #expect(parsed.text(a.span(ofValueBytes: 0..<2)) == "&#960;")
        #expect(parsed.text(a.span(ofValueBytes: 2..<3)) == "/")
        #expect(parsed.text(a.span(ofValueBytes: 3..<5)) == "&#x3C0;")
        #expect(root.attribute("b")?.value == "&'\">")
        // A character reference is kept as written, not normalized to a space.
        #expect(root.attribute("c")?.value == "x\ny")
    }

    @Test func whiteSpaceInValuesIsNormalized() throws {
        let parsed = Parsed("<scene a=\"1\t2\n3\" b=\"x\r\ny z\"/>")
        let root = try #require(parsed.root)
        let a = try #require(root.attribute("a"))
        #expect(a.value == "1 2 3")
        #expect(parsed.text(a.span(ofValueBytes: 4..<5)) == "3")
        let b = try #require(root.attribute("b"))
        #expect(b.value == "x y z") // CR LF is one space
        #expect(parsed.text(b.span(ofValueBytes: 2..<3)) == "y")
        #expect(parsed.text(b.span(ofValueBytes: 1..<2)) == "\r\n") // the space stands for both
        #expect(parsed.text(b.span(ofValueBytes: 4..<5)) == "z")
    }

    @Test func nestingAndOrderArePreserved() throws {
        let parsed = Parsed(
            """
            <scene>
              <group id="1"><group id="2"><circle/><rect/></group><line/></group>
              <path/>
            </scene>
            """)
        let root = try #require(parsed.root)
        #expect(root.children.map(\.name) == ["group", "path"])
        #expect(root.child(0).children.map(\.name) == ["group", "line"])
        #expect(root.child(0, 0).attribute("id")?.value == "2")
        #expect(root.child(0, 0).children.map(\.name) == ["circle", "rect"])
        #expect(parsed.at(root.child(0, 0, 1).nameSpan) == "2:41")
    }

    @Test func commentsProcessingInstructionsBOMAndWhitespaceAreIgnored() throws {
        let bytes: [UInt8] =
            [0xEF, 0xBB, 0xBF]
            + Array(
                """
                <?xml version="1.0"?>
                <!-- before -->
                <scene>
                  <!-- <not-an-element/> -->
                  <?pi data?>
                  &#32;&#x9;
                </scene>
                <!-- after -->

                """.utf8)
        let parsed = Parsed(bytes: bytes)
        #expect(parsed.diagnostics.isEmpty)
        let root = try #require(parsed.root)
        #expect(root.children.isEmpty)
        #expect(parsed.at(root.nameSpan) == "3:2")
        // A CDATA section between elements is an error even when it holds only white space (§2).
        let cdata = Parsed(bytes: Array("<scene>\n  <![CDATA[   ]]>\n</scene>\n".utf8))
        #expect(cdata.diagnostics.map(\.code) == [.unexpectedText])
    }

    @Test func xmlnsAttributesAreSkippedSilently() throws {
        let parsed = Parsed(#"<scene xmlns="http://example.com/scene" xmlns:a="urn:a" width="1"><b xmlns=""/></scene>"#)
        #expect(parsed.diagnostics.isEmpty)
        let root = try #require(parsed.root)
        #expect(root.attributes.map(\.name) == ["width"])
        #expect(root.children.first?.attributes.isEmpty == true)
    }

    @Test func aRootOtherThanSceneIsReturned() throws {
        let parsed = Parsed("<svg width=\"1\"/>")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.root?.name == "svg")
    }

    @Test func defaultLimits() {
        let limits = ParserLimits()
        #expect(limits.maxDepth == 64)
        #expect(limits.maxBytes == 1 << 20)
        #expect(ParserLimits(maxDepth: 3, maxBytes: 10) != limits)
    }
}
