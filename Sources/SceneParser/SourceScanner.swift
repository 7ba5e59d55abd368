/// Byte-level scanning of our own copy of the source: libxml2 says *that* a tag or a text run was
/// read, these functions find out exactly *where*.

enum ByteClass {
    /// XML white space: space, tab, line feed, carriage return.
    @inline(__always)
    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Bytes that end a name inside a tag.
    @inline(__always)
    static func endsName(_ byte: UInt8) -> Bool {
        isXMLSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}

/// A start tag as written: `<name attr="value" …>` or `… />`.
struct LexedTag {
    struct Attribute {
        let name: Range<Int>
        /// The raw value between the quotes.
        let value: Range<Int>
    }

    /// Offset of `<`.
    let start: Int
    let name: Range<Int>
    let attributes: [Attribute]
    /// One past the closing `>`.
    let end: Int
}

enum SourceScanner {
    // MARK: Tags

    /// The `<` that starts the tag containing `position` (libxml2's byte position when it reports a start
    /// tag: at its `>` or `/>`). A literal `<` cannot occur inside a tag, so the nearest one is it.
    static func tagStart(in bytes: UnsafeBufferPointer<UInt8>, before position: Int) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var i = min(max(0, position), bytes.count - 1)
        while i >= 0 {
            if bytes[i] == UInt8(ascii: "<") { return i }
            i -= 1
        }
        return nil
    }

    /// Lexes the start tag whose `<` is at `start`; nil when it is not one (which would mean our scan
    /// and libxml2 disagree). `expectedAttributes`: how many libxml2 reported (room is made for them
    /// at once; namespace declarations, which it keeps apart, grow the array as usual).
    static func lexStartTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, expectedAttributes: Int = 0) -> LexedTag? {
        let count = bytes.count
        guard start < count, bytes[start] == UInt8(ascii: "<") else { return nil }
        var i = start + 1
        let nameStart = i
        while i < count, !ByteClass.endsName(bytes[i]) { i += 1 }
        guard i > nameStart else { return nil }
        let name = nameStart..<i
        var attributes: [LexedTag.Attribute] = []
        attributes.reserveCapacity(expectedAttributes)
        while true {
            while i < count, ByteClass.isXMLSpace(bytes[i]) { i += 1 }
            guard i < count else { return nil }
            if bytes[i] == UInt8(ascii: ">") {
                return LexedTag(start: start, name: name, attributes: attributes, end: i + 1)
            }
            if bytes[i] == UInt8(ascii: "/") {
                guard i + 1 < count, bytes[i + 1] == UInt8(ascii: ">") else { return nil }
                return LexedTag(start: start, name: name, attributes: attributes, end: i + 2)
            }
            let attributeStart = i
            while i < count, !ByteClass.endsName(bytes[i]) { i += 1 }
            guard i > attributeStart else { return nil }
            let attributeName = attributeStart..<i
            while i < count, ByteClass.isXMLSpace(bytes[i]) { i += 1 }
            guard i < count, bytes[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            while i < count, ByteClass.isXMLSpace(bytes[i]) { i += 1 }
            guard i < count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[i]
            i += 1
            let valueStart = i
            while i < count, bytes[i] != quote {
                if bytes[i] == UInt8(ascii: "<") { return nil }
                i += 1
            }
            guard i < count else { return nil }
            attributes.append(.init(name: attributeName, value: valueStart..<i))
            i += 1
        }
    }

    /// Whether `bytes[range]` spells `prefix:local` (or `local` when there is no prefix).
    /// (Compares the views in place: called for every tag and attribute, so no array is built.)
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, prefix: String?, local: String) -> Bool {
        var local = local
        return local.withUTF8 { localBytes in
            guard var prefix else { return matches(bytes, range, prefix: nil, local: localBytes) }
            return prefix.withUTF8 { matches(bytes, range, prefix: $0, local: localBytes) }
        }
    }

    /// The same, for names given as bytes (libxml2's, during its callback).
    static func matches(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, prefix: UnsafeBufferPointer<UInt8>?,
        local: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let prefix else { return range.count == local.count && equal(bytes, at: range.lowerBound, local) }
        let colon = range.lowerBound + prefix.count
        return range.count == prefix.count + 1 + local.count
            && equal(bytes, at: range.lowerBound, prefix)
            && bytes[colon] == UInt8(ascii: ":")
            && equal(bytes, at: colon + 1, local)
    }

    /// Whether `bytes` holds `other` at `start` (which the caller has checked fits). An index loop:
    /// the generic `elementsEqual` over a slice and a string's view cost several times more.
    @inline(__always)
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        for k in 0..<other.count where bytes[start + k] != other[k] { return false }
        return true
    }

    // MARK: Attribute values

    /// Decodes a raw attribute value as XML does: the five predefined entities, decimal and hex
    /// character references, and white space (tab, line feed, carriage return; CR LF counts as one)
    /// normalized to spaces. When the decoded value's bytes no longer map one to one onto the
    /// source, also returns each decoded byte's source offset plus one past the end.
    static func decodeAttributeValue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
        -> (value: String, sourceOffsets: [Int]?)
    {
        // Most values have no reference and no tab, line feed or carriage return: they decode to
        // themselves, mapped one to one (the loop below would return the same, a byte at a time).
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        if !raw.contains(where: { $0 == UInt8(ascii: "&") || $0 == 0x0D || $0 == 0x09 || $0 == 0x0A }) {
            return (String(decoding: raw, as: UTF8.self), nil)
        }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var offsets: [Int]?
        func beginMapping() {
            // Up to here the mapping was one to one.
            if offsets == nil { offsets = Array(range.lowerBound..<(range.lowerBound + out.count)) }
        }
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "&"):
                if let (scalar, after) = reference(bytes, at: i, limit: end) {
                    beginMapping()
                    let encoded = Array(String(Character(scalar)).utf8)
                    for (k, b) in encoded.enumerated() {
                        out.append(b)
                        offsets!.append(min(i + k, after - 1))
                    }
                    i = after
                } else {
                    // Undefined entity: libxml2 reports it; keep the text as written.
                    out.append(byte)
                    offsets?.append(i)
                    i += 1
                }
            case 0x0D:
                if i + 1 < end, bytes[i + 1] == 0x0A {
                    beginMapping()
                    out.append(0x20)
                    offsets!.append(i)
                    i += 2
                } else {
                    out.append(0x20)
                    offsets?.append(i)
                    i += 1
                }
            case 0x09, 0x0A:
                out.append(0x20)
                offsets?.append(i)
                i += 1
            default:
                out.append(byte)
                offsets?.append(i)
                i += 1
            }
        }
        offsets?.append(end)
        return (String(decoding: out, as: UTF8.self), offsets)
    }

    /// A predefined entity or character reference starting with the `&` at `start`: the character it
    /// stands for and the offset after its `;`.
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, limit: Int) -> (Unicode.Scalar, Int)? {
        var semicolon = start + 1
        let maxEnd = min(limit, start + 12)
        while semicolon < maxEnd, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        guard semicolon < maxEnd, semicolon > start + 1 else { return nil }
        let body = Array(bytes[(start + 1)..<semicolon])
        let after = semicolon + 1
        switch body {
        case Array("lt".utf8): return ("<", after)
        case Array("gt".utf8): return (">", after)
        case Array("amp".utf8): return ("&", after)
        case Array("apos".utf8): return ("'", after)
        case Array("quot".utf8): return ("\"", after)
        default: break
        }
        guard body.first == UInt8(ascii: "#") else { return nil }
        var digits = body.dropFirst()
        var radix = 10
        if digits.first == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: radix),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, after)
    }

    // MARK: Text

    /// The first character of real content in the text run starting at `start` (just after a tag):
    /// white space, white-space character references, comments, processing instructions and white
    /// space inside CDATA sections are skipped. Returns the offset and whether it is inside CDATA.
    static func firstContent(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (offset: Int, inCDATA: Bool)? {
        let count = bytes.count
        var i = max(0, start)
        func at(_ i: Int, _ literal: StaticString) -> Bool {
            let n = literal.utf8CodeUnitCount
            guard i + n <= count else { return false }
            let p = literal.utf8Start
            for k in 0..<n where bytes[i + k] != p[k] { return false }
            return true
        }
        func skip(past terminator: StaticString, from i: Int) -> Int {
            var j = i
            while j < count, !at(j, terminator) { j += 1 }
            return min(count, j + terminator.utf8CodeUnitCount)
        }
        while i < count {
            let byte = bytes[i]
            if ByteClass.isXMLSpace(byte) {
                i += 1
            } else if at(i, "<!--") {
                i = skip(past: "-->", from: i + 4)
            } else if at(i, "<![CDATA[") {
                i += 9
                while i < count, ByteClass.isXMLSpace(bytes[i]) { i += 1 }
                if at(i, "]]>") {
                    i += 3
                } else {
                    return i < count ? (i, true) : nil
                }
            } else if at(i, "<?") {
                i = skip(past: "?>", from: i + 2)
            } else if byte == UInt8(ascii: "<") {
                return nil
            } else if byte == UInt8(ascii: "&"), let (scalar, after) = reference(bytes, at: i, limit: count),
                scalar.isASCII, ByteClass.isXMLSpace(UInt8(scalar.value))
            {
                i = after
            } else {
                return (i, false)
            }
        }
        return nil
    }

    /// The end of the text starting at `start` as it should be quoted: up to the next markup (or the
    /// end of the CDATA section) or line break, without trailing white space.
    static func textEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, inCDATA: Bool) -> Int {
        let count = bytes.count
        var i = start
        while i < count {
            let byte = bytes[i]
            if byte < 0x20 && byte != 0x09 { break } // line breaks and control characters
            if inCDATA {
                if byte == UInt8(ascii: "]"), i + 2 < count, bytes[i + 1] == UInt8(ascii: "]"),
                    bytes[i + 2] == UInt8(ascii: ">")
                {
                    break
                }
            } else if byte == UInt8(ascii: "<") {
                break
            }
            i += 1
        }
        while i > start, ByteClass.isXMLSpace(bytes[i - 1]) { i -= 1 }
        return i
    }

    /// The offset after the UTF-8 character starting at `offset`.
    static func characterEnd(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        guard offset < bytes.count else { return offset }
        var i = offset + 1
        while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
        return i
    }

    /// The last occurrence of `needle` starting at or before `position`, looking back at most `window` bytes.
    static func lastIndex(
        of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, atOrBefore position: Int,
        window: Int = 4096
    ) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var i = min(position, bytes.count - needle.count)
        let lowest = max(0, position - window)
        while i >= lowest {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }
}
