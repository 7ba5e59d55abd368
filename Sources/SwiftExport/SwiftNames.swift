import CodeGeneration
/// Swift spellings of what a scene names: its own names as identifiers (keywords in backticks),
/// string and number literals; the rules all generators share are `CodeGeneration`'s.
public enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "some", "any",
    ]

    /// A scene name as a Swift identifier: letters, digits and `_` kept (scene names are ASCII
    /// identifiers or Greek letters, which Swift accepts), keywords in backticks.
    public static func identifier(_ name: String) -> String { CodeNames.identifier(name, keywords: keywords) }

    /// Swift's escapes: a control character as `\u{1b}`.
    static let literal = StringLiteral(escapesDelete: true, codePoint: { "\\u{" + String($0, radix: 16) + "}" })

    /// A Swift string literal of `text`.
    public static func stringLiteral(_ text: String) -> String { literal.quoted(text) }

    /// A Double as a Swift literal that reads back as the same Double (Swift's shortest round trip).
    public static func doubleLiteral(_ v: Double) -> String { CodeNames.doubleLiteral(v) }
}
