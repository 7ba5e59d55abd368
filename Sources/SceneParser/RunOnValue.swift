import SceneSource

/// An attribute value whose closing quote is missing does not stop where the author thinks:
/// libxml2 reads on to the next quote, and reports whatever it then trips over: a `<` on the next
/// line (E0107) or the name of the next attribute glued to a quote ("expected white space"). These
/// functions recognize the two cases from the bytes and point at the opening quote instead (E0111).
enum RunOnValue {
    /// libxml2 reported a `<` at `offset` inside an attribute value. When the value started on an
    /// earlier line and the `<` starts what looks like a tag (`<rect`, `</scene`), the value is a
    /// missing closing quote that ran on into the next line.
    static func intoNextLine(_ bytes: UnsafeBufferPointer<UInt8>, lessThan offset: Int, in builder: TreeBuilder) -> Diagnostic? {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "<"), startsTag(bytes[offset + 1]),
            let tagStart = SourceScanner.tagStart(in: bytes, before: offset - 1),
            let value = openValue(bytes, tagStart: tagStart, upTo: offset)
        else { return nil }
        let lineBreak = (value.quote + 1..<offset).first { bytes[$0] == 0x0A || bytes[$0] == 0x0D }
        guard let lineBreak else { return nil }
        let name = String(decoding: bytes[value.name], as: UTF8.self)
        let quote = String(UnicodeScalar(bytes[value.quote]))
        var end = lineBreak
        while end > value.quote + 1, ByteClass.isXMLSpace(bytes[end - 1]) { end -= 1 }
        // `value="2/>`: the value as meant ends before the tag's own `/>` or `>`.
        var meant = end
        if meant > value.quote + 1, bytes[meant - 1] == UInt8(ascii: ">") {
            meant -= 1
            if meant > value.quote + 1, bytes[meant - 1] == UInt8(ascii: "/") { meant -= 1 }
        }
        let written = String(decoding: bytes[(value.quote + 1)..<meant], as: UTF8.self)
        return .error(
            .unclosedAttribute,
            "the value of '\(name)' has no closing quote, so it runs on into the next line",
            at: builder.span(value.quote, value.quote + 1),
            help: "end the value with \(quote): \(name)=\(quote)\(written)\(quote)",
            notes: [.init("the value runs on to here", at: builder.span(offset, offset + 1))])
    }

    /// libxml2 wanted white space at `offset` between attributes. When the byte before is a quote
    /// that closed a value ending in `name=` (`width="10 height="10"`), the value is a missing
    /// closing quote that ran on into the next attribute.
    static func intoNextAttribute(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, in builder: TreeBuilder) -> Diagnostic? {
        guard offset > 1, offset <= bytes.count else { return nil }
        let closing = offset - 1
        let quoteByte = bytes[closing]
        guard quoteByte == UInt8(ascii: "\"") || quoteByte == UInt8(ascii: "'") else { return nil }
        // The value holds no quote of its kind: the one before it opened it.
        var open = closing - 1
        while open >= 0, bytes[open] != quoteByte {
            if bytes[open] == UInt8(ascii: "<") { return nil }
            open -= 1
        }
        guard open >= 0 else { return nil }
        // The value ends in `NAME=` (white space allowed around the `=`).
        var i = closing
        while i > open + 1, ByteClass.isXMLSpace(bytes[i - 1]) { i -= 1 }
        guard i > open + 1, bytes[i - 1] == UInt8(ascii: "=") else { return nil }
        i -= 1
        while i > open + 1, ByteClass.isXMLSpace(bytes[i - 1]) { i -= 1 }
        let nameEnd = i
        while i > open + 1, !ByteClass.endsName(bytes[i - 1]) { i -= 1 }
        let nextName = i..<nameEnd
        guard !nextName.isEmpty, i > open + 1, ByteClass.isXMLSpace(bytes[i - 1]),
            let ownName = attributeName(bytes, beforeQuote: open)
        else { return nil }
        var meantEnd = i
        while meantEnd > open + 1, ByteClass.isXMLSpace(bytes[meantEnd - 1]) { meantEnd -= 1 }
        let name = String(decoding: bytes[ownName], as: UTF8.self)
        let next = String(decoding: bytes[nextName], as: UTF8.self)
        let quote = String(UnicodeScalar(quoteByte))
        let written = String(decoding: bytes[(open + 1)..<meantEnd], as: UTF8.self)
        return .error(
            .unclosedAttribute,
            "the value of '\(name)' has no closing quote, so it runs on into the next attribute, '\(next)'",
            at: builder.span(open, open + 1),
            help: "end the value with \(quote): \(name)=\(quote)\(written)\(quote) \(next)=…",
            notes: [.init("the value runs on to here", at: builder.span(closing, closing + 1))])
    }

    /// A `<` followed by this byte starts a tag as written in a scene: a name, `/` or `!`.
    private static func startsTag(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!")
    }

    /// The attribute whose value is still open at `limit`, reading the start tag at `tagStart`
    /// leniently: its name and its opening quote.
    private static func openValue(_ bytes: UnsafeBufferPointer<UInt8>, tagStart: Int, upTo limit: Int)
        -> (name: Range<Int>, quote: Int)?
    {
        var i = tagStart + 1
        while i < limit, !ByteClass.endsName(bytes[i]) { i += 1 }
        while i < limit {
            while i < limit, ByteClass.isXMLSpace(bytes[i]) { i += 1 }
            let nameStart = i
            while i < limit, !ByteClass.endsName(bytes[i]) { i += 1 }
            let name = nameStart..<i
            while i < limit, ByteClass.isXMLSpace(bytes[i]) { i += 1 }
            guard i < limit, !name.isEmpty, bytes[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            while i < limit, ByteClass.isXMLSpace(bytes[i]) { i += 1 }
            guard i < limit, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
            let quote = i
            i += 1
            while i < limit, bytes[i] != bytes[quote] { i += 1 }
            if i >= limit { return (name, quote) }
            i += 1
        }
        return nil
    }

    /// The name of the attribute whose value opens with the quote at `quote`: `NAME = "`.
    private static func attributeName(_ bytes: UnsafeBufferPointer<UInt8>, beforeQuote quote: Int) -> Range<Int>? {
        var i = quote
        while i > 0, ByteClass.isXMLSpace(bytes[i - 1]) { i -= 1 }
        guard i > 0, bytes[i - 1] == UInt8(ascii: "=") else { return nil }
        i -= 1
        while i > 0, ByteClass.isXMLSpace(bytes[i - 1]) { i -= 1 }
        let end = i
        while i > 0, !ByteClass.endsName(bytes[i - 1]) { i -= 1 }
        return i < end ? i..<end : nil
    }
}
