import CodeGeneration

/// Kotlin spellings of what a scene names: types from file names (`push-button.scene` →
/// `PushButtonScene`, as the Swift generator names them), the scene's own names as identifiers
/// (keywords in backticks), literals that read back as the same values.
public enum KotlinNames {
    public static func typeName(fileName: String) -> String { CodeNames.upperCamel(fileName: fileName) + "Scene" }

    static let keywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null", "object",
        "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when", "while",
    ]

    /// A scene name as a Kotlin identifier: letters, digits and `_` kept (scene names are ASCII
    /// identifiers or Greek letters, which Kotlin accepts), hard keywords in backticks.
    public static func identifier(_ name: String) -> String { CodeNames.identifier(name, keywords: keywords) }

    /// A Kotlin string literal of `text` (`$` escaped: Kotlin would read a template).
    public static func stringLiteral(_ text: String) -> String { literal.quoted(text) }

    static let literal = StringLiteral(escapes: ["$": "\\$"], escapesDelete: true, codePoint: StringLiteral.fourHexDigits)

    /// A Double as a Kotlin literal that reads back as the same Double.
    public static func doubleLiteral(_ v: Double) -> String { CodeNames.doubleLiteral(v) }

    /// An Int as a Kotlin Long literal (the smallest one has no literal).
    public static func longLiteral(_ v: Int) -> String { v == Int.min ? "Long.MIN_VALUE" : "\(v)L" }
}

/// What the generator cannot write, or a scene it cannot export: where and why.
public struct KotlinExportError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let location: String
    public var description: String { "\(location): error: \(message)" }
}

/// The Kotlin names of a body's scene inputs, parameters and slots: the scene's own, made unique
/// within the body (`ScopeNames`, with Kotlin's keywords).
typealias KotlinNameTable = ScopeNames

extension ScopeNames {
    /// A table of Kotlin names.
    static func kotlin() -> ScopeNames { ScopeNames(identifier: KotlinNames.identifier) }

    /// The Kotlin name defined for `name`.
    func name(_ name: Name) -> String { defined(name) ?? "_undefined" }
}
