/// String literals in the C family's escapes: `"`, `\`, newline, return and tab always escaped,
/// the rest of the control characters as the language writes a code point, and the few
/// characters a language reads specially (Kotlin's `$`, JavaScript's line separators).
public struct StringLiteral: Sendable {
    /// Escapes beyond the common five.
    public let escapes: [Unicode.Scalar: String]
    /// Whether DEL (U+007F) is escaped like the C0 controls.
    public let escapesDelete: Bool
    /// How a control character's code point is written: `\u{1b}`, `\u001b`.
    public let codePoint: @Sendable (UInt32) -> String

    public init(escapes: [Unicode.Scalar: String] = [:], escapesDelete: Bool, codePoint: @escaping @Sendable (UInt32) -> String) {
        self.escapes = escapes
        self.escapesDelete = escapesDelete
        self.codePoint = codePoint
    }

    /// `\uXXXX`: four hex digits, as Kotlin, Java and JavaScript write a code point.
    public static func fourHexDigits(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    public func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if let escape = escapes[scalar] {
                    out += escape
                } else if scalar.value < 0x20 || (escapesDelete && scalar.value == 0x7F) {
                    out += codePoint(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
