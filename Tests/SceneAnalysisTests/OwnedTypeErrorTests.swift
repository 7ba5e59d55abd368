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
        // Lists of numbers, where the elements of a list are known (a literal, or a <let> of one).
        Case(#"<rect width="sum(['a'])" height="1"/>"#, "error[E0408]: sum() needs a list of numbers, not a list of strings"),
        Case(#"<rect width="max(['a', 'b'])" height="1"/>"#, "error[E0408]: max() needs a list of numbers, not a list of strings"),
        Case(
            #"<rect width="count(runningSum([red, blue]))" height="1"/>"#,
            "error[E0408]: runningSum() needs a list of numbers, not a list of colors"),
        Case(
            #"<let name="days" value="['Mon', 'Tue']"/><rect width="min(days)" height="1"/>"#,
            "error[E0408]: min() needs a list of numbers, not a list of strings"),
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

    /// A `<use>`'s value of a kind its component's parameter never takes.
    struct UseCase: CustomTestStringConvertible, Sendable {
        let type: String
        let value: String
        let expected: String
        var testDescription: String { "\(type) = \(value)" }
        init(_ type: String, _ value: String, _ expected: String) { self.type = type; self.value = value; self.expected = expected }

        /// A default of the type, for the declaration.
        var defaultValue: String {
            ["number": "1", "int": "1", "bool": "true", "color": "red", "string": "x", "date": "2026-01-01", "list": "1, 2"][type]
                ?? (type.hasSuffix("&lt;color&gt;") ? "red" : type.hasSuffix("&lt;string&gt;") ? "a, b" : "1, 2")
        }
    }

    static let useCases: [UseCase] = [
        UseCase(
            "number", "'a'",
            "error[E0408]: 'p': expected a number, found a string ('a')\n  note: t.scene:4:16: 'p' is declared here\n  help: write a number such as 0.75"
        ),
        UseCase("number", "red", "error[E0408]: 'p': expected a number, found a color (#ff0000ff)"),
        UseCase("int", "true", "error[E0408]: 'p': expected an int, found a bool (true)"),
        UseCase("int", "on", "error[E0408]: 'p': expected an int, found a bool\n"),
        UseCase(
            "bool", "1",
            "error[E0408]: 'p': expected a bool, found an int (1)\n  note: t.scene:4:16: 'p' is declared here\n  help: write true or false"),
        UseCase("color", "[1, 2]", "error[E0408]: 'p': expected a color, found a list\n"),
        UseCase("color", "'#f80'", "error[E0408]: 'p': expected a color, found a string ('#f80')"),
        UseCase("string", "3 * 2", "error[E0408]: 'p': expected a string, found an int\n"),
        UseCase("date", "none", "error[E0408]: 'p': expected a date, found none (none)"),
        UseCase("list", "2.5", "error[E0408]: 'p': expected a list, found a number (2.5)"),
        UseCase("list&lt;int&gt;", "'4,2'", "error[E0408]: 'p': expected a list<int>, found a string ('4,2')"),
        UseCase("list&lt;string&gt;", "'a'", "error[E0408]: 'p': expected a list<string>, found a string ('a')"),
        UseCase("list&lt;color&gt;", "teal", "error[E0408]: 'p': expected a list<color>, found a color (#008080ff)"),
        // A list whose elements are written out, of a kind the parameter's list never holds.
        UseCase("list", "[red, blue]", "error[E0408]: 'p': expected a list of numbers, but it holds a color\n"),
        UseCase(
            "list&lt;int&gt;", "['a', 'b']",
            "error[E0408]: 'p': expected a list of ints, but it holds a string ('a')\n  note: t.scene:4:16: 'p' is declared here\n  help: write whole numbers, such as 4,2,6"
        ),
        UseCase("list&lt;string&gt;", "[1, 2]", "error[E0408]: 'p': expected a list of strings, but it holds an int (1)"),
        UseCase("list&lt;color&gt;", "['red']", "error[E0408]: 'p': expected a list of colors, but it holds a string ('red')"),
    ]

    /// A component with a parameter `p` of `type`, placed with `p="value"` in a branch the
    /// defaults never take.
    static func placing(_ type: String, default: String, value: String) -> String {
        """
        <param name="on" type="bool" default="false"/>
        <component name="C" width="10" height="10">
          <param name="p" type="\(type)" default="\(`default`)"/>
          <rect width="1" height="1" fill="red"/>
        </component>
        <if test="on"><use component="C" p="\(value)"/></if>
        """
    }

    @Test(arguments: useCases) func useArgumentOfAKindItsParameterNeverTakes(_ c: UseCase) throws {
        let body = Self.placing(c.type, default: c.defaultValue, value: c.value)
        let out = staticCheck(body)
        #expect(out.contains(c.expected), "\(out)")
        #expect(out.contains("'p' is declared here"), "\(out)")
        for set in [[], ["on=true"]] {
            let compiled = try compiled(body, set: set)
            #expect(compiled.hasSuffix("failed"))
            let message = c.expected.split(separator: "\n")[0]
            #expect(compiled.components(separatedBy: message).count == 2, "\(compiled)")
        }
    }

    /// What depends on the value stays evaluation's: a number for an int (its message shows the
    /// number), a string that is no date, a value whose type only evaluation knows.
    @Test(arguments: [
        ("int", "1.5", "'p': expected an int, found the number 1.5"),
        ("date", "'2026-02-30'", "'2026-02-30' is not a date"),
        ("color", "[1, 2][0]", "'p': expected a color, found an int (1)"),
        ("list&lt;int&gt;", "[1.5]", "'p': expected a list of ints, but it holds the number 1.5"),
        ("list&lt;int&gt;", "[['a'][0]]", "'p': expected a list of ints, but it holds a string ('a')"),
    ])
    func useArgumentWhoseProblemDependsOnTheValue(_ type: String, _ value: String, _ expected: String) throws {
        let body = Self.placing(type, default: type == "date" ? "2026-01-01" : type == "color" ? "red" : "1", value: value)
        #expect(!staticCheck(body).contains("error"))
        #expect(try compiled(body).hasSuffix("compiled"))
        let taken = try compiled(body, set: ["on=true"])
        #expect(taken.components(separatedBy: expected).count == 2, "\(taken)")
        #expect(taken.hasSuffix("failed"))
    }

    /// A list that may be empty has no known elements (a parameter: `--set` may empty it; a
    /// slice): a list of texts there is left to evaluation, which fails only when one is summed.
    @Test func aListThatMayBeEmptyIsLeftToEvaluation() throws {
        let body = """
            <param name="labels" type="list&lt;string&gt;" default="a, b"/>
            <rect width="sum(labels) + sum(slice(['a'], 0, 0)) + 1" height="1" fill="red"/>
            """
        #expect(!staticCheck(body).contains("error"))
        #expect(try compiled(body, set: ["labels=[]"]).hasSuffix("compiled"))
        let full = try compiled(body)
        #expect(full.components(separatedBy: "sum() needs a list of numbers, not a list of strings").count == 2, "\(full)")
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
