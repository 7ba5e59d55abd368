/// Text in double quotes for the tree dump and the display-list dump: `\` and `"` escaped with a
/// backslash and a line break written `\n`, so every value stays on its line and reads back
/// unambiguously (DisplayListDumpParser relies on it).
public enum QuotedText {
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "\"": out += "\\" + String(scalar)
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
