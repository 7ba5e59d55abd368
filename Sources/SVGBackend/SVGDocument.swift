#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An SVG document the SVG backend wrote, with what a rasterizer must know before it parses it.
/// Only `SVGBackend.document` makes one, so a PNG can only ever be rendered from scenec's own,
/// checked output (never from arbitrary text that skipped the limits).
public struct SVGDocument: Sendable, Hashable {
    public let text: String
    /// Start tags in the document: librsvg's memory grows with them, so PNG output is bounded by it.
    public let elementCount: Int
    /// The canvas in points.
    public let width: Double
    public let height: Double

    init(text: String, width: Double, height: Double) {
        self.text = text
        self.width = width
        self.height = height
        self.elementCount = SVGDocument.startTags(in: text)
    }

    /// Start tags (`<` not followed by `/` or `?`), counted with memchr: a fraction of writing the text.
    static func startTags(in text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes -> Int in
            guard let base = bytes.baseAddress else { return 0 }
            var count = 0
            var i = 0
            while i < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: "<")), bytes.count - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at + 1 < bytes.count, bytes[at + 1] != UInt8(ascii: "/"), bytes[at + 1] != UInt8(ascii: "?") { count += 1 }
                i = at + 1
            }
            return count
        }
    }
}
