import SceneEvaluator
import Testing

/// <text>: interpolation, formatting, baselines, dates, and their errors.
struct TextTests {
    func text(_ element: String) -> String {
        compile(element).split(separator: "\n").dropFirst().joined(separator: "\n")
    }

    @Test func interpolatesValuesAndCollapsesWhiteSpace() {
        #expect(
            text("<text x=\"1\" y=\"2\">  Average:\n   {sum([4, 2, 6]) // 3}  </text>")
                == "  text \"Average: 4\" at 1 2 anchor=start font=\"DejaVu Sans\" size=17 weight=400 #000000ff")
        #expect(text("<text>{7 / 2} {1 == 1} {'s'} {[1, 2.5]} {red}</text>").contains("\"3.5 true s 1, 2.5 #ff0000ff\""))
        #expect(text("<text>{{literal}} &amp; &lt;b&gt;</text>").contains("\"{literal} & <b>\""))
    }

    @Test func formatGivesAFixedNumberOfDecimals() {
        #expect(
            text("<text>{format(7 / 3, 2)}|{format(4, 1)}|{format(-0.004, 2)}|{format(2.5, 0)}|{format(-2.5, 0)}</text>")
                .contains("\"2.33|4.0|0.00|3|-3\""))
        #expect(compile("<text>{format(1, 11)}</text>").contains("error[E0506]: format() takes a whole number of decimals from 0 to 10"))
    }

    /// Numbers of any size keep every digit of their whole part (printf's %.Nf), never clamped.
    @Test func formatWritesLargeNumbersInFull() {
        #expect(
            text("<text>{format(1e20, 2)}|{format(-123456789012345678, 0)}|{format(0.996, 2)}|{format(-1e15 - 0.5, 0)}</text>")
                .contains("\"100000000000000000000.00|-123456789012345680|1.00|-1000000000000001\""))
        #expect(text("<text>{format(pow(2, 70), 1)}</text>").contains("\"1180591620717411303424.0\""))
    }

    @Test func baselinesAreResolvedFromTheFontMetrics() {
        // ascent 1901/2048, descent 483/2048 of the size.
        #expect(text("<text y=\"100\" size=\"20\" baseline=\"top\">x</text>").contains("at 0 118.5645"))
        #expect(text("<text y=\"100\" size=\"20\" baseline=\"bottom\">x</text>").contains("at 0 95.2832"))
        #expect(text("<text y=\"100\" size=\"20\" baseline=\"middle\">x</text>").contains("at 0 106.9238"))
        #expect(text("<text y=\"100\" size=\"20\">x</text>").contains("at 0 100"))
    }

    @Test func fontAttributesReachTheDisplayList() {
        #expect(
            text("<text font=\"DejaVu Serif\" weight=\"bold\" align=\"end\" fill=\"rgb(255, 0, 0)\" opacity=\"0.5\">x</text>")
                .contains("anchor=end font=\"DejaVu Serif\" size=17 weight=700 #ff0000ff opacity=0.5"))
        #expect(compile("<text font=\"Helvetica\">x</text>").contains("error[E0529]: there is no font family 'Helvetica'"))
    }

    @Test func datesComeFromParametersAndFollowTheCalendar() {
        // Known weekdays: 1970-01-01 Thursday, 2000-02-29 Tuesday, 2026-11-21 Saturday.
        #expect(
            text("<text>{dayName('1970-01-01')} {dayName('2000-02-29')} {dayInitial('2026-11-21')} {weekday('2026-11-22')}</text>")
                .contains("\"Thursday Tuesday S 0\""))
        #expect(
            text("<text>{addDays('2024-02-28', 1)} {addDays('2023-02-28', 1)} {addDays('2026-01-01', -1)} {addDays('2026-11-21', 365)}</text>")
                .contains("\"2024-02-29 2023-03-01 2025-12-31 2027-11-21\""))
        let scene = "<param name=\"today\" type=\"date\" default=\"2026-11-21\"/><text>{dayInitial(addDays(today, -1))}</text>"
        #expect(compile(scene).contains("\"F\""))
        #expect(compile(scene, set: ["today=2026-11-23"]).contains("\"S\""))
        #expect(compile(scene, set: ["today=2026-02-30"]) == "usage error")
        #expect(compile("<param name=\"d\" type=\"date\" default=\"21.11.2026\"/>").contains("error[E0512]: '21.11.2026' is not a date"))
        #expect(compile("<text>{weekday('2026-13-01')}</text>").contains("error[E0512]: '2026-13-01' is not a date; write YYYY-MM-DD"))
        #expect(compile("<text>{addDays('9999-12-31', 1)}</text>").contains("error[E0512]: the date falls outside the years 1 to 9999"))
    }

    @Test func errorsInTextPointIntoTheContent() {
        #expect(compile("<text>a {nope} b</text>").contains("t.scene:2:10: error[E0203]: undefined name 'nope'"))
        #expect(compile("<text>a {1 +} b</text>").contains("t.scene:2:"))
        #expect(compile("<text>a {1</text>").contains("t.scene:2:9: error[E0802]: '{' without a matching '}' in the text"))
        #expect(compile("<text>a } b</text>").contains("t.scene:2:9: error[E0802]: '}' without a matching '{' in the text"))
        #expect(compile("<text>{}</text>").contains("error[E0402]: '{}' is empty"))
        #expect(compile("<text x=\"1\"/>").contains("error[E0801]: <text> needs content"))
        #expect(compile("<text>   </text>").contains("error[E0801]: <text> needs content"))
        #expect(compile("<text>{linear}</text>").contains("error[E0206]: 'linear' is a function"))
        #expect(
            compile("<gradient name=\"g\"><stop offset=\"0\" color=\"red\"/></gradient><text>{g}</text>")
                .contains("error[E0803]: a gradient cannot be shown as text"))
        #expect(compile("<text fill=\"1\">x</text>").contains("error[E0408]: a text's fill must be a color, not an int"))
        #expect(compile("<text size=\"0\">x</text>").contains("error[E0507]: 'size' must be a positive number"))
        #expect(compile("<text>a<!-- c --></text>").contains("error[E0804]: comments and CDATA sections are not supported inside <text>"))
        // The refused content is that one error, not also a <text> without content (E0801).
        #expect(!compile("<text>a<!-- c --></text>").contains("E0801"))
        #expect(
            compile("<rect width=\"1\" height=\"1\">hello</rect>").contains(
                "error[E0805]: unexpected text 'hello'; only <text> elements have text content"))
    }

    @Test func textCountsTowardTheStringLimit() {
        var limits = EvaluationLimits()
        limits.maxStringLength = 10
        #expect(compile("<text>0123456789</text>", limits: limits).contains("text \"0123456789\""))
        #expect(compile("<text>0123456789{1}</text>", limits: limits).contains("error[E0609]: the text is longer than the limit of 10 bytes"))
    }

    @Test func replaceSetsOneElement() {
        #expect(text("<text>{replace([4, 2, 3], 2, 8)}</text>").contains("\"4, 2, 8\""))
        #expect(compile("<text>{replace([4], 1, 8)}</text>").contains("error[E0504]: index 1 is out of range for a list of 1 element"))
    }
}
