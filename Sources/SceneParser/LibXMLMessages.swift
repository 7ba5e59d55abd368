import SceneSource
import XMLEvents

/// Turns libxml2's well-formedness errors into our diagnostics: exact spans found in the source,
/// and for the common ones a message that says what to do.
enum LibXMLMessages {
    // xmlParserErrors codes (libxml2 2.9).
    static let documentEmpty = 4
    static let documentEnd = 5
    static let invalidChar = 9
    static let entityReferenceSemicolonMissing = 23
    static let undeclaredEntity = 26
    static let undeclaredEntityWarning = 27
    static let lessThanInAttribute = 38
    static let attributeNotStarted = 39
    static let attributeNotFinished = 40
    static let attributeWithoutValue = 41
    static let attributeRedefined = 42
    static let commentNotFinished = 45
    static let processingInstructionNotFinished = 47
    static let cdataNotFinished = 63
    static let spaceRequired = 65
    static let nameRequired = 68
    static let greaterThanRequired = 73
    static let tagNameMismatch = 76
    static let tagNotFinished = 77

    static func diagnostic(for error: XMLProblem, at offset: Int, in builder: TreeBuilder) -> Diagnostic {
        let bytes = builder.bytes
        func oneCharacter(_ at: Int) -> SourceSpan {
            builder.span(at, SourceScanner.characterEnd(bytes, at: at))
        }
        let name = error.str1 ?? ""
        /// Reported at the end of the file: point at where the construct opens instead.
        func unfinished(_ opening: String, what: String, ending: String) -> Diagnostic {
            let start = SourceScanner.lastIndex(
                of: Array(opening.utf8), in: bytes, atOrBefore: min(offset, bytes.count),
                window: bytes.count)
            let location = start.map { builder.span($0, $0 + opening.utf8.count) } ?? oneCharacter(offset)
            return .error(.unclosedMarkup, "this \(what) is never closed; end it with '\(ending)'", at: location)
        }
        switch error.code {
        case documentEmpty:
            return .error(
                .missingRoot, "expected the root element here; a scene starts with <scene width=\"…\" height=\"…\">",
                at: oneCharacter(offset))

        case documentEnd:
            return .error(
                .contentAfterRoot,
                "unexpected content after the root element; a scene file has exactly one root "
                    + "element, so move this inside it or remove it", at: oneCharacter(offset))

        case invalidChar:
            // A bad character reference is reported just after its `;`.
            if offset > 0, offset <= bytes.count, bytes[offset - 1] == UInt8(ascii: ";"),
                let amp = SourceScanner.lastIndex(of: Array("&#".utf8), in: bytes, atOrBefore: offset - 1, window: 256),
                amp + 2 < offset - 1,
                bytes[(amp + 2)..<(offset - 1)].allSatisfy({
                    (0x30...0x39).contains($0) || (0x41...0x46).contains($0)
                        || (0x61...0x66).contains($0) || $0 == UInt8(ascii: "x")
                })
            {
                let text = String(decoding: bytes[amp..<offset], as: UTF8.self)
                return .error(
                    .invalidCharacter, "character reference '\(text)' is not an allowed XML character; remove it",
                    at: builder.span(amp, offset))
            }
            if offset < bytes.count {
                let end = SourceScanner.characterEnd(bytes, at: offset)
                if let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    return .error(
                        .invalidCharacter, "invalid character U+\(code) (not allowed in XML); remove it",
                        at: builder.span(offset, end))
                }
            }
            return .error(.invalidCharacter, cleaned(error.message), at: oneCharacter(offset))

        case undeclaredEntity, undeclaredEntityWarning:
            // Reported just after the `;` of `&name;`.
            let reference = Array("&\(name);".utf8)
            let start = SourceScanner.lastIndex(of: reference, in: bytes, atOrBefore: offset, window: reference.count + 8)
            let location = start.map { builder.span($0, $0 + reference.count) } ?? oneCharacter(offset)
            return .error(
                .unknownEntity,
                "unknown entity '&\(name);'; scene files know only &lt; &gt; &amp; &quot; &apos; and "
                    + "character references such as &#960; (write a literal '&' as '&amp;')", at: location)

        case lessThanInAttribute:
            if let runOn = RunOnValue.intoNextLine(bytes, lessThan: offset, in: builder) { return runOn }
            return .error(.lessThanInAttribute, "'<' is not allowed in attribute values; write it as '&lt;'", at: oneCharacter(offset))

        case attributeNotStarted:
            return .error(
                .unquotedAttribute, "expected a quoted attribute value; write the value in quotes, like x=\"10\"",
                at: oneCharacter(offset))

        case attributeNotFinished:
            // Reported where the file (or the tag) ends: point at the opening quote, the nearest
            // quote before that follows an `=`.
            var i = min(offset, bytes.count) - 1
            while i > 0 {
                if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    var j = i - 1
                    while j >= 0, ByteClass.isXMLSpace(bytes[j]) { j -= 1 }
                    if j >= 0, bytes[j] == UInt8(ascii: "=") {
                        let quote = String(UnicodeScalar(bytes[i]))
                        return .error(
                            .unclosedAttribute, "this attribute value is never closed; end it with \(quote)",
                            at: builder.span(i, i + 1))
                    }
                }
                i -= 1
            }
            return .error(.unclosedAttribute, "an attribute value is never closed; end it with the quote it starts with", at: oneCharacter(offset))

        case attributeWithoutValue:
            // Reported just after the attribute name.
            let nameBytes = Array(name.utf8)
            let start = SourceScanner.lastIndex(
                of: nameBytes, in: bytes, atOrBefore: offset - nameBytes.count,
                window: 64)
            let location = start.map { builder.span($0, $0 + nameBytes.count) } ?? oneCharacter(offset)
            return .error(.attributeWithoutValue, "attribute '\(name)' has no value; write \(name)=\"…\"", at: location)

        case attributeRedefined:
            // Reported at the end of the tag: find the second occurrence in the tag.
            if let tagStart = SourceScanner.tagStart(in: bytes, before: offset),
                let tag = SourceScanner.lexStartTag(bytes, at: tagStart)
            {
                let same = tag.attributes.filter { String(decoding: bytes[$0.name], as: UTF8.self) == name }
                if same.count >= 2 {
                    return .error(
                        .duplicateAttribute, "attribute '\(name)' is written twice; remove one of them",
                        at: builder.span(same[1].name),
                        notes: [.init("first written here", at: builder.span(same[0].name))])
                }
            }
            return .error(.duplicateAttribute, "attribute '\(name)' is written twice; remove one of them", at: oneCharacter(offset))

        case tagNameMismatch:
            // Reported just after the `>` of the closing tag.
            var location = oneCharacter(offset)
            var closing = "the closing tag"
            if let start = SourceScanner.lastIndex(of: Array("</".utf8), in: bytes, atOrBefore: offset, window: 4096) {
                let end = min(offset, bytes.count)
                location = builder.span(start, end)
                closing = "closing tag " + String(decoding: bytes[start..<end], as: UTF8.self)
            }
            var notes: [Diagnostic.Note] = []
            if let open = builder.innermostOpenElement, open.name == name {
                notes.append(.init("<\(name)> opened here", at: open.startTagSpan))
            }
            return .error(
                .mismatchedTag, "\(closing) does not match <\(name)>; close <\(name)> with </\(name)> first",
                at: location, notes: notes)

        case tagNotFinished:
            var notes: [Diagnostic.Note] = []
            if let open = builder.innermostOpenElement, open.name == name {
                notes.append(.init("<\(name)> opened here", at: open.startTagSpan))
            }
            return .error(
                .unclosedElement, "the file ends before <\(name)> is closed; add </\(name)>",
                at: builder.span(offset, offset), notes: notes)

        case greaterThanRequired:
            if name.isEmpty {
                return .error(.malformedTag, "expected '>' to end the tag", at: oneCharacter(offset))
            }
            return .error(.malformedTag, "the start tag <\(name)> is not finished; end it with '>' or '/>'", at: oneCharacter(offset))

        case nameRequired:
            // Also a bare `&` (reported just after it).
            if error.message.contains("EntityRef"), offset > 0, offset <= bytes.count,
                bytes[offset - 1] == UInt8(ascii: "&")
            {
                // `a && b`: the author means the operator, which scenes spell `and`.
                let doubled = offset < bytes.count && bytes[offset] == UInt8(ascii: "&")
                return .error(
                    .bareAmpersand, "'&' must start an entity such as &amp;; write a literal '&' as '&amp;'",
                    at: builder.span(offset - 1, doubled ? offset + 1 : offset),
                    help: doubled ? "write the operator '&&' as 'and' (XML reserves '&'): test=\"a and b\"" : nil)
            }
            if error.message.contains("StartTag") {
                return .error(.malformedTag, "expected an element name after '<'", at: oneCharacter(offset))
            }
            return .error(.malformedXML, cleaned(error.message), at: oneCharacter(offset))

        case entityReferenceSemicolonMissing:
            return .error(
                .bareAmpersand, "expected ';' to end the entity reference; write a literal '&' as '&amp;'",
                at: oneCharacter(offset))

        case spaceRequired where error.message.contains("attributes construct error"):
            if let runOn = RunOnValue.intoNextAttribute(bytes, at: offset, in: builder) { return runOn }
            return .error(
                .malformedTag, "expected white space between attributes; add a space before this one",
                at: oneCharacter(offset))

        case commentNotFinished:
            return unfinished("<!--", what: "comment", ending: "-->")

        case cdataNotFinished:
            return unfinished("<![CDATA[", what: "CDATA section", ending: "]]>")

        case processingInstructionNotFinished:
            return unfinished("<?", what: "processing instruction", ending: "?>")

        default:
            return .error(.malformedXML, cleaned(error.message), at: oneCharacter(offset))
        }
    }

    /// libxml2's message text, tidied: no trailing newline, no "Function: " prefix, lower-case start
    /// (unless it starts with an acronym).
    static func cleaned(_ message: String) -> String {
        var text = message.trimmingWhitespace()
        if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLetter }),
            text.index(after: colon) < text.endIndex, text[text.index(after: colon)] == " "
        {
            text = String(text[text.index(colon, offsetBy: 2)...])
        }
        let characters = Array(text)
        if characters.count >= 2, characters[0].isUppercase, !characters[1].isUppercase {
            text = characters[0].lowercased() + String(characters.dropFirst())
        }
        return text.isEmpty ? "the file is not well-formed XML" : text
    }
}

fileprivate extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
