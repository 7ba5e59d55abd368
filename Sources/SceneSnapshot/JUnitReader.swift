/// Reads back a JUnit file that `scenec test` wrote (`SnapshotRun.junit`), strictly: the XML
/// declaration, `<testsuites>`, one `<testsuite>`, and `<testcase>` elements each with at most one
/// `<system-out>`, `<failure>` or `<error>` holding text. Anything else (another element, a
/// comment, CDATA, a DTD, an unknown entity, a tag left open) is refused, so that a shard's file
/// cannot smuggle markup into the merged report: `JUnitMerge` re-emits what it read, escaped.
enum JUnitReader {
    struct Suite {
        var attributes: [String: String]
        var cases: [TestCase]
    }

    struct TestCase {
        var attributes: [String: String]
        /// `system-out`, `failure` or `error`, with its `message` and text; nil for a bare case.
        var outcome: (kind: String, message: String?, text: String)?
    }

    struct Refusal: Error {
        let reason: String
    }

    static func read(_ text: String) throws(Refusal) -> Suite {
        var scanner = Scanner(Array(text.utf8))
        scanner.skipSpace()
        if scanner.starts(with: "<?xml") {
            guard let end = scanner.find("?>") else { throw Refusal(reason: "an unfinished XML declaration") }
            scanner.position = end + 2
            scanner.skipSpace()
        }
        var suite: Suite?
        let root = try scanner.startTag()
        guard root.name == "testsuites", !root.empty else { throw Refusal(reason: "no <testsuites>") }
        while true {
            scanner.skipSpace()
            if try scanner.endTag("testsuites") { break }
            let tag = try scanner.startTag()
            guard tag.name == "testsuite", suite == nil else { throw Refusal(reason: "<\(tag.name)> where one <testsuite> belongs") }
            var cases: [TestCase] = []
            if !tag.empty {
                while true {
                    scanner.skipSpace()
                    if try scanner.endTag("testsuite") { break }
                    cases.append(try testCase(&scanner))
                }
            }
            suite = Suite(attributes: tag.attributes, cases: cases)
        }
        scanner.skipSpace()
        guard scanner.atEnd else { throw Refusal(reason: "text after </testsuites>") }
        guard let suite else { throw Refusal(reason: "no <testsuite>") }
        return suite
    }

    private static func testCase(_ scanner: inout Scanner) throws(Refusal) -> TestCase {
        let tag = try scanner.startTag()
        guard tag.name == "testcase" else { throw Refusal(reason: "<\(tag.name)> where a <testcase> belongs") }
        var result = TestCase(attributes: tag.attributes, outcome: nil)
        if tag.empty { return result }
        scanner.skipSpace()
        if try scanner.endTag("testcase") { return result }
        let inner = try scanner.startTag()
        guard ["system-out", "failure", "error"].contains(inner.name) else {
            throw Refusal(reason: "<\(inner.name)> inside a <testcase>")
        }
        let text = inner.empty ? "" : try scanner.text(until: inner.name)
        result.outcome = (inner.name, inner.attributes["message"], text)
        scanner.skipSpace()
        guard try scanner.endTag("testcase") else { throw Refusal(reason: "more than one outcome in a <testcase>") }
        return result
    }

    /// A cursor over the bytes with the few XML productions the format uses.
    struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position >= bytes.count }

        func starts(with literal: String) -> Bool {
            let literal = Array(literal.utf8)
            return bytes.count - position >= literal.count && Array(bytes[position..<(position + literal.count)]) == literal
        }

        func find(_ literal: String) -> Int? {
            let literal = Array(literal.utf8)
            var index = position
            while index + literal.count <= bytes.count {
                if bytes[index] == literal[0], Array(bytes[index..<(index + literal.count)]) == literal { return index }
                index += 1
            }
            return nil
        }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func name() throws(Refusal) -> String {
            let start = position
            while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
            guard position > start else { throw Refusal(reason: "a tag without a name") }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// `<name attr="value" …>` or `<name …/>`.
        mutating func startTag() throws(Refusal) -> (name: String, attributes: [String: String], empty: Bool) {
            guard starts(with: "<"), !starts(with: "</"), !starts(with: "<!"), !starts(with: "<?") else {
                throw Refusal(reason: "markup that is not an element where an element belongs")
            }
            position += 1
            let tag = try name()
            var attributes: [String: String] = [:]
            while true {
                skipSpace()
                if starts(with: "/>") { position += 2; return (tag, attributes, true) }
                if starts(with: ">") { position += 1; return (tag, attributes, false) }
                let key = try name()
                skipSpace()
                guard starts(with: "=") else { throw Refusal(reason: "an attribute without a value") }
                position += 1
                skipSpace()
                guard starts(with: "\"") else { throw Refusal(reason: "an attribute value not in double quotes") }
                position += 1
                guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\"")) else {
                    throw Refusal(reason: "an unfinished attribute value")
                }
                let raw = bytes[position..<end]
                guard !raw.contains(UInt8(ascii: "<")) else { throw Refusal(reason: "'<' in an attribute value") }
                guard attributes[key] == nil else { throw Refusal(reason: "the attribute '\(key)' twice") }
                attributes[key] = try Self.decode(raw)
                position = end + 1
            }
        }

        /// `</name>` if it is next (consumed), false if a start tag is next.
        mutating func endTag(_ expected: String) throws(Refusal) -> Bool {
            guard starts(with: "</") else {
                if atEnd { throw Refusal(reason: "<\(expected)> is never closed") }
                return false
            }
            position += 2
            let tag = try name()
            skipSpace()
            guard tag == expected, starts(with: ">") else { throw Refusal(reason: "</\(tag)> where </\(expected)> belongs") }
            position += 1
            return true
        }

        /// Character data up to `</name>` (consumed): no markup inside.
        mutating func text(until tag: String) throws(Refusal) -> String {
            guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "<")) else {
                throw Refusal(reason: "<\(tag)> is never closed")
            }
            let text = try Self.decode(bytes[position..<end])
            position = end
            guard try endTag(tag) else { throw Refusal(reason: "markup inside <\(tag)>") }
            return text
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): return true
            default: return false
            }
        }

        /// Text with its five predefined entities and character references replaced.
        static func decode(_ raw: ArraySlice<UInt8>) throws(Refusal) -> String {
            guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
            var out: [UInt8] = []
            var index = raw.startIndex
            while index < raw.endIndex {
                guard raw[index] == UInt8(ascii: "&") else { out.append(raw[index]); index += 1; continue }
                guard let semicolon = raw[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw Refusal(reason: "a '&' that is not an entity")
                }
                let entity = String(decoding: raw[(index + 1)..<semicolon], as: UTF8.self)
                let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
                if let replacement = named[entity] {
                    out += Array(replacement.utf8)
                } else if entity.hasPrefix("#"),
                    let value = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst()),
                    let scalar = Unicode.Scalar(value)
                {
                    out += Array(String(Character(scalar)).utf8)
                } else {
                    throw Refusal(reason: "the unknown entity '&\(entity);'")
                }
                index = semicolon + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
