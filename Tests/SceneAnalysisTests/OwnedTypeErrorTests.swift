import Testing

/// The type errors the analysis owns (issue 24): each one below used to be found only by
/// evaluation, when the values reached it. Written in a branch the defaults never take, it is
/// now reported whatever the values, with the evaluator's code and message.
struct OwnedTypeErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let element: String
        let expected: String
        var testDescription: String { element }
        init(_ element: String, _ expected: String) { self.element = element; self.expected = expected }
    }

    static let cases: [Case] = [
        // Builtin arguments, by parameter type.
        Case(#"<rect width="rgb('a', 0, 0)" height="1"/>"#, "error[E0408]: rgb() needs a number here, not a string\n  help: write rgb(r, g, b)"),
        Case(#"<rect width="count(3)" height="1"/>"#, "error[E0408]: count() needs a list, not an int"),
        Case(#"<rect width="1" height="1" fill="lighter(3, 0.2)"/>"#, "error[E0408]: lighter() needs a color here, not an int"),
        Case(#"<rect width="1" height="1" fill="withAlpha('red', 1)"/>"#, "error[E0408]: withAlpha() needs a color, not a string"),
        Case(#"<rect width="count(slice([1, 2], 0.5, 1))" height="1"/>"#, "error[E0408]: slice() needs an int start, not a number"),
        Case(#"<rect width="count(replace([1], 'a', 2))" height="1"/>"#, "error[E0408]: replace() needs an int index, not a string"),
        Case(#"<text>{truncate('abc', 1.5)}</text>"#, "error[E0408]: truncate() keeps a whole number of characters, not a number"),
        Case(#"<text>{addDays('2026-01-01', 'x')}</text>"#, "error[E0408]: addDays() adds a whole number of days, not a string"),
        Case(#"<text>{format(1, 'a')}</text>"#, "error[E0506]: format() takes a whole number of decimals from 0 to 10"),
        Case(#"<text>{upper(3)}</text>"#, "error[E0408]: upper() needs a string here, not an int\n  help: make the number text first"),
        Case(#"<rect width="length([1])" height="1"/>"#, "error[E0408]: length() needs a string here, not a list\n  help: count(list)"),
        Case(#"<rect width="weekday(3)" height="1"/>"#, "error[E0408]: weekday() needs a date such as '2026-11-21', not an int"),
        Case(
            #"<rect width="1" height="1" fill="linear(3, 0, 0, 1, 1)"/>"#,
            "error[E0408]: linear() needs a gradient declared with <gradient name=…>, not an int"),
        Case(#"<rect width="textWidth(none, 12)" height="1"/>"#, "error[E0408]: textWidth() measures a string"),
        Case(#"<rect width="textWidth('a', 12, 3)" height="1"/>"#, "error[E0408]: textWidth() needs a font family name, not an int"),
        Case(#"<rect width="min(3)" height="1"/>"#, "error[E0409]: min() needs two or more numbers, or a list"),
        // Conic and radial paints: the gradient, then numbers.
        Case(
            #"<gradient name="g"><stop offset="0" color="red"/></gradient><rect width="1" height="1" fill="radial(g, 'a', 0, 0, 1, 1, 1)"/>"#,
            "error[E0408]: radial() needs a number here, not a string"),
        Case(
            #"<rect width="1" height="1" fill="conic(red, 0, 0, 0)"/>"#,
            "error[E0408]: conic() needs a gradient declared with <gradient name=…>, not a color\n  help: write conic("),
        // List literals: one kind of element, numbers, strings or colors.
        Case(#"<rect width="count([1, 'a'])" height="1"/>"#, "error[E0408]: a list holds one kind of element: this is a string in a list of numbers"),
        Case(#"<rect width="count([true])" height="1"/>"#, "error[E0408]: lists hold numbers, strings or colors, not a bool"),
        // Attributes of a known type.
        Case(#"<for var="i" in="3"><rect width="i" height="1"/></for>"#, "error[E0408]: 'in' must be a list, not an int"),
        Case(#"<gradient name="g"><stop offset="0" color="3"/></gradient>"#, "error[E0408]: a stop's color must be a color, not an int"),
        Case(#"<text fill="3">hi</text>"#, "error[E0408]: a text's fill must be a color, not an int"),
        Case(#"<rect width="1" height="1" shadowColor="3"/>"#, "error[E0408]: 'shadowColor' must be a color or none, not an int"),
        Case(#"<rect width="1" height="1" stroke="red" dash="3"/>"#, "error[E0408]: dash must be a list of lengths such as [6, 3], not an int"),
        Case(
            #"<rect width="1" height="1" stroke="red" dash="['a', 'b']"/>"#,
            "error[E0408]: dash must be a list of lengths such as [6, 3], not a list of strings"),
        Case(#"<text width="50" maxLines="2.5">hi</text>"#, "error[E0408]: 'maxLines' must be an int, not a number"),
    ]

    @Test(arguments: cases) func reportedInABranchNeverTaken(_ c: Case) throws {
        let body = """
            <param name="on" type="bool" default="false"/>
            <if test="on">\(c.element)</if>
            """
        let out = staticCheck(body)
        #expect(out.contains(c.expected), "\(out)")
        // Reported once, by the analysis, whether evaluation reaches it or not.
        for set in [[], ["on=true"]] {
            let compiled = try compiled(body, set: set)
            #expect(compiled.hasSuffix("failed"))
            let message = c.expected.split(separator: "\n")[0]
            #expect(compiled.components(separatedBy: message).count == 2, "\(compiled)")
        }
    }

    /// Errors both passes used to report (the compiler kept one of the two): reported once, by the
    /// analysis, without the notes of the iteration they were met in (they hold in every one).
    @Test func typeErrorsMetInALoopAreReportedOnceWithoutIterationNotes() throws {
        let out = try compiled(
            """
            <for var="i" from="0" to="3">
              <rect x="'a'" y="i + 'b'" width="1" height="3[0]" fill="red"/>
              <rect width="(1 ? 2 : 3)" height="1" fill="red"/>
              <path d="M {'c'} 0 L 1 1" stroke="red"/>
            </for>
            """)
        for message in [
            "'x' must be a number, not a string", "'+' needs numbers, not a string", "only lists can be indexed, not an int",
            "the condition before '?' must be a bool, not an int", "a number in 'd' must be a number, not a string",
        ] {
            #expect(out.components(separatedBy: message).count == 2, "\(message) in \(out)")
        }
        #expect(!out.contains("in iteration"))
        #expect(out.hasSuffix("failed"))
    }
}
