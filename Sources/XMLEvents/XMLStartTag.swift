/// A start tag as libxml2 read it: names decoded, attributes as views of libxml2's buffers.
public struct XMLStartTag {
    /// The local name (after the prefix's colon, if any).
    public let name: String
    public let prefix: String?
    /// In the order written, less namespace declarations (`xmlns`, `xmlns:…`), which libxml2 keeps apart.
    public let attributes: XMLAttributes
}

/// One attribute: views of libxml2's buffers, valid only during the `startElement` that reports them.
public struct XMLAttribute {
    public let localName: UnsafeBufferPointer<UInt8>
    public let prefix: UnsafeBufferPointer<UInt8>?
    /// The value as libxml2 reports it without NOENT: character references replaced, but the
    /// predefined entities written as character references (`&amp;` as `&#38;`).
    public let value: UnsafeBufferPointer<UInt8>

    @usableFromInline init(localName: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?, value: UnsafeBufferPointer<UInt8>) {
        self.localName = localName
        self.prefix = prefix
        self.value = value
    }
}

/// The attributes of a start tag, read lazily from libxml2's array of five pointers per attribute
/// (local name, prefix, URI, value, value end). Inlinable: the scene parser walks it on every tag.
public struct XMLAttributes: Sequence {
    @usableFromInline let pointers: UnsafePointer<UnsafePointer<UInt8>?>?
    /// How many attributes libxml2 reported (the sequence skips any without a name, which it never reports).
    public let count: Int

    init(pointers: UnsafePointer<UnsafePointer<UInt8>?>?, count: Int) {
        self.pointers = count > 0 ? pointers : nil
        self.count = pointers == nil ? 0 : count
    }

    @inlinable public var underestimatedCount: Int { 0 }

    @inlinable public func makeIterator() -> Iterator { Iterator(pointers: pointers, count: count) }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let pointers: UnsafePointer<UnsafePointer<UInt8>?>?
        @usableFromInline let count: Int
        @usableFromInline var index = 0

        @inlinable init(pointers: UnsafePointer<UnsafePointer<UInt8>?>?, count: Int) {
            self.pointers = pointers
            self.count = count
        }

        @inlinable public mutating func next() -> XMLAttribute? {
            guard let pointers else { return nil }
            while index < count {
                let base = index * 5
                index += 1
                guard let name = pointers[base] else { continue }
                var value = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                if let start = pointers[base + 3], let end = pointers[base + 4], end >= start {
                    value = UnsafeBufferPointer(start: start, count: end - start)
                }
                return XMLAttribute(localName: Self.bytes(name), prefix: pointers[base + 1].map(Self.bytes), value: value)
            }
            return nil
        }

        /// The bytes of a NUL-terminated name, without the NUL (a view, not a copy).
        @inlinable static func bytes(_ pointer: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            var length = 0
            while pointer[length] != 0 { length += 1 }
            return UnsafeBufferPointer(start: pointer, count: length)
        }
    }
}
