/// A request's head (request line and header fields) as the preview's server reads it itself.
///
/// Why not the server library's reader: FlyingFox read a head line by line into strings with no
/// bound, in time quadratic in its length (a 64 KB head cost 1.8 s of CPU before the Host check
/// could refuse it, and any web page can send a long URL), and kept the last of two `Host` fields.
/// This reader scans the bytes once, stops at `HTTPHead.limit`, and keeps every field, so that a
/// repeated `Host` can be refused.
public struct HTTPHead: Sendable, Equatable {
    /// The largest head read, request line and fields together (the page's longest URL, every
    /// inspector value in it, is a few kilobytes). Longer ones get 431.
    public static let limit = 16 * 1024

    public var method: String
    /// The request-target as sent: `/api/render?id=…`.
    public var target: String
    public var version: String
    /// Every field in order, names lowercased, values without surrounding blanks.
    public var fields: [Field]

    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// Every value of a field (names compare without case).
    public func values(_ name: String) -> [String] {
        let name = name.lowercased()
        return fields.filter { $0.name == name }.map(\.value)
    }

    /// The value of a field that must appear at most once; nil when it is absent.
    public func value(_ name: String) -> String? { values(name).first }

    public enum Problem: Error, Equatable {
        /// Longer than `limit`: 431.
        case tooLarge
        /// Not an HTTP/1.x request head: 400.
        case malformed(String)
    }

    /// Where the head that starts `buffer` ends (the index just past its blank line), looking only
    /// at bytes from `scanned` on: a reader that calls this again after each read, with what it
    /// had already scanned, looks at every byte once or twice in all.
    public static func end(in buffer: [UInt8], scanned: Int) -> Int? {
        var index = max(0, scanned - 3)
        while index < buffer.count {
            if buffer[index] == 0x0A {
                // "\n\n" or "\n\r\n" ends the head.
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return index + 2 }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    /// Parses a complete head (as delimited by `end(in:scanned:)`).
    public static func parse(_ bytes: ArraySlice<UInt8>) -> Result<HTTPHead, Problem> {
        if bytes.count > limit { return .failure(.tooLarge) }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> ArraySlice<UInt8> in
            line.last == 0x0D ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { return .failure(.malformed("an empty request")) }
        let parts = first.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }), parts[0].allSatisfy(isTokenByte),
            parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else {
            return .failure(.malformed("the request line is not METHOD TARGET VERSION"))
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(.malformed("only HTTP/1.0 and HTTP/1.1 are served"))
        }
        var fields: [Field] = []
        for line in lines.dropFirst() {
            // Obsolete line folding and a blank before the colon are refused (RFC 9112 §5.1, §5.2).
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                line[line.startIndex..<colon].allSatisfy(isTokenByte)
            else {
                return .failure(.malformed("a header line is not NAME: VALUE"))
            }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
                return .failure(.malformed("a header value holds a control character"))
            }
            let trimmed = value.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
            fields.append(
                Field(
                    name: String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased(),
                    value: String(decoding: trimmed, as: UTF8.self)))
        }
        return .success(
            HTTPHead(
                method: String(decoding: parts[0], as: UTF8.self),
                target: String(decoding: parts[1], as: UTF8.self), version: version, fields: fields))
    }

    /// RFC 9110's token characters (method and field names).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}
