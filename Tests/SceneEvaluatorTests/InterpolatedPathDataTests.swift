import Testing

/// `<path d="M {x} {y} …">` (Grammar.md §10 "Path data", interpolated): the interpolated numbers
/// draw what the same numbers written literally draw, and their errors are located at the
/// expression inside the attribute.
struct InterpolatedPathDataTests {
    /// Each pair: interpolated, and literal at x = 10, y = 20, r = 5.
    @Test(arguments: [
        ("M {x} {y} L {x + 30} {y} l 0 {r} Z", "M 10 20 L 40 20 l 0 5 Z"),
        ("m {x} {y} l {r} 0 h {-r} v {r * 2} z m 1 1 l {x} {y}", "m 10 20 l 5 0 h -5 v 10 z m 1 1 l 10 20"),
        ("M {x} {y} c {r} 0 {r * 2} {r} {r * 2} {r * 2} s {-r} {r * 2} {-r * 2} {r * 2}", "M 10 20 c 5 0 10 5 10 10 s -5 10 -10 10"),
        ("M {x} {y} Q {x + r} 0 {x + 2 * r} {y} T {x + 4 * r} {y} t {r} {r}", "M 10 20 Q 15 0 20 20 T 30 20 t 5 5"),
        ("M {x} {y} A {r} {r * 2} {30} 0 1 {x + 20} {y} a {r} {r} 0 1 0 {r} {r}", "M 10 20 A 5 10 30 0 1 30 20 a 5 5 0 1 0 5 5"),
        ("M {x} {y} A {0} {r} 0 0 1 40 40", "M 10 20 A 0 5 0 0 1 40 40"),
    ])
    func interpolatedNumbersDrawWhatLiteralOnesDraw(interpolated: String, literal: String) {
        let names = "<let name=\"x\" value=\"10\"/><let name=\"y\" value=\"20.0\"/><let name=\"r\" value=\"5\"/>\n"
        let a = compile(names + "<path d=\"\(interpolated)\" stroke=\"red\"/>")
        let b = compile("\n<path d=\"\(literal)\" stroke=\"red\"/>")
        #expect(!a.contains("error"), "\(a)")
        #expect(a == b)
    }

    @Test(arguments: [
        // The offending expression's column, on line 3 (after the <param> line).
        ("M {x} 0 A {r} 5 0 0 1 9 9", "t.scene:3:21: error[E0551]: an arc radius cannot be negative; this one is -4"),
        ("M {x * 1e9} 0", "t.scene:3:13: error[E0611]: 4000000000 is too large for a coordinate; the limit is ±1000000000"),
        ("M 0 0 L {[1, 2]} 0", "t.scene:3:19: error[E0408]: a number in 'd' must be a number, not a list"),
    ])
    func errorsAreLocatedAtTheExpression(d: String, message: String) {
        let out = compile(
            "<param name=\"x\" type=\"number\" default=\"4\"/><param name=\"r\" type=\"number\" default=\"-4\"/>\n"
                + "<path d=\"\(d)\" stroke=\"red\"/>")
        #expect(out.contains(message), "\(out)")
    }

    @Test func relativeNumbersAddUpPastTheLimitAtTheCommand() {
        let out = compile("<let name=\"big\" value=\"9e8\"/>\n<path d=\"M 0 0 l {big} 0 l {big} 0\" stroke=\"red\"/>")
        #expect(out.contains("t.scene:3:26: error[E0611]: 1800000000 is too large for a coordinate"), "\(out)")
    }

    @Test func aValueOfUnknownTypeIsCheckedWhenDrawn() {
        let out = compile("<let name=\"names\" value=\"['a']\"/>\n<path d=\"M {names[0]} 0 L 1 1\" stroke=\"red\"/>")
        #expect(out.contains("t.scene:3:13: error[E0408]: a number in 'd' must be a number, not a string ('a')"), "\(out)")
    }
}
