/// Swift names for what a scene names: types from file names (`push-button.scene` →
/// `PushButtonScene`), variables from the scene's own names, escaped where Swift reserves them.
public enum SwiftNames {
    /// `push-button.scene` → `PushButton`: the file's name without the extension, in UpperCamelCase.
    /// Shared in spirit with the TypeScript generator's `drawPushButton` (issue 26).
    public static func upperCamel(fileName: String) -> String {
        var base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        if base.hasSuffix(".scene") { base.removeLast(".scene".count) }
        let words = base.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty || name.first!.isNumber { name = "Scene" + name }
        return name
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "some", "any",
    ]

    /// A scene name as a Swift identifier: letters, digits and `_` kept (scene names are ASCII
    /// identifiers or Greek letters, which Swift accepts), keywords in backticks.
    public static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal of `text`.
    public static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A Double as a Swift literal that reads back as the same Double (Swift's shortest round trip).
    public static func doubleLiteral(_ v: Double) -> String {
        let text = "\(v)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
