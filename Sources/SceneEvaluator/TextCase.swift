/// The pure text work of `upper`, `lower` and `truncate`, on Unicode scalars: what the export
/// runtimes port (JavaScript maps and counts code points the same way).
enum TextCase {
    /// Each scalar by Unicode's full case mapping on its own (`ß` → `SS`, `Σ` → `σ` wherever it
    /// stands): no locale and no context, which JavaScript's `toUpperCase` and `toLowerCase` of a
    /// single code point give too (a whole string's `toLowerCase` would make a final `Σ` a `ς`).
    static func map(_ s: String, upper: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if scalar.isASCII {
                let v = scalar.value
                let shifted = upper ? (v >= 97 && v <= 122 ? v - 32 : v) : (v >= 65 && v <= 90 ? v + 32 : v)
                out.append(Unicode.Scalar(UInt8(shifted)))
            } else {
                out.append(contentsOf: (upper ? scalar.properties.uppercaseMapping : scalar.properties.lowercaseMapping).unicodeScalars)
            }
        }
        return String(out)
    }

    /// At most `n` (≥ 1) scalars: the text itself when it fits, else its first n − 1 scalars with
    /// the spaces (U+0020) they end with dropped, and "…" (U+2026).
    static func truncate(_ s: String, to n: Int) -> String {
        let scalars = s.unicodeScalars
        var count = 0
        var cut = scalars.startIndex
        for index in scalars.indices {
            if count == n - 1 { cut = index }
            count += 1
            if count > n { break }
        }
        guard count > n else { return s }
        var kept = String.UnicodeScalarView(scalars[..<cut])
        while kept.last == " " { kept.removeLast() }
        return String(kept) + "…"
    }
}
