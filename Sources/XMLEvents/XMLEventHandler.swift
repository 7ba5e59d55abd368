/// Receives what `XMLEventReader` reads, in document order. Every buffer is a view of libxml2's
/// memory, valid only until the method that receives it returns: copy what is kept.
public protocol XMLEventHandler: AnyObject {
    /// Read after every event: when true, the parser stops there (no later event is reported).
    var stopRequested: Bool { get }

    /// A start tag (also of an empty element, which then gets its `endElement` at once).
    func startElement(_ tag: XMLStartTag, at cursor: XMLCursor)
    func endElement(at cursor: XMLCursor)
    /// Character data between tags, entity references already replaced by the predefined ones;
    /// never empty. A run of text may come in several pieces.
    func characters(_ text: UnsafeBufferPointer<UInt8>)
    /// The content of a CDATA section, which may be empty.
    func cdata(_ text: UnsafeBufferPointer<UInt8>)
    /// A `<!DOCTYPE …>`, reported before its internal subset is read (its declarations are not
    /// reported): a handler that stops here keeps every entity declaration out.
    func doctype(at cursor: XMLCursor)
    /// An error or warning of libxml2's. After a fatal one libxml2 stops, but may still report
    /// some events it had under way (2.9's character-data fast path does not check).
    func problem(_ problem: XMLProblem)
}
