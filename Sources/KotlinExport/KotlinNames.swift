import SwiftExport

/// Kotlin spellings of what a scene names: types from file names (`push-button.scene` →
/// `PushButtonScene`, as the Swift generator names them), the scene's own names as identifiers
/// (keywords in backticks), literals that read back as the same values.
public enum KotlinNames {
    public static func typeName(fileName: String) -> String { SwiftNames.upperCamel(fileName: fileName) + "Scene" }

    static let keywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null", "object",
        "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when", "while",
    ]

    /// A scene name as a Kotlin identifier: letters, digits and `_` kept (scene names are ASCII
    /// identifiers or Greek letters, which Kotlin accepts), hard keywords in backticks.
    public static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Kotlin string literal of `text` (`$` escaped: Kotlin would read a template).
    public static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A Double as a Kotlin literal that reads back as the same Double.
    public static func doubleLiteral(_ v: Double) -> String { SwiftNames.doubleLiteral(v) }

    /// An Int as a Kotlin Long literal (the smallest one has no literal).
    public static func longLiteral(_ v: Int) -> String { v == Int.min ? "Long.MIN_VALUE" : "\(v)L" }
}

/// What the generator cannot write, or a scene it cannot export: where and why.
public struct KotlinExportError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let location: String
    public var description: String { "\(location): error: \(message)" }
}

/// Lines of Kotlin with indentation, four spaces a level.
struct KotlinCodeWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ s: String = "") {
        text += s.isEmpty ? "\n" : String(repeating: "    ", count: depth) + s + "\n"
    }

    mutating func open(_ s: String) {
        line(s)
        depth += 1
    }

    /// `} else {`: closes a level and opens the next on one line.
    mutating func reopen(_ s: String) {
        depth -= 1
        line(s)
        depth += 1
    }

    mutating func close(_ s: String = "}") {
        depth -= 1
        line(s)
    }
}

/// The Kotlin names of a body's scene inputs, parameters and slots: the scene's own, made unique
/// within the body (a name the body declares twice in separate blocks gets `_2`).
final class KotlinNameTable {
    enum Name: Hashable { case width, height, parameter(Int), slot(Int) }

    private var kotlin: [Name: String] = [:]
    private var taken: Set<String> = []

    func define(_ name: Name, as wanted: String) {
        var candidate = KotlinNames.identifier(wanted)
        if taken.contains(candidate) || wanted.hasPrefix("_") {
            var n = 2
            while taken.contains("\(wanted)_\(n)") { n += 1 }
            candidate = "\(wanted)_\(n)"
        }
        taken.insert(candidate)
        kotlin[name] = candidate
    }

    func name(_ name: Name) -> String { kotlin[name] ?? "_undefined" }
}
