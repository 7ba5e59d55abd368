import SceneSource

/// Checks made on the raw bytes before libxml2 sees them: size, emptiness, binary content, UTF-8
/// validity and the encoding declaration. libxml2 then only ever reads valid UTF-8.
enum Prechecks {
    struct Result {
        var diagnostics: [Diagnostic] = []
        /// The file must not be given to libxml2.
        var fatal = false
    }

    static func run(_ file: SourceFile, id: FileID, limits: ParserLimits, fileSize: Int? = nil) -> Result {
        let bytes = file.bytes
        var result = Result()
        func fail(_ code: DiagnosticCode, _ message: String, _ start: Int, _ end: Int) -> Result {
            result.diagnostics.append(.error(code, message, at: SourceSpan(file: id, start: start, end: end)))
            result.fatal = true
            return result
        }

        // libxml2 takes an Int32 size; the limit can be raised but never past that.
        let limit = min(max(0, limits.maxBytes), Int(Int32.max))
        let size = max(bytes.count, fileSize ?? 0)
        if size > limit {
            let what = size == Int.max ? "more than \(limit) bytes" : "\(size) bytes"
            return fail(
                .fileTooLarge,
                "the file is \(what), over the limit of \(limit) bytes; "
                    + "make the scene smaller or raise the limit", 0, 0)
        }

        var bodyStart = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bodyStart = 3 }
        if bytes[bodyStart...].allSatisfy(ByteClass.isXMLSpace) {
            return fail(.emptyFile, "the file is empty; a scene starts with <scene width=\"…\" height=\"…\">", 0, 0)
        }
        // UTF-32 first: its little-endian byte order mark starts like UTF-16's.
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            return fail(.notUTF8, "the file is encoded as UTF-32; save it as UTF-8", 0, 4)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return fail(.notUTF8, "the file is encoded as UTF-16; save it as UTF-8", 0, 2)
        }

        let check = bytes.withUnsafeBufferPointer(scanEncoding)
        if let nul = check.firstNUL {
            return fail(
                .binaryFile,
                "the file contains NUL bytes, so it is binary, not a scene; "
                    + "a scene file is UTF-8 text", nul, nul + 1)
        }
        if let bad = check.firstInvalidUTF8 {
            let hex = String(bytes[bad], radix: 16, uppercase: true)
            return fail(
                .notUTF8, "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)); save the file as UTF-8",
                bad, bad + 1)
        }

        if let at = bytes.withUnsafeBufferPointer({ tooManyAttributes($0, limit: limits.maxAttributes) }) {
            return fail(
                .tooManyAttributes,
                "this element has more than \(limits.maxAttributes) attributes, the limit for one element; "
                    + "split it or pass fewer arguments", at.lowerBound, at.upperBound)
        }

        if let declared = encodingDeclaration(bytes, from: bodyStart) {
            let name = String(decoding: bytes[declared], as: UTF8.self)
            let normalized = name.lowercased()
            if normalized != "utf-8" && normalized != "utf8" {
                // Not fatal: libxml2 is told to ignore the declaration and the bytes are valid UTF-8.
                result.diagnostics.append(
                    .error(
                        .encodingDeclaration,
                        "the file declares encoding '\(name)', but scene files are always UTF-8; "
                            + "write encoding=\"UTF-8\" or leave the declaration out",
                        at: SourceSpan(file: id, start: declared.lowerBound, end: declared.upperBound)))
            }
        }
        return result
    }

    /// The name of the first attribute past `limit` on one start tag, if any. Comments, CDATA sections,
    /// processing instructions and quoted values are skipped; anything malformed is left to libxml2.
    static func tooManyAttributes(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Range<Int>? {
        let count = bytes.count
        func at(_ i: Int, _ literal: StaticString) -> Bool {
            let n = literal.utf8CodeUnitCount
            guard i + n <= count else { return false }
            let p = literal.utf8Start
            for k in 0..<n where bytes[i + k] != p[k] { return false }
            return true
        }
        func skip(past terminator: StaticString, from start: Int) -> Int {
            var i = start
            while i < count {
                if at(i, terminator) { return i + terminator.utf8CodeUnitCount }
                i += 1
            }
            return count
        }
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), eq = UInt8(ascii: "=")
        var i = 0
        while i < count {
            guard bytes[i] == lt else { i += 1; continue }
            if at(i, "<!--") { i = skip(past: "-->", from: i + 4); continue }
            if at(i, "<![CDATA[") { i = skip(past: "]]>", from: i + 9); continue }
            if at(i, "<?") { i = skip(past: "?>", from: i + 2); continue }
            if at(i, "<!") || at(i, "</") { i += 2; continue }
            // A start tag: count the '=' outside quoted values up to its '>'.
            var j = i + 1
            var attributes = 0
            var quote: UInt8 = 0
            while j < count {
                let b = bytes[j]
                if quote != 0 {
                    if b == quote { quote = 0 }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == gt || b == lt {
                    break
                } else if b == eq {
                    attributes += 1
                    if attributes > limit {
                        var end = j
                        while end > i, ByteClass.isXMLSpace(bytes[end - 1]) { end -= 1 }
                        var start = end
                        while start > i, !ByteClass.isXMLSpace(bytes[start - 1]) { start -= 1 }
                        return start..<end
                    }
                }
                j += 1
            }
            i = j
        }
        return nil
    }

    /// The first NUL byte and the first byte that does not start a valid UTF-8 sequence
    /// (overlong forms, surrogates and values past U+10FFFF are invalid).
    static func scanEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> (firstNUL: Int?, firstInvalidUTF8: Int?) {
        var firstNUL: Int?
        var firstInvalid: Int?
        let count = bytes.count
        var i = 0
        while i < count {
            // Eight ASCII bytes without a NUL at a time (nearly all of a scene): nothing to report in them.
            if i + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
                let high: UInt64 = 0x8080_8080_8080_8080, low: UInt64 = 0x0101_0101_0101_0101
                // No byte ≥ 0x80, and no zero byte (the classic test: (w - 0x01…) & ~w & 0x80… is 0).
                if word & high == 0 && (word &- low) & ~word & high == 0 {
                    i += 8
                    continue
                }
            }
            let lead = bytes[i]
            if lead < 0x80 {
                if lead == 0, firstNUL == nil {
                    firstNUL = i
                    if firstInvalid != nil { break }
                }
                i += 1
                continue
            }
            var length = 0
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondHigh = 0x9F
            case 0xF0: length = 4; secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondHigh = 0x8F
            default: length = 0
            }
            var valid = length > 0 && i + length <= count
            if valid {
                let second = bytes[i + 1]
                valid = second >= secondLow && second <= secondHigh
                var k = 2
                while valid && k < length {
                    valid = bytes[i + k] & 0xC0 == 0x80
                    k += 1
                }
            }
            if !valid {
                if firstInvalid == nil { firstInvalid = i }
                if firstNUL != nil { break }
                i += 1
            } else {
                i += length
            }
        }
        return (firstNUL, firstInvalid)
    }

    /// The byte range of the value of `encoding="…"` in a leading `<?xml …?>` declaration.
    static func encodingDeclaration(_ bytes: [UInt8], from start: Int) -> Range<Int>? {
        let prefix = Array("<?xml".utf8)
        guard bytes.count > start + prefix.count,
            bytes[start..<(start + prefix.count)].elementsEqual(prefix),
            ByteClass.isXMLSpace(bytes[start + prefix.count])
        else { return nil }
        var end = start + prefix.count
        while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) {
            end += 1
        }
        let keyword = Array("encoding".utf8)
        var i = start + prefix.count
        while i + keyword.count <= end {
            if bytes[i..<(i + keyword.count)].elementsEqual(keyword), ByteClass.isXMLSpace(bytes[i - 1]) {
                var j = i + keyword.count
                while j < end, ByteClass.isXMLSpace(bytes[j]) { j += 1 }
                guard j < end, bytes[j] == UInt8(ascii: "=") else { return nil }
                j += 1
                while j < end, ByteClass.isXMLSpace(bytes[j]) { j += 1 }
                guard j < end, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
                let quote = bytes[j]
                let valueStart = j + 1
                var k = valueStart
                while k < end, bytes[k] != quote { k += 1 }
                guard k < end else { return nil }
                return valueStart..<k
            }
            i += 1
        }
        return nil
    }
}
