import SceneParser
import SceneSource
import SceneSyntax
import Testing

@Suite("Diagnostics")
struct ErrorTests {
    // MARK: Checks made before libxml2

    @Test func emptyFile() {
        for text in ["", "  \n\t\r\n"] {
            let parsed = Parsed(text)
            #expect(parsed.root == nil)
            #expect(
                parsed.messages == [
                    "1:1: error[E0101]: the file is empty; a scene starts with <scene width=\"…\" height=\"…\">"
                ])
        }
    }

    @Test func binaryFileIsRefusedAtItsFirstNUL() {
        let parsed = Parsed(bytes: Array("<scene>\n  ab".utf8) + [0, 1, 0xFF, 0])
        #expect(parsed.root == nil)
        #expect(
            parsed.messages == [
                "2:5: error[E0103]: the file contains NUL bytes, so it is binary, not a scene; a scene file is UTF-8 text"
            ])
    }

    @Test func invalidUTF8PointsAtTheFirstBadByte() {
        // Latin-1 "é" after a valid π.
        let parsed = Parsed(bytes: Array("<scene>\n  <a v=\"π".utf8) + [0xE9] + Array("\"/>\n</scene>".utf8))
        #expect(parsed.root == nil)
        #expect(parsed.messages == ["2:10: error[E0102]: invalid UTF-8 (byte 0xE9); save the file as UTF-8"])
        #expect(parsed.diagnostics.first?.span.length == 1)
    }

    @Test func overlongAndSurrogateSequencesAreInvalid() {
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let parsed = Parsed(bytes: Array("<scene a=\"".utf8) + bad + Array("\"/>".utf8))
            #expect(parsed.root == nil)
            #expect(parsed.messages.first?.hasPrefix("1:11: error[E0102]: invalid UTF-8") == true)
        }
    }

    @Test func utf16IsRefused() {
        let parsed = Parsed(bytes: [0xFF, 0xFE] + Array("<scene/>".utf8).flatMap { [$0, 0] })
        #expect(parsed.root == nil)
        #expect(parsed.messages == ["1:1: error[E0102]: the file is encoded as UTF-16; save it as UTF-8"])
    }

    @Test func encodingOtherThanUTF8IsAnErrorButTheTreeIsRead() throws {
        let parsed = Parsed("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<scene a=\"π\"/>")
        #expect(
            parsed.messages == [
                "1:31: error[E0104]: the file declares encoding 'ISO-8859-1', but scene files are always UTF-8; "
                    + "write encoding=\"UTF-8\" or leave the declaration out"
            ])
        let span = try #require(parsed.diagnostics.first?.span)
        #expect(parsed.text(span) == "ISO-8859-1")
        // libxml2 was told to ignore the declaration: the bytes are read as UTF-8.
        #expect(parsed.root?.attribute("a")?.value == "π")
        #expect(Parsed("<?xml version='1.0' encoding='utf-8'?><scene/>").diagnostics.isEmpty)
    }

    @Test func fileOverTheSizeLimit() {
        var limits = ParserLimits()
        limits.maxBytes = 10
        let parsed = Parsed("<scene>   </scene>", limits: limits)
        #expect(parsed.root == nil)
        #expect(
            parsed.messages == [
                "1:1: error[E0601]: the file is 18 bytes, over the limit of 10 bytes; make the scene smaller or raise the limit"
            ])
        limits.maxBytes = 18
        #expect(Parsed("<scene>   </scene>", limits: limits).root != nil)
    }

    // MARK: Scene restrictions

    @Test func nestingDeeperThanTheLimitIsOneLocatedError() throws {
        var limits = ParserLimits()
        limits.maxDepth = 3
        let source = "<scene>\n <a>\n  <b>\n   <c><d/></c>\n  </b>\n  <e/>\n </a>\n</scene>"
        let parsed = Parsed(source, limits: limits)
        #expect(
            parsed.messages == [
                "4:5: error[E0602]: elements are nested more than 3 levels deep; flatten the scene "
                    + "(move deep parts into their own groups or components)"
            ])
        let root = try #require(parsed.root)
        #expect(root.child(0).children.map(\.name) == ["b", "e"])
        #expect(root.child(0, 0).children.isEmpty)
    }

    @Test func libxmlsOwnDepthLimitIsNotReportedTwice() {
        let deep = String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300)
        let parsed = Parsed(deep)
        #expect(parsed.messages.count == 1)
        #expect(parsed.messages.first?.hasPrefix("1:194: error[E0602]: elements are nested more than 64 levels deep") == true)
    }

    @Test func textContentIsLocatedAtItsFirstCharacter() throws {
        let parsed = Parsed("<scene>\n  <a>  hello world  </a>\n</scene>")
        #expect(parsed.messages == ["2:8: error[E0805]: unexpected text 'hello world'; only <text> elements have text content"])
        #expect(parsed.text(parsed.diagnostics[0].span) == "hello world")
        #expect(parsed.root?.children.first?.name == "a") // the tree is still read
    }

    @Test func textAfterCommentsAndWhiteSpaceReferences() {
        let parsed = Parsed("<scene>&#32;<!-- c -->\n  &amp; x</scene>")
        #expect(parsed.messages == ["2:3: error[E0805]: unexpected text '&amp; x'; only <text> elements have text content"])
    }

    @Test func textRunIsReportedOnceAndLongTextIsShortened() {
        let long = String(repeating: "word ", count: 20)
        let parsed = Parsed("<scene>\(long)&amp;\(long)<a/>tail</scene>")
        #expect(
            parsed.messages == [
                "1:8: error[E0805]: unexpected text 'word word word word word word word word…'; only <text> elements have text content",
                "1:217: error[E0805]: unexpected text 'tail'; only <text> elements have text content",
            ])
    }

    @Test func cdataContentIsText() {
        let parsed = Parsed("<scene><![CDATA[  \n  data ]]><![CDATA[ \t ]]></scene>")
        #expect(parsed.messages == ["2:3: error[E0805]: unexpected text 'data'; only <text> elements have text content"])
    }

    @Test func doctypeIsRefusedAndNothingIsExpanded() {
        let billionLaughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <scene a="&lol3;">&lol3;</scene>
            """
        let parsed = Parsed(billionLaughs)
        #expect(parsed.root == nil)
        #expect(
            parsed.messages == [
                "2:1: error[E0105]: DTDs are not allowed in scene files; remove the <!DOCTYPE …> declaration"
            ])
        #expect(parsed.text(parsed.diagnostics[0].span) == "<!DOCTYPE")
    }

    @Test func externalEntitiesAreRefused() {
        let xxe = "<!-- x -->\n  <!DOCTYPE scene SYSTEM \"file:///etc/passwd\">\n<scene/>"
        let parsed = Parsed(xxe)
        #expect(parsed.root == nil)
        #expect(
            parsed.messages == [
                "2:3: error[E0105]: DTDs are not allowed in scene files; remove the <!DOCTYPE …> declaration"
            ])
    }

    @Test func namespacePrefixesAreRefused() throws {
        let parsed = Parsed(
            """
            <scene xmlns:x="urn:x">
              <x:circle r="1" x:fill="red"/>
              <y:rect/>
            </scene>
            """)
        #expect(
            parsed.messages == [
                "2:4: error[E0120]: namespace prefixes are not supported: write <circle> instead of <x:circle>",
                "2:19: error[E0120]: namespace prefixes are not supported: write 'fill' instead of 'x:fill'",
                "3:4: error[E0120]: namespace prefixes are not supported: write <rect> instead of <y:rect>",
            ])
        let root = try #require(parsed.root)
        #expect(root.children.map(\.name) == ["circle", "rect"])
        #expect(root.child(0).attributes.map(\.name) == ["r"])
        #expect(parsed.text(parsed.diagnostics[0].span) == "x:circle")
    }

    @Test func independentErrorsAreAllReported() {
        let parsed = Parsed("<scene>\n  <a>one</a>\n  <svg:b/>\n  <c>two</c>\n</scene>")
        #expect(
            parsed.messages == [
                "2:6: error[E0805]: unexpected text 'one'; only <text> elements have text content",
                "3:4: error[E0120]: namespace prefixes are not supported: write <b> instead of <svg:b>",
                "4:6: error[E0805]: unexpected text 'two'; only <text> elements have text content",
            ])
        #expect(parsed.root != nil)
    }

    // MARK: libxml2 well-formedness errors

    @Test func mismatchedClosingTag() {
        let parsed = Parsed("<scene>\n  <group>\n  </grop>\n</scene>")
        #expect(parsed.root == nil)
        #expect(
            parsed.messages == [
                "3:3: error[E0114]: closing tag </grop> does not match <group>; close <group> with </group> first"
            ])
        #expect(parsed.notes == ["2:3: <group> opened here"])
    }

    @Test func unclosedElement() {
        let parsed = Parsed("<scene>\n  <group>\n  </group>\n")
        #expect(parsed.root == nil)
        #expect(parsed.messages == ["4:1: error[E0115]: the file ends before <scene> is closed; add </scene>"])
        #expect(parsed.notes == ["1:1: <scene> opened here"])
    }

    @Test func undefinedEntityInAttribute() {
        let parsed = Parsed("<scene>\n  <a v=\"π &nbsp; x\"/>\n</scene>")
        #expect(parsed.root == nil)
        #expect(
            parsed.messages == [
                "2:11: error[E0106]: unknown entity '&nbsp;'; scene files know only &lt; &gt; &amp; &quot; &apos; and "
                    + "character references such as &#960; (write a literal '&' as '&amp;')"
            ])
        #expect(parsed.text(parsed.diagnostics[0].span) == "&nbsp;")
    }

    @Test func undefinedEntityInText() {
        let parsed = Parsed("<scene>ππ &foo;</scene>")
        #expect(parsed.messages.count == 2)
        #expect(parsed.messages.first == "1:8: error[E0805]: unexpected text 'ππ &foo;'; only <text> elements have text content")
        #expect(parsed.messages.last?.hasPrefix("1:11: error[E0106]: unknown entity '&foo;'") == true)
        #expect(parsed.text(parsed.diagnostics[1].span) == "&foo;")
    }

    @Test func duplicateAttributeOnAMultiLineTag() {
        let parsed = Parsed("<scene>\n<a b=\"1\"\n c=\"2\"\n c=\"3\"/></scene>")
        #expect(parsed.messages == ["4:2: error[E0113]: attribute 'c' is written twice; remove one of them"])
        #expect(parsed.notes == ["3:2: first written here"])
    }

    @Test func errorColumnsCountCharactersAfterUTF8AndTabs() {
        let parsed = Parsed("<scene>\n\t<ππ x=\"ππ\" y=\"1\" y=\"2\"/>\n</scene>")
        #expect(parsed.messages == ["2:19: error[E0113]: attribute 'y' is written twice; remove one of them"])
        #expect(parsed.notes == ["2:13: first written here"])
    }

    @Test func lessThanInAttributeValue() {
        let parsed = Parsed("<scene a=\"x<y\"/>")
        #expect(parsed.messages == ["1:12: error[E0107]: '<' is not allowed in attribute values; write it as '&lt;'"])
    }

    @Test func unquotedAttributeValue() {
        let parsed = Parsed("<scene>\n  <a x=1/>\n</scene>")
        #expect(
            parsed.messages == [
                "2:8: error[E0110]: expected a quoted attribute value; write the value in quotes, like x=\"10\""
            ])
    }

    @Test func attributeWithoutValue() {
        let parsed = Parsed("<scene>\n  <a fill/>\n</scene>")
        #expect(parsed.messages == ["2:6: error[E0112]: attribute 'fill' has no value; write fill=\"…\""])
        #expect(parsed.text(parsed.diagnostics[0].span) == "fill")
    }

    @Test func contentAfterTheRootElement() {
        let parsed = Parsed("<scene/>\n<scene/>")
        #expect(parsed.root == nil)
        #expect(
            parsed.messages == [
                "2:1: error[E0119]: unexpected content after the root element; a scene file has exactly one root element, "
                    + "so move this inside it or remove it"
            ])
    }

    @Test func invalidCharacters() {
        let control = Parsed("<scene>\n π\u{1}</scene>")
        #expect(
            control.messages == [
                "2:2: error[E0805]: unexpected text 'π'; only <text> elements have text content",
                "2:3: error[E0109]: invalid character U+0001 (not allowed in XML); remove it",
            ])
        let reference = Parsed("<scene a=\"π&#1;\"/>")
        #expect(
            reference.messages == [
                "1:12: error[E0109]: character reference '&#1;' is not an allowed XML character; remove it"
            ])
    }

    @Test func bareAmpersand() {
        #expect(
            Parsed("<scene>\n  <a v=\"x & y\"/>\n</scene>").messages == [
                "2:11: error[E0108]: '&' must start an entity such as &amp;; write a literal '&' as '&amp;'"
            ])
    }

    @Test func unclosedCommentPointsAtItsStart() {
        let parsed = Parsed("<scene>\n  <!-- note\n  <a/>\n</scene>\n")
        #expect(parsed.messages == ["2:3: error[E0117]: this comment is never closed; end it with '-->'"])
        #expect(parsed.text(parsed.diagnostics[0].span) == "<!--")
    }

    @Test func missingSpaceBetweenAttributes() {
        #expect(
            Parsed("<scene>\n<a b=\"1\"c=\"2\"/></scene>").messages == [
                "2:9: error[E0116]: expected white space between attributes; add a space before this one"
            ])
    }

    @Test func unfinishedEndTag() {
        #expect(Parsed("<scene></scene").messages == ["1:15: error[E0116]: expected '>' to end the tag"])
    }

    @Test func noRootElement() {
        let parsed = Parsed("hello")
        #expect(parsed.root == nil)
        #expect(
            parsed.messages == [
                "1:1: error[E0118]: expected the root element here; a scene starts with <scene width=\"…\" height=\"…\">"
            ])
    }

    @Test func otherLibxmlMessagesAreCleanedUp() throws {
        let parsed = Parsed("<scene><!-- open </scene>")
        #expect(parsed.root == nil)
        let message = try #require(parsed.diagnostics.first?.message)
        #expect(!message.hasSuffix("\n"))
        #expect(message.first?.isLowercase == true)
        #expect(parsed.diagnostics.count == 1)
    }

    @Test func warningsFromLibxmlAreWarnings() {
        let parsed = Parsed("<?xml version=\"1.1\"?><scene/>")
        #expect(parsed.root != nil)
        #expect(parsed.diagnostics.map(\.severity) == [.warning])
    }

    @Test func errorsBeyondLine65535AreLocated() {
        let source = "<scene>\n" + String(repeating: "<a/>\n", count: 70_000) + "<b></c>\n</scene>"
        let parsed = Parsed(source)
        #expect(parsed.messages == ["70002:4: error[E0114]: closing tag </c> does not match <b>; close <b> with </b> first"])
        #expect(parsed.notes == ["70002:1: <b> opened here"])
    }
}
