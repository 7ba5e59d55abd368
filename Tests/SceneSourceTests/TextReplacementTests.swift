import Foundation
import SceneSource
import Testing

/// The Foundation-free trimming and replacing scenec uses (it links only FoundationEssentials)
/// give what Foundation's `trimmingCharacters(in:)` and `replacingOccurrences(of:with:)` gave.
struct TextReplacementTests {
    @Test func trimmingMatchesFoundationForEveryBMPScalar() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(String.UnicodeScalarView([scalar, "a", scalar, "\u{301}", scalar]))
            #expect(text.trimming(.spaces) == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
            #expect(
                text.trimming(.spacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "U+\(String(value, radix: 16))")
        }
        #expect(" \u{301}x \t".trimming(.spaces) == "\u{301}x")
        #expect(" \t\n ".trimming(.spacesAndNewlines) == "")
    }

    @Test func replacingMatchesFoundationOutsideCombiningMarks() {
        let texts = ["a\\b\"c", "|x|\n|", "it's 'quoted'", "a\r\nb", "é\\ü\"", "", "\\\\\\", "class=\"new\" class=\"new\""]
        for text in texts {
            for (target, replacement) in [
                ("\\", "\\\\"), ("\"", "\\\""), ("|", "\\|"), ("\n", " "), ("'", "'\\''"),
                ("class=\"new\"", "class=\"new top\""),
            ] {
                #expect(
                    text.replacingEvery(target, with: replacement)
                        == text.replacingOccurrences(of: target, with: replacement))
            }
        }
        // Foundation left a quote before a combining mark unescaped; an escaper must not.
        #expect("\"\u{301}".replacingEvery("\"", with: "\\\"") == "\\\"\u{301}")
    }
}
