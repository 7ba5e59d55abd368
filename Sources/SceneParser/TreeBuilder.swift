import SceneSource
import SceneSyntax
import XMLEvents

/// Receives libxml2's SAX events (as plain Swift values) and reports the located elements to a
/// `LocatedElementHandler` (the `Element` tree's builder, or the checker itself), finding every
/// position in our own copy of the bytes. Also reports the scene language's own XML restrictions:
/// no DTD, no text content, no namespace prefixes, limited nesting.
final class TreeBuilder {
    /// An attribute as libxml2 reports it: views of libxml2's own buffers, valid only during the
    /// start-tag callback that reports it (never kept). Views, not copies: the names and values are
    /// only compared with our own scan of the tag, and read as strings when that scan disagrees.
    struct ReportedAttribute {
        let localNameBytes: UnsafeBufferPointer<UInt8>
        let prefixBytes: UnsafeBufferPointer<UInt8>?
        let valueBytes: UnsafeBufferPointer<UInt8>

        var localName: String { String(decoding: localNameBytes, as: UTF8.self) }
        var prefix: String? { prefixBytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// An open element reported to the handler: what its text and the notes need.
    private struct Frame {
        let name: String
        let nameSpan: SourceSpan
        let startTagSpan: SourceSpan
        /// A child element was reported to the handler.
        var hasChildren = false
        /// A <text> element got character data; its content is read from the source at its end tag.
        var hasText = false
    }

    let file: SourceFile
    let id: FileID
    let limits: ParserLimits
    let bytes: UnsafeBufferPointer<UInt8>
    let handler: any LocatedElementHandler

    // The state below is read and written only by the builder's own methods, one libxml2 callback
    // at a time, never while another access to it is under way: `@exclusivity(unchecked)` spares
    // every access the run-time exclusivity check a class property otherwise gets.
    @exclusivity(unchecked) private(set) var diagnostics: [Diagnostic] = []
    /// A root element was reported whole (start to end) to the handler.
    @exclusivity(unchecked) private(set) var rootClosed = false
    /// The reader stops libxml2 after the current callback.
    @exclusivity(unchecked) private(set) var stopRequested = false
    /// No tree can be returned (a DTD or a libxml2 error).
    @exclusivity(unchecked) private(set) var failed = false

    @exclusivity(unchecked) private var stack: [Frame] = []
    /// Open elements deeper than `maxDepth`: read, checked, but not built.
    @exclusivity(unchecked) private var skippedDepth = 0
    @exclusivity(unchecked) private var depthReported = false
    /// Where the current text run started (just after the last tag), and whether it was reported.
    @exclusivity(unchecked) private var textStart = 0
    @exclusivity(unchecked) private var textReported = false

    init(
        file: SourceFile, id: FileID, limits: ParserLimits, bytes: UnsafeBufferPointer<UInt8>,
        handler: any LocatedElementHandler
    ) {
        self.file = file
        self.id = id
        self.limits = limits
        self.bytes = bytes
        self.handler = handler
    }

    func span(_ start: Int, _ end: Int) -> SourceSpan { SourceSpan(file: id, start: start, end: end) }
    func span(_ range: Range<Int>) -> SourceSpan { SourceSpan(file: id, start: range.lowerBound, end: range.upperBound) }

    private func error(
        _ code: DiagnosticCode, _ message: String, at span: SourceSpan, notes: [Diagnostic.Note] = [],
        help: String? = nil
    ) {
        diagnostics.append(.error(code, message, at: span, help: help, notes: notes))
    }

    // MARK: Elements

    /// A start tag; `position` is libxml2's byte position (at the tag's `>` or `/>`), `line` its line.
    func startElement(
        localName: String, prefix: String?, attributes reported: [ReportedAttribute],
        position: Int, line: Int
    ) {
        // libxml2 2.9 still reports some events after a fatal error (its character-data fast path
        // does not check disableSAX): once it has failed, nothing more is built or reported.
        guard !failed else { return }
        let qualifiedName = prefix.map { "\($0):\(localName)" } ?? localName
        var nameSpan: SourceSpan
        var startTagSpan: SourceSpan
        var attributes: [Attribute] = []
        var tagEnd: Int

        if let tag = lexTag(before: position, localName: localName, prefix: prefix, reported: reported) {
            nameSpan = span(tag.name)
            startTagSpan = span(tag.start, tag.end)
            tagEnd = tag.end
            attributes.reserveCapacity(tag.attributes.count)
            for attribute in tag.attributes where !isNamespaceDeclaration(attribute.name) {
                let name = String(decoding: bytes[attribute.name], as: UTF8.self)
                // The one prefixed attribute taken: where editors find the schema (docs/editors.md).
                if stack.isEmpty && skippedDepth == 0 && name == Self.schemaLocation { continue }
                // Most names have no ':' byte: the Character search (grapheme breaking) is made only
                // for those that have one.
                if bytes[attribute.name].contains(UInt8(ascii: ":")), let colon = name.firstIndex(of: ":") {
                    prefixedAttribute(
                        name, local: String(name[name.index(after: colon)...]), element: localName,
                        at: span(attribute.name))
                    continue
                }
                let (value, offsets) = SourceScanner.decodeAttributeValue(bytes, attribute.value)
                attributes.append(
                    Attribute(
                        name: name, nameSpan: span(attribute.name), value: value,
                        valueSpan: span(attribute.value), sourceOffsets: offsets))
            }
        } else {
            // Our scan disagrees with libxml2 (it should not happen): keep libxml2's names and values,
            // located at the start of the line libxml2 reports, rather than guess.
            let lineStart = file.offset(line: line, column: 1)
            let here = span(lineStart, lineStart)
            nameSpan = here
            startTagSpan = here
            tagEnd = min(max(position, lineStart), bytes.count)
            for attribute in reported {
                if stack.isEmpty && attribute.prefix.map({ "\($0):\(attribute.localName)" }) == Self.schemaLocation { continue }
                if let prefix = attribute.prefix {
                    error(
                        .namespacePrefix,
                        "namespace prefixes are not supported: write '\(attribute.localName)' instead of "
                            + "'\(prefix):\(attribute.localName)'", at: here)
                    continue
                }
                let (value, _) = SourceScanner.decodeAttributeValue(attribute.valueBytes, 0..<attribute.valueBytes.count)
                attributes.append(Attribute(name: attribute.localName, nameSpan: here, value: value, valueSpan: here))
            }
        }

        if prefix != nil {
            error(
                .namespacePrefix, "namespace prefixes are not supported: write <\(localName)> instead of <\(qualifiedName)>",
                at: nameSpan)
        }

        textStart = tagEnd
        textReported = false

        let depth = stack.count + skippedDepth + 1
        if skippedDepth > 0 || depth > limits.maxDepth {
            if !depthReported {
                depthReported = true
                error(
                    .elementsTooDeep,
                    "elements are nested more than \(limits.maxDepth) levels deep; flatten the scene "
                        + "(move deep parts into their own groups or components)", at: nameSpan)
            }
            skippedDepth += 1
            return
        }
        if !stack.isEmpty { stack[stack.count - 1].hasChildren = true }
        stack.append(Frame(name: localName, nameSpan: nameSpan, startTagSpan: startTagSpan))
        handler.startElement(LocatedStartTag(name: localName, nameSpan: nameSpan, startTagSpan: startTagSpan, attributes: attributes))
    }

    /// On the root element, `xsi:noNamespaceSchemaLocation="…/scene.xsd"` (with its
    /// `xmlns:xsi` declaration) tells XML editors where the schema is; the compiler ignores it.
    static let schemaLocation = "xsi:noNamespaceSchemaLocation"

    /// `a:x="…"`. When `x` is an attribute of the element, writing it without the prefix is the fix;
    /// otherwise the name comes from elsewhere (`android:fillColor`, `xlink:href`), and the help
    /// says what the language calls it.
    private func prefixedAttribute(_ name: String, local: String, element: String, at location: SourceSpan) {
        if let kind = ElementKind(rawValue: element), !Schema.spec(kind).acceptsArguments {
            let candidates = Schema.spec(kind).allAttributes(in: .drawing).map(\.name)
            if !candidates.contains(local) {
                let help =
                    ForeignNames.attributeHelp(local, on: kind, candidates: candidates)
                    ?? Suggestion.didYouMean(local, among: candidates)
                    ?? (candidates.isEmpty ? "<\(element)> takes no attributes" : "<\(element)> takes: " + candidates.joined(separator: ", "))
                error(.namespacePrefix, "namespace prefixes are not supported: '\(name)'", at: location, help: help)
                return
            }
        }
        error(.namespacePrefix, "namespace prefixes are not supported: write '\(local)' instead of '\(name)'", at: location)
    }

    /// An end tag (or the end of a self-closing tag); `position` is just after its `>`.
    func endElement(position: Int) {
        guard !failed else { return }
        textStart = min(max(0, position), bytes.count)
        textReported = false
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        guard let frame = stack.popLast() else { return }
        var text: Attribute?
        if frame.hasText, !frame.hasChildren {
            text = textContent(of: frame)
        }
        handler.endElement(text: text, textRefused: frame.hasText && !frame.hasChildren && text == nil)
        if stack.isEmpty { rootClosed = true }
    }

    private func lexTag(
        before position: Int, localName: String, prefix: String?,
        reported: [ReportedAttribute]
    ) -> LexedTag? {
        guard let start = SourceScanner.tagStart(in: bytes, before: position),
            let tag = SourceScanner.lexStartTag(bytes, at: start, expectedAttributes: reported.count),
            SourceScanner.matches(bytes, tag.name, prefix: prefix, local: localName)
        else { return nil }
        // The attributes written, less namespace declarations, must be the ones libxml2 reported.
        var next = 0
        for mine in tag.attributes where !isNamespaceDeclaration(mine.name) {
            guard next < reported.count,
                SourceScanner.matches(bytes, mine.name, prefix: reported[next].prefixBytes, local: reported[next].localNameBytes)
            else { return nil }
            next += 1
        }
        return next == reported.count ? tag : nil
    }

    /// `xmlns` and `xmlns:…` attributes, which are skipped silently.
    /// (Compared byte by byte against a static string: called for every attribute, so no array is built.)
    private func isNamespaceDeclaration(_ name: Range<Int>) -> Bool {
        let xmlns: StaticString = "xmlns"
        let n = xmlns.utf8CodeUnitCount
        guard name.count >= n else { return false }
        for k in 0..<n where bytes[name.lowerBound + k] != xmlns.utf8Start[k] { return false }
        return name.count == n || bytes[name.lowerBound + n] == UInt8(ascii: ":")
    }

    // MARK: Text

    /// Character data or a CDATA section. Only <text> elements have text; elsewhere the first
    /// non-white-space character of each text run is reported once.
    func text(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard !failed, !textReported, !chunk.allSatisfy(ByteClass.isXMLSpace) else { return }
        if skippedDepth == 0, let last = stack.last, last.name == ElementKind.text.rawValue {
            stack[stack.count - 1].hasText = true
            return
        }
        textReported = true
        guard let (start, inCDATA) = SourceScanner.firstContent(bytes, from: textStart) else {
            error(.unexpectedText, "unexpected text; only <text> elements have text content", at: span(textStart, textStart))
            return
        }
        let end = SourceScanner.textEnd(bytes, from: start, inCDATA: inCDATA)
        var quoted = String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
        if quoted.count > 40 { quoted = String(quoted.prefix(39)) + "…" }
        error(
            .unexpectedText, "unexpected text '\(quoted)'; only <text> elements have text content",
            at: span(start, max(end, SourceScanner.characterEnd(bytes, at: start))))
    }

    /// A CDATA section. Inside <text> it is text (and reported there as markup in text); elsewhere
    /// it is an error even when it holds only white space or nothing (Grammar.md §2).
    func cdata(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard !failed, !textReported else { return }
        let inText = skippedDepth == 0 && stack.last?.name == ElementKind.text.rawValue
        if inText || !chunk.allSatisfy(ByteClass.isXMLSpace) {
            if chunk.count > 0 { text(chunk) }
            return
        }
        textReported = true
        let needle = Array("<![CDATA[".utf8)
        var found: Int?
        var i = max(0, textStart)
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { found = i; break }
            i += 1
        }
        let start = found ?? textStart
        error(
            .unexpectedText, "unexpected CDATA section; only <text> elements have text content, and a CDATA section is never needed in a scene",
            at: span(start, found.map { $0 + needle.count } ?? start))
    }

    /// The decoded content between a <text>'s start tag and its end tag, located like an attribute
    /// value so that `{expression}` errors point into it. The element has no children, so its content
    /// ends at the first `<` after the start tag: the end tag, or a comment or CDATA section, which
    /// are refused. (libxml2's reported position is not used: it can be past the end tag.)
    private func textContent(of frame: Frame) -> Attribute? {
        let start = frame.startTagSpan.end
        guard start <= bytes.count else { return nil }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
        guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "/") else {
            error(
                .markupInText, "comments and CDATA sections are not supported inside <text>; write &lt; for a '<'",
                at: span(end, SourceScanner.characterEnd(bytes, at: end)))
            return nil
        }
        let (value, offsets) = SourceScanner.decodeAttributeValue(bytes, start..<end)
        return Attribute(
            name: "text", nameSpan: frame.nameSpan, value: value, valueSpan: span(start, end),
            sourceOffsets: offsets)
    }

    // MARK: DTD

    /// A `<!DOCTYPE …>`; `position` is libxml2's byte position inside it. The reader stops the parser,
    /// so no entity is ever declared or expanded.
    func doctype(position: Int) {
        guard !failed else { return }
        let keyword = Array("<!DOCTYPE".utf8)
        let start = SourceScanner.lastIndex(of: keyword, in: bytes, atOrBefore: position, window: bytes.count) ?? 0
        error(
            .dtd, "DTDs are not allowed in scene files; remove the <!DOCTYPE …> declaration",
            at: span(start, min(bytes.count, start + keyword.count)))
        stopRequested = true
        failed = true
    }

    // MARK: libxml2 errors

    private static let namespaceDomain = 3
    private static let internalErrorCode = 1

    func libxmlError(_ reported: XMLProblem) {
        // Namespace problems (undeclared prefixes, odd xmlns values) are covered by our own
        // prefix errors; xmlns attributes are otherwise ignored.
        if reported.domain == Self.namespaceDomain { return }
        // After the first error (or a refused DTD) libxml2 goes on reporting consequences of it.
        if failed { return }
        let offset = file.offset(line: reported.line, column: reported.column)
        if reported.level == .warning {
            diagnostics.append(
                .warning(
                    .xmlWarning, LibXMLMessages.cleaned(reported.message),
                    at: span(offset, SourceScanner.characterEnd(bytes, at: offset))))
            return
        }
        failed = true
        if depthReported, reported.code == Self.internalErrorCode, reported.message.contains("depth") {
            return // libxml2's own nesting limit, already reported as ours
        }
        diagnostics.append(LibXMLMessages.diagnostic(for: reported, at: offset, in: self))
    }

    /// The innermost open element that was built, for notes ("<a> opened here").
    var innermostOpenElement: (name: String, startTagSpan: SourceSpan)? {
        guard skippedDepth == 0, let frame = stack.last else { return nil }
        return (frame.name, frame.startTagSpan)
    }
}
