// The only Swift file in the program that imports libxml2 (ARCHITECTURE.md). It runs libxml2's SAX2
// parser over a byte buffer and hands each event to an `XMLEventHandler` as plain Swift values:
// no libxml2 type or pointer crosses this file's boundary except views of libxml2's buffers that
// live only for the callback that receives them, and no libxml DOM is ever built.
internal import CLibXML2

/// libxml2 must be initialized once before concurrent use; a global is initialized exactly once,
/// thread-safely.
private let libxml2Initialized: Bool = {
    xmlInitParser()
    return true
}()

/// What a consumer may choose about the parse. Everything else is fixed and safe: no network, no
/// output of libxml2's own, never NOENT, DTDLOAD, DTDATTR, DTDVALID or HUGE, so no external DTD or
/// entity is ever loaded. libxml2 still declares an internal subset's entities in SAX mode (for
/// expat compatibility) and expands their references: a consumer that must expand none stops at
/// `doctype` (the scene parser) or refuses `<!ENTITY` before reading (the SVG importer).
public struct XMLReadOptions: Sendable {
    /// IGNORE_ENC: read the bytes as UTF-8 whatever an encoding declaration says (the declaration is
    /// reported as an error), so that libxml2's byte positions are positions in the caller's bytes.
    public var ignoreEncodingDeclaration: Bool

    public init(ignoreEncodingDeclaration: Bool) {
        self.ignoreEncodingDeclaration = ignoreEncodingDeclaration
    }
}

/// Why `XMLEventReader.read` did not run the parser (it reported nothing to the handler).
public enum XMLReadOutcome: Sendable, Equatable {
    /// The parser ran (to the end, to a fatal error or to a stop).
    case read
    /// The buffer was empty or longer than libxml2 takes (Int32.max bytes).
    case unsuitableSize
    /// libxml2 could not allocate its parser.
    case outOfMemory
}

public enum XMLEventReader {
    /// Parses `bytes`, reporting each event to `handler` as it happens; returns when the document
    /// ends, at libxml2's first fatal error, or after the event at which `handler.stopRequested`
    /// became true.
    @discardableResult
    public static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, options: XMLReadOptions,
        to handler: any XMLEventHandler
    ) -> XMLReadOutcome {
        _ = libxml2Initialized
        guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count <= Int(Int32.max) else { return .unsuitableSize }
        let context = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            xmlCreateMemoryParserCtxt($0, Int32(bytes.count))
        }
        guard let ctxt = context else { return .outOfMemory }
        let state = Unmanaged.passRetained(HandlerBox(handler))
        defer {
            ctxt.pointee._private = nil
            if let doc = ctxt.pointee.myDoc { // never created (no startDocument handler); be sure
                xmlFreeDoc(doc)
                ctxt.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(ctxt)
            state.release()
        }

        // Our own SAX2 handler replaces the default one in the context's (libxml-allocated) struct;
        // userData stays the context itself, our state travels in ctxt->_private. Ignorable white
        // space goes to the same function as characters, which spares libxml2 its blank test.
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = startElement
        sax.endElementNs = endElement
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = cdata
        sax.internalSubset = internalSubset
        sax.serror = structuredError
        ctxt.pointee.sax.pointee = sax
        ctxt.pointee._private = state.toOpaque()
        var flags = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        if options.ignoreEncodingDeclaration { flags |= XML_PARSE_IGNORE_ENC.rawValue }
        xmlCtxtUseOptions(ctxt, Int32(bitPattern: flags))
        _ = xmlParseDocument(ctxt)
        return .read
    }

    /// The handler as one class reference, so that it travels through libxml2's `void *`.
    private final class HandlerBox {
        let handler: any XMLEventHandler
        init(_ handler: any XMLEventHandler) { self.handler = handler }
    }

    private static func context(_ ctx: UnsafeMutableRawPointer?) -> (xmlParserCtxtPtr, any XMLEventHandler)? {
        guard let ctx else { return nil }
        let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let state = ctxt.pointee._private else { return nil }
        return (ctxt, Unmanaged<HandlerBox>.fromOpaque(state).takeUnretainedValue().handler)
    }

    private static func stopIfRequested(_ ctxt: xmlParserCtxtPtr, _ handler: any XMLEventHandler) {
        if handler.stopRequested { xmlStopParser(ctxt) }
    }

    private static let startElement: startElementNsSAX2Func = {
        ctx, localname, prefix, _, _, _, attributeCount, _, attributes in
        guard let (ctxt, handler) = context(ctx), let localname else { return }
        let tag = XMLStartTag(
            name: String(cString: localname), prefix: prefix.map { String(cString: $0) },
            attributes: XMLAttributes(pointers: UnsafePointer(attributes), count: Int(max(0, attributeCount))))
        handler.startElement(tag, at: XMLCursor(ctxt))
        stopIfRequested(ctxt, handler)
    }

    private static let endElement: endElementNsSAX2Func = { ctx, _, _, _ in
        guard let (ctxt, handler) = context(ctx) else { return }
        handler.endElement(at: XMLCursor(ctxt))
        stopIfRequested(ctxt, handler)
    }

    /// Character data (and white space): never empty.
    private static let characters: charactersSAXFunc = { ctx, text, length in
        guard let (ctxt, handler) = context(ctx), let text, length > 0 else { return }
        handler.characters(UnsafeBufferPointer(start: text, count: Int(length)))
        stopIfRequested(ctxt, handler)
    }

    /// A CDATA section, also an empty one.
    private static let cdata: cdataBlockSAXFunc = { ctx, text, length in
        guard let (ctxt, handler) = context(ctx) else { return }
        handler.cdata(text.map { UnsafeBufferPointer(start: $0, count: Int(max(0, length))) } ?? UnsafeBufferPointer(start: nil, count: 0))
        stopIfRequested(ctxt, handler)
    }

    private static let internalSubset: internalSubsetSAXFunc = { ctx, _, _, _ in
        guard let (ctxt, handler) = context(ctx) else { return }
        handler.doctype(at: XMLCursor(ctxt))
        stopIfRequested(ctxt, handler)
    }

    private static let structuredError: xmlStructuredErrorFunc = { ctx, error in
        guard let (ctxt, handler) = context(ctx), let error else { return }
        let e = error.pointee
        let level: XMLProblem.Level
        switch e.level {
        case XML_ERR_WARNING: level = .warning
        case XML_ERR_ERROR: level = .error
        default: level = .fatal
        }
        handler.problem(
            XMLProblem(
                domain: Int(e.domain), code: Int(e.code), level: level, line: Int(e.line),
                column: Int(e.int2), message: e.message.map { String(cString: $0) } ?? "",
                str1: e.str1.map { String(cString: $0) }))
        stopIfRequested(ctxt, handler)
    }
}

/// Where libxml2 is in the input during a callback, asked only when a consumer needs it (with an
/// encoding converter, libxml2 re-encodes the rest of its buffer to count the bytes consumed).
/// Valid only during the callback that receives it.
public struct XMLCursor {
    /// The parser context, untyped so that no libxml2 type appears in this module's interface.
    private let context: UnsafeMutableRawPointer

    fileprivate init(_ ctxt: xmlParserCtxtPtr) { context = UnsafeMutableRawPointer(ctxt) }

    private var ctxt: xmlParserCtxtPtr { context.assumingMemoryBound(to: xmlParserCtxt.self) }

    /// libxml2's byte position in the input (`xmlByteConsumed`): at a start tag, at its `>` or `/>`;
    /// at an end tag, just after its `>`; in a DOCTYPE, somewhere inside it.
    public var bytesConsumed: Int { Int(xmlByteConsumed(ctxt)) }

    /// The line libxml2's input is at (1-based).
    public var line: Int { Int(ctxt.pointee.input?.pointee.line ?? 1) }
}
