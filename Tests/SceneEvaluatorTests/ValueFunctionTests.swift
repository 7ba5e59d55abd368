import SceneEvaluator
import Testing

/// Issue 22's values: color introspection (`red` … `contrast`), logarithms and `exp`, and the
/// string functions, with the edge cases Grammar.md section 6 states.
struct ValueFunctionTests {
    /// What `{expression}` shows in a <text>, or the first error's message.
    func shown(_ expression: String) -> String {
        let escaped = expression.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let out = compile("<text>{\(escaped)}</text>")
        if let line = out.split(separator: "\n").first(where: { $0.hasPrefix("  text \"") }) {
            let afterQuote = line.dropFirst("  text \"".count)
            return String(afterQuote[..<afterQuote.range(of: "\" at ")!.lowerBound])
        }
        let first = out.split(separator: "\n").first.map(String.init) ?? out
        return first.range(of: "]: ").map { String(first[$0.upperBound...]) } ?? first
    }

    @Test func channelsReadBackWhatRgbTook() {
        #expect(shown("[red(#57dad5), green(#57dad5), blue(#57dad5), alpha(#57dad580)]") == "87, 218, 213, 0.502")
        #expect(shown("rgb(red(tomato), green(tomato), blue(tomato)) == tomato") == "true")
        #expect(shown("red(mix(black, white, 0.5))") == "127.5")
    }

    @Test func hueSaturationAndLightnessAreHSL() {
        #expect(shown("[hue(lime), saturation(lime), lightness(lime)]") == "0.3333, 1, 0.5")
        #expect(shown("[hue(gray), saturation(gray), lightness(white)]") == "0, 0, 1")
        // The hue is hsb()'s: a fraction of a turn.
        #expect(shown("hue(hsb(0.61, 0.5, 0.9)) == 0.61 or abs(hue(hsb(0.61, 0.5, 0.9)) - 0.61) < 1e-12") == "true")
        #expect(shown("lightness(lighter(red, 0.5))") == "0.75")
    }

    @Test func luminanceAndContrastFollowWCAG2() {
        #expect(shown("[luminance(black), luminance(white)]") == "0, 1")
        #expect(shown("format(luminance(#777777), 4)") == "0.1845")
        #expect(shown("[contrast(black, white), contrast(white, black), contrast(teal, teal)]") == "21, 21, 1")
        // WCAG's own example figure: #767676 on white is the lightest gray at 4.5:1.
        #expect(shown("format(contrast(#767676, white), 2)") == "4.54")
        // Alpha is ignored: a translucent color is measured as opaque.
        #expect(shown("luminance(withAlpha(white, 0.1))") == "1")
    }

    @Test func aLabelPicksBlackOrWhiteTextForAnyBackground() {
        let pick = "contrast(bg, black) >= contrast(bg, white) ? black : white"
        for (background, expected) in [("#ffd60a", "#000000ff"), ("#1c1c1e", "#ffffffff"), ("#0a84ff", "#000000ff"), ("#5e5ce6", "#ffffffff")] {
            let out = compile("<param name=\"bg\" type=\"color\" default=\"\(background)\"/><text fill=\"\(pick)\">A</text>")
            #expect(out.contains("weight=400 \(expected)"), "\(background): \(out)")
        }
    }

    @Test func logarithmsAndExp() {
        #expect(shown("[log(1), log10(1000), log10(0.001), exp(0)]") == "0, 3, -3, 1")
        #expect(shown("join([format(exp(1), 6), format(log(10), 6)], ' ')") == "2.718282 2.302585")
        // Nice axis ticks: the power of ten at or below a value.
        #expect(shown("pow(10, floor(log10(4321)))") == "1000")
        #expect(shown("log(0)") == "log() needs a number above 0, not 0")
        #expect(shown("log10(-5)") == "log10() needs a number above 0, not -5")
        #expect(shown("exp(710)") == "result is not a finite number")
        #expect(shown("exp(-1000)") == "0")
    }

    @Test func caseMappingIsPerScalarAndLocaleFree() {
        #expect(shown("upper('Glasses today')") == "GLASSES TODAY")
        #expect(shown("lower('Flo 42')") == "flo 42")
        #expect(shown("upper('straße')") == "STRASSE")
        // No context: a final capital sigma becomes σ, as each code point on its own.
        #expect(shown("lower('ΟΔΟΣ')") == "οδοσ")
        #expect(shown("upper(42)") == "upper() needs a string here, not an int")
    }

    @Test func lengthCountsUnicodeScalars() {
        #expect(shown("[length(''), length('Mon'), length('café'), length('cafe\u{301}'), length('👍🏽')]") == "0, 3, 4, 5, 2")
        #expect(shown("length(['a'])") == "length() needs a string here, not a list")
    }

    @Test func truncateKeepsAtMostNCharactersWithTheEllipsis() {
        #expect(shown("truncate('Glasses today', 20)") == "Glasses today")
        #expect(shown("truncate('Glasses today', 13)") == "Glasses today")
        #expect(shown("truncate('Glasses today', 12)") == "Glasses tod…")
        // The space before the cut goes: "Glasses…", not "Glasses …".
        #expect(shown("truncate('Glasses today', 9)") == "Glasses…")
        #expect(shown("truncate('Water', 1)") == "…")
        #expect(shown("truncate('W', 1)") == "W")
        #expect(shown("truncate('Water', 0)") == "truncate() keeps at least 1 character, not 0")
        #expect(shown("truncate('Water', 2.5)") == "truncate() keeps a whole number of characters, not a number")
    }

    @Test func joinShowsElementsAsTextShowsThem() {
        #expect(shown("join(['Mon', 'Tue', 'Wed'], ' · ')") == "Mon · Tue · Wed")
        #expect(shown("join([1, 2.5, 1 / 3], '/')") == "1/2.5/0.3333")
        #expect(shown("join([red, blue], ' ')") == "#ff0000ff #0000ffff")
        #expect(shown("join(slice(['a'], 0, 0), ', ') == ''") == "true")
        #expect(shown("join(['a'], 0)") == "join() needs a string here, not an int")
        #expect(shown("join('abc', ', ')") == "join() needs a list, not a string")
    }

    /// Other languages' names find ours where spelling alone would not.
    @Test func foreignNamesSuggestOurs() {
        #expect(compile("<text>{toUpperCase('a')}</text>").contains("help: did you mean 'upper'? (JavaScript calls it 'toUpperCase')"))
        #expect(compile("<text>{len('a')}</text>").contains("help: did you mean 'length'? (Python calls it 'len')"))
        #expect(compile("<text>{joinToString(['a'], ', ')}</text>").contains("help: did you mean 'join'? (Kotlin calls it 'joinToString')"))
    }

    @Test func resultsOverTheStringLimitAreErrors() {
        var limits = EvaluationLimits()
        limits.maxStringLength = 10
        let out = compile("<let name=\"s\" value=\"'ΐΐ'\"/><text>{upper(s)}</text><text>{join(['abcd', 'efgh'], '---')}</text>", limits: limits)
        #expect(out.contains("upper() makes a string longer than the limit of 10 bytes"))
        #expect(out.contains("join() makes a string longer than the limit of 10 bytes"))
    }

    /// A long string costs steps by its length: the step limit stops a loop of them as it stops any work.
    @Test func stringWorkIsChargedByLength() {
        var limits = EvaluationLimits()
        limits.maxSteps = 40_000
        let long = String(repeating: "é", count: 10_000)
        let short = "<let name=\"s\" value=\"'\(String(long.prefix(100)))'\"/><text>{length(upper(s))}</text>"
        #expect(compile(short, limits: limits).contains("text \"100\""))
        let out = compile("<let name=\"s\" value=\"'\(long)'\"/><text>{length(upper(s))}</text>", limits: limits)
        #expect(out.contains("evaluation takes more than 40000 steps"), "\(out.prefix(300))")
        let joined = compile("<let name=\"s\" value=\"'\(long)'\"/><text>{length(join([s, s], ''))}</text>", limits: limits)
        #expect(joined.contains("text \"20000\""), "join copies bytes, cheaply: \(joined.prefix(300))")
    }

    /// `length` and `truncate` walk their text scalar by scalar: charged by its bytes, more than a copy.
    @Test func countingCharactersIsChargedByLength() {
        var limits = EvaluationLimits()
        limits.maxSteps = 4_000
        let long = String(repeating: "é", count: 10_000)
        #expect(compile("<let name=\"s\" value=\"'\(long.prefix(100))'\"/><text>{length(s)}</text>", limits: limits).contains("text \"100\""))
        for call in ["length(s)", "truncate(s, 30000)"] {
            let out = compile("<let name=\"s\" value=\"'\(long)'\"/><text>{\(call)}</text>", limits: limits)
            #expect(out.contains("evaluation takes more than 4000 steps"), "\(call): \(out.prefix(200))")
        }
    }
}
