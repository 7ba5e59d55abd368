extension String {
    /// The text with every occurrence of `target` replaced, compared byte for byte (UTF-8), as an
    /// escaper needs: in place of Foundation's `replacingOccurrences(of:with:)`, which
    /// FoundationEssentials does not have. Foundation compares composed characters, so it left a
    /// quote or backslash followed by a combining mark unescaped; this escapes it. Otherwise the
    /// two agree (checked for every scalar after and before the needles scenec escapes).
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return self }
        let bytes = Array(utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == needle[0] && i + needle.count <= bytes.count && bytes[i..<i + needle.count].elementsEqual(needle) {
                result.append(contentsOf: replacement.utf8)
                i += needle.count
            } else {
                result.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
