/// Whether a file's lines may be quoted in a diagnostic's excerpt. A file that is not scene or
/// manifest text — binary (a NUL byte), not valid UTF-8, or not starting with `<`, `{` or `[` after
/// a byte-order mark and white space — gets located diagnostics without excerpts: a `leak.scene`
/// that is really a key file, a password list or an image must not have its first line printed
/// into a CI log. The check is one pass over the bytes, done once per file when rich diagnostics
/// are rendered.
public enum QuotableText {
    public static func isQuotable(_ bytes: [UInt8]) -> Bool {
        startsLikeMarkup(bytes) && isUTF8Text(bytes)
    }

    /// The first significant byte is `<` (XML), `{` or `[` (JSON); an empty or blank file shows nothing anyway.
    static func startsLikeMarkup(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return true }
        return bytes[index] == UInt8(ascii: "<") || bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")
    }

    /// Valid UTF-8 (no overlong forms, surrogates or code points past U+10FFFF) without a NUL byte.
    static func isUTF8Text(_ bytes: [UInt8]) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let lead = bytes[i]
            if lead == 0 { return false }
            if lead < 0x80 { i += 1; continue }
            var length = 3, low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: low = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: break
            case 0xED: high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard i + length <= n, (low...high).contains(bytes[i + 1]) else { return false }
            for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }
}
