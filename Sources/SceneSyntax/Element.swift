import SceneSource

/// An attribute exactly as written: its name, its decoded value, and where both are in the source.
public struct Attribute: Hashable, Sendable {
    public let name: String
    public let nameSpan: SourceSpan
    /// The value after XML decoding (entities and character references replaced).
    public let value: String
    /// The raw value between the quotes.
    public let valueSpan: SourceSpan
    /// For every UTF-8 byte of `value` (and one past the end), its byte offset in the source file.
    /// nil when the value was written without entities, so that offsets map one to one.
    let sourceOffsets: [Int]?

    public init(
        name: String, nameSpan: SourceSpan, value: String, valueSpan: SourceSpan,
        sourceOffsets: [Int]? = nil
    ) {
        self.name = name
        self.nameSpan = nameSpan
        self.value = value
        self.valueSpan = valueSpan
        self.sourceOffsets = sourceOffsets
    }

    /// The source span of a byte range of the decoded value: how an error inside an expression
    /// points into the attribute.
    public func span(ofValueBytes range: Range<Int>) -> SourceSpan {
        func map(_ offset: Int) -> Int {
            if let offsets = sourceOffsets {
                return offsets[max(0, min(offset, offsets.count - 1))]
            }
            return valueSpan.start + max(0, min(offset, valueSpan.length))
        }
        return SourceSpan(file: valueSpan.file, start: map(range.lowerBound), end: map(range.upperBound))
    }

    /// The part of the value in `range` (byte offsets into `value`), still located in the source:
    /// how `{expression}` pieces of a text are parsed with exact positions.
    public func slice(_ range: Range<Int>, name: String? = nil) -> Attribute {
        let bytes = Array(value.utf8)
        let lower = max(0, min(range.lowerBound, bytes.count)), upper = max(lower, min(range.upperBound, bytes.count))
        let text = String(decoding: bytes[lower..<upper], as: UTF8.self)
        let offsets = (lower...upper).map { span(ofValueBytes: $0..<$0).start }
        let valueSpan = SourceSpan(file: valueSpan.file, start: offsets.first!, end: offsets.last!)
        return Attribute(name: name ?? self.name, nameSpan: nameSpan, value: text, valueSpan: valueSpan, sourceOffsets: offsets)
    }

    /// Name through closing quote.
    public var span: SourceSpan { nameSpan.merged(with: SourceSpan(file: valueSpan.file, start: valueSpan.start, end: valueSpan.end + 1)) }
}

/// One element of a scene file: the located syntax tree the parser builds. It is deliberately
/// generic (any name, any attributes); the schema says which are valid, and the checker reports
/// the rest with "did you mean".
public struct Element: Hashable, Sendable {
    public let name: String
    /// The element name right after `<`.
    public let nameSpan: SourceSpan
    /// From `<` to the end of the start tag (`>` or `/>`).
    public let startTagSpan: SourceSpan
    public let attributes: [Attribute]
    public let children: [Element]
    /// The text between the start and end tags of an element without child elements (only <text>
    /// has any), decoded and located like an attribute value.
    public let text: Attribute?
    /// Whether the parser refused the content between the tags (a comment or CDATA section in a
    /// <text>) and reported it: `text` is then nil, and the element is not also "without content".
    public let textRefused: Bool

    public init(
        name: String, nameSpan: SourceSpan, startTagSpan: SourceSpan,
        attributes: [Attribute], children: [Element], text: Attribute? = nil, textRefused: Bool = false
    ) {
        self.name = name
        self.nameSpan = nameSpan
        self.startTagSpan = startTagSpan
        self.attributes = attributes
        self.children = children
        self.text = text
        self.textRefused = textRefused
    }

    public func attribute(_ name: String) -> Attribute? {
        let length = name.utf8.count // lengths first, as in `AttributeTable`
        return attributes.first { $0.name.utf8.count == length && $0.name == name }
    }

    /// A tree dump with `@line:col` positions, one element or attribute per line: the parser's
    /// golden format (swift-markdown style).
    public func dump(in file: SourceFile, indent: String = "") -> String {
        let (line, column) = file.location(of: nameSpan.start)
        var out = "\(indent)<\(name)> @\(line):\(column)\n"
        for attribute in attributes {
            let (vl, vc) = file.location(of: attribute.valueSpan.start)
            out += "\(indent)  \(attribute.name)=\(QuotedText.quote(attribute.value)) @\(vl):\(vc)\n"
        }
        if let text {
            let (tl, tc) = file.location(of: text.valueSpan.start)
            out += "\(indent)  text \(QuotedText.quote(text.value)) @\(tl):\(tc)\n"
        }
        for child in children {
            out += child.dump(in: file, indent: indent + "  ")
        }
        return out
    }
}
