@testable import SceneParser
import SceneSource
import SceneSyntax
import Testing

/// The tree builder fed directly, as libxml2 would feed it, including positions that disagree with
/// the source: it must fall back to the reported line instead of crashing or inventing spans.
@Suite("Tree builder fallback")
struct FallbackTests {
    @Test func disagreementFallsBackToTheLineStart() throws {
        let file = SourceFile(path: "t.scene", text: "<scene>\n  <a x=\"1\"/>\n</scene>")
        try file.bytes.withUnsafeBufferPointer { bytes in
            let tree = ElementTreeBuilder()
            let builder = TreeBuilder(file: file, id: FileID(0), limits: .init(), bytes: bytes, handler: tree)
            builder.startElement(localName: "scene", prefix: nil, attributes: [], position: 6, line: 1)
            // libxml2 claims element `b` with attribute `y`, at a position inside `<a x="1"/>`.
            // (Reported attributes are views of libxml2's buffers, valid during the call: here, of arrays.)
            let name = Array("y".utf8), value = Array("p&amp;q".utf8)
            name.withUnsafeBufferPointer { name in
                value.withUnsafeBufferPointer { value in
                    builder.startElement(
                        localName: "b", prefix: nil,
                        attributes: [.init(localNameBytes: name, prefixBytes: nil, valueBytes: value)],
                        position: 17, line: 2)
                }
            }
            builder.endElement(position: 19)
            builder.endElement(position: 27)
            #expect(builder.diagnostics.isEmpty)
            let root = try #require(tree.root)
            let b = try #require(root.children.first)
            #expect(b.name == "b")
            #expect(b.nameSpan == SourceSpan(file: FileID(0), start: 8, end: 8)) // start of line 2
            #expect(b.attribute("y")?.value == "p&q")
            #expect(root.nameSpan == SourceSpan(file: FileID(0), start: 1, end: 6))
        }
    }

    @Test func positionsOutsideTheFileAreClamped() throws {
        let file = SourceFile(path: "t.scene", text: "<scene/>")
        try file.bytes.withUnsafeBufferPointer { bytes in
            let tree = ElementTreeBuilder()
            let builder = TreeBuilder(file: file, id: FileID(0), limits: .init(), bytes: bytes, handler: tree)
            builder.startElement(localName: "other", prefix: nil, attributes: [], position: 10_000, line: 99)
            builder.text(UnsafeBufferPointer(start: bytes.baseAddress, count: 3))
            builder.endElement(position: -5)
            let root = try #require(tree.root)
            #expect(root.nameSpan.end <= bytes.count)
            #expect(builder.diagnostics.allSatisfy { $0.span.start >= 0 && $0.span.end <= bytes.count })
            #expect(builder.diagnostics.count == 1) // the text "<sc"
        }
    }
}
