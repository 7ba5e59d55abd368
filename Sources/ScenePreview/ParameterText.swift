import DisplayList
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneEvaluator
import SceneSource

/// Parameter values as text, the way `--set NAME=VALUE` and the manifest write them: what the
/// inspector's controls show and send, and what "Copy command" puts on the command line.
public enum ParameterText {
    /// The text `--set` parses back to `value` for a parameter of `type`.
    public static func text(_ value: Value, as type: ParameterType) -> String {
        switch value {
        case .int(let v): return String(v)
        case .number(let v): return NumberFormat.format(v, decimals: 6)
        case .bool(let v): return v ? "true" : "false"
        case .string(let s):
            // A string that starts with a quote would be read as a string expression: write it as one.
            if type == .string, s.drop(while: { $0 == " " }).first.map({ $0 == "'" || $0 == "\"" }) == true {
                return "'" + s.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
            }
            return s
        case .color(let c): return c.alpha >= 1 ? c.hexRGB : c.hexRGBA
        case .list(let items) where type == .stringList:
            // Plain `Mon,Tue` unless a text has a comma, a quote, a bracket or outer spaces (or is
            // empty): then the quoted list form, which `--set` reads back exactly.
            let strings = items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            let plain =
                !strings.isEmpty
                && strings.allSatisfy { s in
                    !s.isEmpty && s.first != " " && s.last != " " && !s.contains(where: { ",'\"[\\".contains($0) })
                }
            if plain { return strings.joined(separator: ",") }
            return "["
                + strings.map { "'" + $0.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'" }
                .joined(separator: ", ") + "]"
        case .list(let items): return items.map { text($0, as: .number) }.joined(separator: ",")
        default: return value.description
        }
    }

    /// `scenec render SCENE -o NAME.svg --set a=b … --size WxH`, each word quoted for a POSIX shell
    /// where it needs it. `values` are the parameters that differ from the scene's defaults.
    public static func renderCommand(
        scene: String, output: String, values: [(name: String, text: String)],
        size: String?
    ) -> String {
        var words = ["scenec", "render", scene, "-o", output]
        for (name, text) in values { words += ["--set", name + "=" + text] }
        if let size { words += ["--size", size] }
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: unchanged when it is made of safe characters only.
    public static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_#")
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }), !word.hasPrefix("#") { return word }
        return "'" + word.replacingEvery("'", with: "'\\''") + "'"
    }
}
