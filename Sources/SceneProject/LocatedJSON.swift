/// A JSON document with the byte span of every value and key.
///
/// Foundation's JSONDecoder decodes the manifest, but it reports coding paths, not lines; it also
/// accepts trailing commas and silently keeps the first of two equal keys. So the manifest is first
/// read by this strict RFC 8259 reader, which says where a syntax error is, refuses duplicate
/// keys, and lets every later error (a decoding error's coding path, an unknown parameter) be
/// turned back into a `FILE:LINE:COL`.
public struct LocatedJSON: Sendable {
    public enum Kind: Sendable {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        case number
        case bool(Bool)
        case null
    }

    public struct Member: Sendable {
        public let key: String
        /// The key with its quotes.
        public let keySpan: Range<Int>
        public let value: LocatedJSON
    }

    public let kind: Kind
    /// The value's bytes: a string with its quotes, an object from `{` to `}`.
    public let span: Range<Int>

    /// A syntax error at a byte offset.
    public struct SyntaxError: Error, Sendable, Equatable {
        public let offset: Int
        public let message: String

        public init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }
    }

    /// Deeper documents are refused rather than risking the stack; a manifest needs 4 levels.
    public static let maxDepth = 100

    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> LocatedJSON {
        var reader = Reader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 } // a UTF-8 byte order mark
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.offset == bytes.count else {
            throw SyntaxError(offset: reader.offset, message: "unexpected \(reader.describeHere()) after the end of the JSON value")
        }
        return value
    }

    /// The member with this key, when this is an object.
    public func member(_ key: String) -> Member? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }
    }

    /// What kind of value this is, for messages: "a string", "a number".
    public var description: String {
        switch kind {
        case .object: return "an object"
        case .array: return "a list"
        case .string: return "a string"
        case .number: return "a number"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }
}

private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    typealias SyntaxError = LocatedJSON.SyntaxError

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipSpace() {
        while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { offset += 1 }
    }

    func describeHere() -> String {
        guard let c = current else { return "end of file" }
        if c >= 0x21 && c < 0x7F { return "'\(Character(UnicodeScalar(c)))'" }
        if c == 0x20 { return "space" }
        return c < 0x80 ? "control character" : "character"
    }

    func error(_ message: String) -> SyntaxError { SyntaxError(offset: offset, message: message) }

    mutating func value(depth: Int) throws(SyntaxError) -> LocatedJSON {
        guard depth < LocatedJSON.maxDepth else { throw error("the JSON is nested more than \(LocatedJSON.maxDepth) levels deep") }
        let start = offset
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""):
            let text = try string()
            return LocatedJSON(kind: .string(text), span: start..<offset)
        case UInt8(ascii: "t"): try literal("true"); return LocatedJSON(kind: .bool(true), span: start..<offset)
        case UInt8(ascii: "f"): try literal("false"); return LocatedJSON(kind: .bool(false), span: start..<offset)
        case UInt8(ascii: "n"): try literal("null"); return LocatedJSON(kind: .null, span: start..<offset)
        case let c? where c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39):
            try number()
            return LocatedJSON(kind: .number, span: start..<offset)
        case nil:
            throw error("the JSON ends where a value was expected")
        default:
            if current == UInt8(ascii: "'") {
                throw error("JSON strings are written in double quotes, not single quotes")
            }
            throw error("expected a value (a string in double quotes, a number, true, false, null, [ or {), found \(describeHere())")
        }
    }

    mutating func literal(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        guard offset + expected.count <= bytes.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw error("expected '\(word)'")
        }
        offset += expected.count
    }

    mutating func number() throws(SyntaxError) {
        func digits(_ reader: inout Reader) -> Int {
            var n = 0
            while let c = reader.current, c >= 0x30 && c <= 0x39 { reader.offset += 1; n += 1 }
            return n
        }
        if current == UInt8(ascii: "-") { offset += 1 }
        if current == UInt8(ascii: "0") {
            offset += 1
            if let c = current, c >= 0x30 && c <= 0x39 { throw error("a JSON number cannot start with 0 followed by digits") }
        } else if digits(&self) == 0 {
            throw error("expected digits in the number")
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw error("expected digits after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
        }
    }

    mutating func string() throws(SyntaxError) -> String {
        let open = offset
        offset += 1 // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flush(_ reader: Reader, to end: Int) {
            scalars.append(contentsOf: String(decoding: reader.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let c = current else {
                throw SyntaxError(offset: open, message: "this string is not closed: add a \" at its end")
            }
            switch c {
            case UInt8(ascii: "\""):
                flush(self, to: offset)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self, to: offset)
                offset += 1
                guard let e = current else { throw error("the string ends inside an escape") }
                offset += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        // A surrogate pair: the low half must follow as another \u escape.
                        guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                            throw error("a \\u escape of a high surrogate must be followed by its low surrogate")
                        }
                        offset += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("expected a low surrogate \\uDC00…\\uDFFF") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = UnicodeScalar(code) else { throw error("\\u escape of a lone surrogate") }
                    scalars.append(scalar)
                default:
                    offset -= 2 // point at the backslash
                    throw error("unknown escape '\\\(Character(UnicodeScalar(e)))' in a string; write a backslash as \\\\")
                }
                runStart = offset
            case 0x00..<0x20:
                throw error("a control character (such as a line break or tab) in a string; write it as \\n or \\t")
            default:
                offset += 1
            }
        }
    }

    mutating func hex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current else { throw error("expected 4 hexadecimal digits after \\u") }
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = UInt32(c - 0x30)
            case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
            default: throw error("expected 4 hexadecimal digits after \\u")
            }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }

    mutating func object(depth: Int) throws(SyntaxError) -> LocatedJSON {
        let start = offset
        offset += 1
        var members: [LocatedJSON.Member] = []
        skipSpace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return LocatedJSON(kind: .object(members), span: start..<offset)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") { throw error("a comma before '}': remove the last comma") }
                throw error("expected a key in double quotes, found \(describeHere())")
            }
            let keyStart = offset
            let key = try string()
            let keySpan = keyStart..<offset
            if members.contains(where: { $0.key == key }) {
                throw SyntaxError(offset: keyStart, message: "the key \"\(key)\" appears twice in this object; keep one")
            }
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\", found \(describeHere())") }
            offset += 1
            skipSpace()
            let value = try value(depth: depth + 1)
            members.append(LocatedJSON.Member(key: key, keySpan: keySpan, value: value))
            skipSpace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return LocatedJSON(kind: .object(members), span: start..<offset)
            default:
                throw error("expected ',' or '}' after the value of \"\(key)\", found \(describeHere())")
            }
        }
    }

    mutating func array(depth: Int) throws(SyntaxError) -> LocatedJSON {
        let start = offset
        offset += 1
        var items: [LocatedJSON] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return LocatedJSON(kind: .array(items), span: start..<offset)
        }
        while true {
            skipSpace()
            if current == UInt8(ascii: "]") { throw error("a comma before ']': remove the last comma") }
            items.append(try value(depth: depth + 1))
            skipSpace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return LocatedJSON(kind: .array(items), span: start..<offset)
            default:
                throw error("expected ',' or ']' in the list, found \(describeHere())")
            }
        }
    }
}
