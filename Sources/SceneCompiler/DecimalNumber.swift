/// A number as a person writes it on a command line or in a manifest's size: `12`, `-1.5`, `.5`,
/// `2e3`. Swift's `Double(String)` also takes `nan`, `inf`, `infinity` and hexadecimal (`0x1p3`),
/// and turns `1e400` into infinity: none of them is a size or a scale, so they are refused here
/// rather than each caller remembering to check. A literal too large for a Double (`1e400`) gives
/// ±infinity and `-0` gives -0, so that the caller's range check says what is wrong with them.
public enum DecimalNumber {
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        var sawDigit = false
        var index = text.startIndex
        func skipDigits() {
            while index < text.endIndex, text[index].isASCII, text[index].isNumber { sawDigit = true; index = text.index(after: index) }
        }
        if index < text.endIndex, text[index] == "+" || text[index] == "-" { index = text.index(after: index) }
        skipDigits()
        if index < text.endIndex, text[index] == "." { index = text.index(after: index); skipDigits() }
        guard sawDigit else { return nil }
        if index < text.endIndex, text[index] == "e" || text[index] == "E" {
            index = text.index(after: index)
            if index < text.endIndex, text[index] == "+" || text[index] == "-" { index = text.index(after: index) }
            sawDigit = false
            skipDigits()
            guard sawDigit else { return nil }
        }
        guard index == text.endIndex else { return nil }
        return Double(String(text))
    }
}
