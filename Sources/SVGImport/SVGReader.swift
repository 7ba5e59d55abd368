// The importer's XML reader: XMLEvents' events (libxml2 with the scene parser's safe settings, less
// IGNORE_ENC: an SVG file may declare another encoding) copied into an `SVGElement` tree. No DOM, no
// network, no DTD loaded, no entity declared or expanded (an internal subset that declares any is
// refused before parsing).
import XMLEvents

/// Limits that keep a hostile SVG cheap to refuse.
public struct SVGReaderLimits: Sendable {
    /// The largest file read, in bytes (icon files are a few kilobytes; the largest Adwaita one is 60 KB).
    public var maxBytes = 4 << 20
    /// The deepest nesting of elements.
    public var maxDepth = 64
    /// The most elements in one file.
    public var maxElements = 50_000
    public init() {}
}

/// Why a file could not be read as SVG: a message with the line it happened on.
public struct SVGReadError: Error, Sendable {
    public let message: String
    public let line: Int
    public let column: Int
    public let help: String
}

public enum SVGReader {
    /// As the scene parser's, but an encoding declaration is honored (libxml2 converts to UTF-8).
    private static let options = XMLReadOptions(ignoreEncodingDeclaration: false)

    /// The root element of `bytes`, or why not.
    public static func read(_ bytes: [UInt8], limits: SVGReaderLimits = .init()) -> Result<SVGElement, SVGReadError> {
        if bytes.isEmpty { return .failure(.init(message: "the file is empty", line: 1, column: 1, help: "import an SVG file")) }
        if bytes.count > limits.maxBytes {
            return .failure(
                .init(
                    message: "the file has \(bytes.count) bytes, more than the \(limits.maxBytes) an SVG import reads",
                    line: 1, column: 1, help: "simplify the drawing, or split it into several files"))
        }
        if let offset = find(Array("<!ENTITY".utf8), in: bytes) {
            let (line, column) = Lines(bytes).position(of: offset)
            return .failure(
                .init(
                    message: "the file declares an entity (<!ENTITY>): entities are never expanded",
                    line: line, column: column,
                    help: "write the text the entity stands for in its place and remove the DOCTYPE"))
        }
        let builder = Builder(bytes: bytes, limits: limits)
        let outcome = bytes.withUnsafeBufferPointer { XMLEventReader.read($0, options: options, to: builder) }
        if outcome != .read { builder.fail("could not start the XML parser (out of memory)", at: 0) }
        if let error = builder.error { return .failure(error) }
        guard let root = builder.root else {
            return .failure(.init(message: "the file holds no element", line: 1, column: 1, help: "import an SVG file"))
        }
        guard root.name == "svg", root.prefix == nil else {
            return .failure(
                .init(
                    message: "the root element is <\(root.name)>, not <svg>", line: root.line, column: root.column,
                    help: "import an SVG file: its root element is <svg>"))
        }
        return .success(root)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] {
            if Array(bytes[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }

    /// Collects the tree while libxml2 reads; stops the parser at the first error or limit.
    final class Builder: XMLEventHandler {
        let bytes: [UInt8]
        let lines: Lines
        let limits: SVGReaderLimits
        var stack: [SVGElement] = []
        var root: SVGElement?
        var error: SVGReadError?
        var count = 0

        init(bytes: [UInt8], limits: SVGReaderLimits) {
            self.bytes = bytes; self.lines = Lines(bytes); self.limits = limits
        }

        func fail(_ message: String, at offset: Int, help: String = "fix the XML, or export the file again from its editor") {
            guard error == nil else { return }
            let (line, column) = lines.position(of: offset)
            error = SVGReadError(message: message, line: line, column: column, help: help)
        }

        func failAt(line: Int, column: Int, _ message: String) {
            guard error == nil else { return }
            error = SVGReadError(
                message: message, line: max(1, line), column: max(1, column),
                help: "fix the XML, or export the file again from its editor")
        }

        /// The start of the tag that ends just before `end`: the last `<` before it (a `<` cannot
        /// stand inside an attribute value).
        func tagStart(before end: Int) -> Int {
            var i = min(end, bytes.count) - 1
            while i > 0, bytes[i] != UInt8(ascii: "<") { i -= 1 }
            return max(0, i)
        }

        func start(name: String, prefix: String?, attributes: [String: String], end: Int) {
            guard error == nil else { return }
            count += 1
            let offset = tagStart(before: end)
            if count > limits.maxElements {
                fail("more than \(limits.maxElements) elements", at: offset, help: "simplify the drawing, or split it into several files")
                return
            }
            if stack.count >= limits.maxDepth {
                fail("elements nested more than \(limits.maxDepth) deep", at: offset, help: "flatten the groups of the drawing")
                return
            }
            let (line, column) = lines.position(of: offset)
            stack.append(SVGElement(name: name, prefix: prefix, attributes: attributes, line: line, column: column))
        }

        func end() {
            guard error == nil, let element = stack.popLast() else { return }
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }

        func text(_ text: String) {
            guard error == nil, !stack.isEmpty else { return }
            // Only a <style> sheet's text matters; other text (titles, descriptions) is kept short.
            if stack[stack.count - 1].name == "style" || stack[stack.count - 1].text.utf8.count < 4096 {
                stack[stack.count - 1].text += text
            }
        }

        // MARK: XMLEventHandler

        /// The parser stops at the first error or limit.
        var stopRequested: Bool { error != nil }

        func startElement(_ tag: XMLStartTag, at cursor: XMLCursor) {
            var values: [String: String] = [:]
            for attribute in tag.attributes {
                let local = String(decoding: attribute.localName, as: UTF8.self)
                let key = attribute.prefix.map { String(decoding: $0, as: UTF8.self) + ":" + local } ?? local
                values[key] = String(decoding: attribute.value, as: UTF8.self)
            }
            start(name: tag.name, prefix: tag.prefix, attributes: values, end: cursor.bytesConsumed)
        }

        func endElement(at cursor: XMLCursor) { end() }

        func characters(_ text: UnsafeBufferPointer<UInt8>) { self.text(String(decoding: text, as: UTF8.self)) }

        func cdata(_ text: UnsafeBufferPointer<UInt8>) {
            if !text.isEmpty { characters(text) }
        }

        /// A DOCTYPE is read past (its external subset is never loaded; entities were refused above).
        func doctype(at cursor: XMLCursor) {}

        func problem(_ problem: XMLProblem) {
            guard problem.level != .warning else { return }
            // (An empty message is one libxml2 did not give.)
            let message = (problem.message.isEmpty ? "malformed XML" : problem.message).trimmed(" \n")
            failAt(line: problem.line, column: problem.column, "malformed XML: \(message)")
        }
    }
}

/// Byte offsets to 1-based lines and columns (columns count characters, as editors do).
struct Lines {
    private let starts: [Int]
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        self.starts = starts
        self.bytes = bytes
    }

    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let start = starts[low]
        let end = min(max(offset, start), bytes.count)
        let characters = bytes[start..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (low + 1, characters + 1)
    }
}

extension StringProtocol {
    /// The text without the characters of `set` at either end (compared as Unicode scalars: "\r\n"
    /// is one Character, and a set of Characters would miss a lone "\n").
    func trimmed(_ set: String) -> String {
        let drop = Set(set.unicodeScalars)
        let scalars = Array(unicodeScalars)
        var start = 0, end = scalars.count
        while start < end, drop.contains(scalars[start]) { start += 1 }
        while end > start, drop.contains(scalars[end - 1]) { end -= 1 }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[start..<end])
        return String(out)
    }
}
