// The only file that touches libxml2. Everything libxml2 reports is copied into plain Swift values
// and handed to `TreeBuilder`; no libxml2 pointer outlives a callback, no libxml DOM is built.
import CLibXML2

/// libxml2 must be initialized once before concurrent use; a global is initialized exactly once,
/// thread-safely.
private let libxml2Initialized: Bool = {
    xmlInitParser()
    return true
}()

enum LibXML2Reader {
    /// Safe options only: no network, no output of its own. Never NOENT, DTDLOAD, DTDATTR, DTDVALID
    /// or HUGE. IGNORE_ENC makes libxml2 read the bytes as the UTF-8 we have already validated, even
    /// if an encoding declaration says otherwise (that declaration is reported as an error), so its
    /// byte positions are always positions in our bytes.
    private static let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// Parses `bytes` (valid UTF-8, non-empty, at most Int32.max bytes), reporting to `builder`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into builder: TreeBuilder) {
        _ = libxml2Initialized
        guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count <= Int(Int32.max) else { return }
        let context = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            xmlCreateMemoryParserCtxt($0, Int32(bytes.count))
        }
        guard let ctxt = context else {
            builder.libxmlError(.init(domain: 1, code: 2, level: .fatal, line: 1, column: 1,
                                      message: "could not start the XML parser (out of memory)", str1: nil))
            return
        }
        let state = Unmanaged.passRetained(builder)
        defer {
            ctxt.pointee._private = nil
            if let doc = ctxt.pointee.myDoc {  // never created (no startDocument handler); be sure
                xmlFreeDoc(doc)
                ctxt.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(ctxt)
            state.release()
        }

        // Our own SAX2 handler replaces the default one in the context's (libxml-allocated) struct;
        // userData stays the context itself, our state travels in ctxt->_private.
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = cdata
        handler.internalSubset = internalSubset
        handler.serror = structuredError
        ctxt.pointee.sax.pointee = handler
        ctxt.pointee._private = state.toOpaque()
        xmlCtxtUseOptions(ctxt, options)
        _ = xmlParseDocument(ctxt)
    }

    private static func context(_ ctx: UnsafeMutableRawPointer?) -> (xmlParserCtxtPtr, TreeBuilder)? {
        guard let ctx else { return nil }
        let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let state = ctxt.pointee._private else { return nil }
        return (ctxt, Unmanaged<TreeBuilder>.fromOpaque(state).takeUnretainedValue())
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The bytes of a NUL-terminated name, without the NUL (a view, not a copy).
    private static func cStringBytes(_ pointer: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return UnsafeBufferPointer(start: pointer, count: length)
    }

    private static func stopIfRequested(_ ctxt: xmlParserCtxtPtr, _ builder: TreeBuilder) {
        if builder.stopRequested { xmlStopParser(ctxt) }
    }

    private static let startElement: startElementNsSAX2Func = {
        ctx, localname, prefix, _, _, _, attributeCount, _, attributes in
        guard let (ctxt, builder) = context(ctx), let localname else { return }
        var reported: [TreeBuilder.ReportedAttribute] = []
        if let attributes, attributeCount > 0 {
            reported.reserveCapacity(Int(attributeCount))
            // Five pointers per attribute: localname, prefix, URI, value, value end.
            for index in 0..<Int(attributeCount) {
                let base = index * 5
                guard let name = attributes[base] else { continue }
                var value = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                if let start = attributes[base + 3], let end = attributes[base + 4], end >= start {
                    value = UnsafeBufferPointer(start: start, count: end - start)
                }
                // Views of libxml2's buffers: TreeBuilder.startElement reads them before this returns.
                reported.append(.init(localNameBytes: cStringBytes(name), prefixBytes: attributes[base + 1].map(cStringBytes),
                                      valueBytes: value))
            }
        }
        builder.startElement(localName: String(cString: localname), prefix: string(prefix),
                             attributes: reported, position: Int(xmlByteConsumed(ctxt)),
                             line: Int(ctxt.pointee.input?.pointee.line ?? 1))
        stopIfRequested(ctxt, builder)
    }

    private static let endElement: endElementNsSAX2Func = { ctx, _, _, _ in
        guard let (ctxt, builder) = context(ctx) else { return }
        builder.endElement(position: Int(xmlByteConsumed(ctxt)))
        stopIfRequested(ctxt, builder)
    }

    private static let characters: charactersSAXFunc = { ctx, text, length in
        guard let (ctxt, builder) = context(ctx), let text, length > 0 else { return }
        builder.text(UnsafeBufferPointer(start: text, count: Int(length)))
        stopIfRequested(ctxt, builder)
    }

    /// A CDATA section, also an empty one.
    private static let cdata: cdataBlockSAXFunc = { ctx, text, length in
        guard let (ctxt, builder) = context(ctx) else { return }
        builder.cdata(text.map { UnsafeBufferPointer(start: $0, count: Int(max(0, length))) } ?? UnsafeBufferPointer(start: nil, count: 0))
        stopIfRequested(ctxt, builder)
    }

    private static let internalSubset: internalSubsetSAXFunc = { ctx, _, _, _ in
        guard let (ctxt, builder) = context(ctx) else { return }
        builder.doctype(position: Int(xmlByteConsumed(ctxt)))
        stopIfRequested(ctxt, builder)
    }

    private static let structuredError: xmlStructuredErrorFunc = { ctx, error in
        guard let (_, builder) = context(ctx), let error else { return }
        let e = error.pointee
        let level: TreeBuilder.ReportedError.Level
        switch e.level {
        case XML_ERR_WARNING: level = .warning
        case XML_ERR_ERROR: level = .error
        default: level = .fatal
        }
        builder.libxmlError(.init(domain: Int(e.domain), code: Int(e.code), level: level, line: Int(e.line),
                                  column: Int(e.int2), message: e.message.map { String(cString: $0) } ?? "",
                                  str1: e.str1.map { String(cString: $0) }))
    }
}
