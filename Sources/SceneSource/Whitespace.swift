/// Trimming with the blanks of Foundation's `CharacterSet.whitespaces` and `.whitespacesAndNewlines`,
/// so that modules can import FoundationEssentials alone (it has no CharacterSet) and still trim
/// exactly as before. The lists are CoreFoundation's, checked scalar by scalar against
/// `trimmingCharacters(in:)`; they are not today's Unicode Zs (U+200B is in them, U+180E is not).
/// Like Foundation, this trims Unicode scalars, not Characters (a combining mark after a space stays).
public enum Whitespace: Sendable {
    /// `CharacterSet.whitespaces`: tab and the space separators.
    case spaces
    /// `CharacterSet.whitespacesAndNewlines`: those, U+000A–U+000D, U+0085 and the line and paragraph separators.
    case spacesAndNewlines

    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return self == .spacesAndNewlines
        default: return false
        }
    }
}

extension StringProtocol {
    /// The text without the leading and trailing `blanks`, as `trimmingCharacters(in:)` gives it.
    public func trimming(_ blanks: Whitespace) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !blanks.contains($0) }),
            let last = scalars.lastIndex(where: { !blanks.contains($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
