/// A pattern of a manifest's `"exclude"` list, matched against a scene's path relative to the
/// manifest's folder, as `.gitignore` patterns are: `*` is any run of characters within one folder
/// or file name, `?` one character, `**` any number of folders; a pattern that names a folder
/// (`parts`, `parts/`, `parts/**`) takes everything in it. `.scene` may be left out
/// (`parts/knob` is `parts/knob.scene`), as in a variant's `scene`.
public struct ExcludePattern: Sendable, Hashable {
    public let text: String
    private let segments: [Substring]

    public init(_ text: String) {
        self.text = text
        var pattern = Substring(text)
        while pattern.hasPrefix("./") { pattern = pattern.dropFirst(2) }
        while pattern.hasSuffix("/") { pattern = pattern.dropLast() }
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether the pattern takes the scene at `relativePath` (`parts/knob.scene`): the file itself,
    /// or a folder it is in.
    public func matches(_ relativePath: String) -> Bool {
        guard !segments.isEmpty else { return false }
        var path = relativePath.split(separator: "/", omittingEmptySubsequences: true)
        guard !path.isEmpty else { return false }
        if Self.match(segments[...], path[...]) { return true }
        if path[path.count - 1].hasSuffix(".scene") {
            path[path.count - 1] = path[path.count - 1].dropLast(6)
            if Self.match(segments[...], path[...]) { return true }
        }
        // A folder the file is in.
        return (1..<path.count).contains { Self.match(segments[...], path[..<$0]) }
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        wildcard(Array(pattern), Array(path), isStar: { $0 == "**" }) { segment, name in
            wildcard(Array(segment.unicodeScalars), Array(name.unicodeScalars), isStar: { $0 == "*" }) { $0 == "?" || $0 == $1 }
        }
    }

    /// Whether `items` match `pattern`, in which a star matches any run of items and every other
    /// element exactly one item it `fits`. Greedy, going back only to the last star: time
    /// O(pattern × items) whatever the stars (a pattern full of them cannot make a build hang).
    private static func wildcard<P, I>(_ pattern: [P], _ items: [I], isStar: (P) -> Bool, fits: (P, I) -> Bool) -> Bool {
        var p = 0, i = 0
        var star: Int?, resume = 0
        while i < items.count {
            if p < pattern.count, isStar(pattern[p]) {
                star = p
                resume = i
                p += 1
            } else if p < pattern.count, fits(pattern[p], items[i]) {
                p += 1
                i += 1
            } else if let star {
                p = star + 1
                resume += 1
                i = resume
            } else {
                return false
            }
        }
        while p < pattern.count, isStar(pattern[p]) { p += 1 }
        return p == pattern.count
    }
}
