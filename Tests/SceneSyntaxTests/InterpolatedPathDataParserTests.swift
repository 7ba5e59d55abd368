import SceneSource
import SceneSyntax
import Testing

/// `{expression}` in the numbers of `d`: parsed in place, made absolute as sums of the
/// interpolated values, refused where no number stands (E0550) and refused by plain SVG parsing
/// (an imported file's `d`). The value starts at byte 10 (see `attribute`).
@Suite struct InterpolatedPathDataParserTests {
    private func parsed(_ d: String) -> Result<ParsedPathData, Diagnostic> { PathDataParser.parseInterpolated(attribute(d, name: "d")) }

    private func interpolated(_ d: String) -> InterpolatedPathData<Expr>? {
        if case .success(.interpolated(let data)) = parsed(d) { return data }
        return nil
    }

    private func error(_ d: String) -> (code: String, offset: Int, message: String)? {
        if case .failure(let diagnostic) = parsed(d) { return (diagnostic.code.rawValue, diagnostic.span.start - 10, diagnostic.message) }
        return nil
    }

    @Test func withoutBracesTheDataIsConstantAsBefore() {
        let d = "M10 10 l5 5 s1 2 3 4 a1 1 0 0110 10 z"
        guard case .success(.constant(let data)) = parsed(d), case .success(let plain) = PathDataParser.parse(attribute(d, name: "d")) else {
            Issue.record("expected constant path data"); return
        }
        #expect(data == plain)
    }

    @Test func relativeAndReflectedNumbersAreSumsOfTheSlots() throws {
        let data = try #require(interpolated("M {x} {y} l {w} 0 s 1 2 {w} 4"))
        #expect(data.slots.count == 4)
        // Slots 0 x, 1 y, 2 w, 3 w: the line ends at (x + w, y).
        guard case .line(let lx, let ly) = data.commands[1].operation else { Issue.record("not a line"); return }
        #expect(lx.terms.map(\.slot) == [0, 2] && lx.constant == 0)
        #expect(ly.terms.map(\.slot) == [1])
        // The smooth curve's first control point is the current point (no previous curve); its
        // end is (x + w + w', y + 4).
        guard case .cubic(let x1, _, _, _, let x, let y) = data.commands[2].operation else { Issue.record("not a curve"); return }
        #expect(x1 == lx)
        #expect(x.terms.map(\.slot) == [0, 2, 3])
        #expect(y.constant == 4 && y.terms.map(\.slot) == [1])
        #expect(data.resolved([1, 2, 3, 4]).commands[2].operation == .cubic(x1: 4, y1: 2, x2: 5, y2: 4, x: 8, y: 6))
    }

    @Test func expressionsKeepTheirPlaceInTheSource() throws {
        let data = try #require(interpolated("M {a + 1} 0 h {b}"))
        #expect(data.slots.map { $0.span.start - 10 } == [3, 15])
    }

    @Test(arguments: [
        ("M 0 0 A 5 5 0 {f} 1 9 9", "E0550", 14, "the large-arc flag cannot be interpolated"),
        ("M 0 0 A 5 5 0 0 {f} 9 9", "E0550", 16, "the sweep flag cannot be interpolated"),
        ("{shape}", "E0550", 0, "a path command cannot be interpolated"),
        ("M 0 0 Z {x} 1", "E0550", 8, "a path command cannot be interpolated"),
        ("M 0 0 l -{x} 0", "E0550", 8, "a sign or point cannot stand before an interpolation"),
        ("M 0 0 l 1{x} 0", "E0550", 9, "an interpolation cannot continue the number 1"),
        ("M 0 0 l {x}5 0", "E0550", 11, "a number cannot follow an interpolation without a separator"),
        ("M {x 0", "E0802", 2, "'{' without a matching '}' in the path data"),
        ("M {} 0", "E0402", 2, "'{}' is empty; put an expression for the x of the move inside, such as {x}"),
    ])
    func errorsPointAtTheBraces(d: String, code: String, offset: Int, message: String) throws {
        let e = try #require(error(d))
        #expect(e.message == message)
        #expect(e.offset == offset)
        #expect(e.code == code)
    }

    @Test func aNegativeLiteralRadiusIsStillASyntaxError() {
        #expect(error("M 0 0 A -5 {r} 0 0 1 9 9")?.code == "E0313")
    }

    @Test func plainSVGPathDataTakesNoInterpolation() {
        if case .failure(let diagnostic) = PathDataParser.parse(attribute("M {x} 0", name: "d")) {
            #expect(diagnostic.message == "expected the x of the move, found '{'")
        } else {
            Issue.record("an imported d with '{' must fail")
        }
    }
}
