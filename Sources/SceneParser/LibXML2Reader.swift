// The scene parser's side of XMLEvents (the one module that imports libxml2): its events are
// handed to `TreeBuilder` as they come, the attributes as views of libxml2's buffers.
import XMLEvents

final class LibXML2Reader: XMLEventHandler {
    /// IGNORE_ENC: libxml2 reads the bytes as the UTF-8 we have already validated, even if an
    /// encoding declaration says otherwise (that declaration is reported as an error), so its byte
    /// positions are always positions in our bytes.
    private static let options = XMLReadOptions(ignoreEncodingDeclaration: true)

    /// Parses `bytes` (valid UTF-8, non-empty, at most Int32.max bytes), reporting to `builder`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into builder: TreeBuilder) {
        if XMLEventReader.read(bytes, options: options, to: LibXML2Reader(builder)) == .outOfMemory {
            builder.libxmlError(
                .init(
                    domain: 1, code: 2, level: .fatal, line: 1, column: 1,
                    message: "could not start the XML parser (out of memory)", str1: nil))
        }
    }

    private let builder: TreeBuilder

    private init(_ builder: TreeBuilder) { self.builder = builder }

    var stopRequested: Bool { builder.stopRequested }

    func startElement(_ tag: XMLStartTag, at cursor: XMLCursor) {
        var reported: [TreeBuilder.ReportedAttribute] = []
        if tag.attributes.count > 0 {
            reported.reserveCapacity(tag.attributes.count)
            // Views of libxml2's buffers: TreeBuilder.startElement reads them before this returns.
            for attribute in tag.attributes {
                reported.append(.init(localNameBytes: attribute.localName, prefixBytes: attribute.prefix, valueBytes: attribute.value))
            }
        }
        builder.startElement(
            localName: tag.name, prefix: tag.prefix, attributes: reported,
            position: cursor.bytesConsumed, line: cursor.line)
    }

    func endElement(at cursor: XMLCursor) { builder.endElement(position: cursor.bytesConsumed) }

    func characters(_ text: UnsafeBufferPointer<UInt8>) { builder.text(text) }

    func cdata(_ text: UnsafeBufferPointer<UInt8>) { builder.cdata(text) }

    func doctype(at cursor: XMLCursor) { builder.doctype(position: cursor.bytesConsumed) }

    func problem(_ problem: XMLProblem) { builder.libxmlError(problem) }
}
