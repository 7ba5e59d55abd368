/// Text made safe for HTML and XML reports (the review page, JUnit): every text they show comes
/// from scenes, manifests and diagnostics, any of which can hold `<`, `&` and quotes.
public enum MarkupText {
    /// `text` safe in element content and in a quoted attribute value: `&`, `<`, `>`, `"` and `'`
    /// become character references; control characters other than tab and line breaks (which
    /// neither HTML nor XML 1.0 may hold) become U+FFFD. (The SVG writer has its own rule: SVG text
    /// turns line breaks into spaces and drops control characters, as renderers would.)
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
