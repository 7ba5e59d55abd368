import CodeGeneration

/// How scene and parameter names become identifiers in the generated module.
public enum TypeScriptNames {
    /// `push-button` → `PushButton`: the file name in UpperCamelCase (`draw<Name>`, `<Name>Parameters`).
    public static func upperCamel(_ name: String) -> String {
        var out = ""
        var upper = true
        for scalar in name.unicodeScalars {
            let isWordCharacter = (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) && scalar.isASCII
            guard isWordCharacter else { upper = true; continue }
            out += upper ? String(scalar).uppercased() : String(scalar)
            upper = false
        }
        if out.isEmpty || ("0"..."9").contains(out.unicodeScalars.first!) { out = "Scene" + out }
        return out
    }

    /// `PushButton` → `pushButton`.
    public static func lowerCamel(_ name: String) -> String {
        let upper = upperCamel(name)
        return upper.prefix(1).lowercased() + upper.dropFirst()
    }

    /// A scene name as a JavaScript identifier part: ASCII letters and digits kept, anything else
    /// (`π`, `é`) as `_uXXXX`, so two names never meet.
    public static func identifierPart(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") {
                out.unicodeScalars.append(scalar)
            } else {
                out += "_u" + String(scalar.value, radix: 16)
            }
        }
        return out
    }

    /// A string literal in JavaScript (JSON's escapes, which JavaScript reads alike; the line and
    /// paragraph separators escaped too, as older JavaScript ends a line at them).
    public static func string(_ text: String) -> String { literal.quoted(text) }

    static let literal = StringLiteral(
        escapes: ["\u{2028}": "\\u2028", "\u{2029}": "\\u2029"], escapesDelete: false, codePoint: StringLiteral.fourHexDigits)

    /// A finite double as JavaScript reads it back exactly (Swift's shortest round-trip form).
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
