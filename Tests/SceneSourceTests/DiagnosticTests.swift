import SceneSource
import Testing

struct DiagnosticTests {
    @Test func locationsCountUnicodeScalars() {
        let file = SourceFile(path: "a.scene", text: "ab\nπ = x\n\tz")
        #expect(file.location(of: 0) == (1, 1))
        #expect(file.location(of: 3) == (2, 1))
        #expect(file.location(of: 5) == (2, 2)) // after the two-byte π
        #expect(file.location(of: 10) == (3, 1))
        #expect(file.offset(line: 2, column: 2) == 5)
        #expect(file.lineText(2) == "π = x")
    }

    @Test func richAndShortRendering() {
        let file = SourceFile(path: "s.scene", text: "<rect fil=\"red\"/>\n")
        var map = SourceMap()
        let id = map.add(file)
        let d = Diagnostic.error(
            .unknownAttribute, "unknown attribute 'fil' on <rect>", at: SourceSpan(file: id, start: 6, end: 9),
            help: "did you mean 'fill'?")
        #expect(
            DiagnosticRenderer(sources: map, style: .short).render(d)
                == "s.scene:1:7: error[E0302]: unknown attribute 'fil' on <rect>\n  help: did you mean 'fill'?\n")
        #expect(
            DiagnosticRenderer(sources: map).render(d) == """
                s.scene:1:7: error[E0302]: unknown attribute 'fil' on <rect>
                1 | <rect fil="red"/>
                  |       ^^^
                  help: did you mean 'fill'?
                  = help: scenec explain E0302

                """)
    }

    /// Every rich rendering ends with the command that explains its code, the short form never
    /// (it is one line per problem, for tools).
    @Test func theRichFormEndsWithTheExplainCommand() {
        let file = SourceFile(path: "s.scene", text: "<rect/>\n")
        var map = SourceMap()
        let id = map.add(file)
        let warning = Diagnostic.warning(
            .drawsNothing, "<rect> draws nothing", at: SourceSpan(file: id, start: 1, end: 5),
            notes: [.init("a note", at: SourceSpan(file: id, start: 0, end: 1))])
        let rich = DiagnosticRenderer(sources: map).render([warning, warning])
        #expect(rich.split(separator: "\n").filter { $0 == "  = help: scenec explain W0501" }.count == 2)
        #expect(rich.hasSuffix("  note: s.scene:1:1: a note\n1 | <rect/>\n  | ^\n  = help: scenec explain W0501\n"))
        #expect(!DiagnosticRenderer(sources: map, style: .short).render(warning).contains("explain"))
    }

    @Test func suggestions() {
        #expect(Suggestion.closest(to: "strok", among: ["fill", "stroke"]) == "stroke")
        #expect(Suggestion.closest(to: "rectangle", among: ["rect", "oval"]) == "rect")
        #expect(Suggestion.closest(to: "LineWidth", among: ["lineWidth"]) == "lineWidth")
        #expect(Suggestion.closest(to: "zzz", among: ["fill", "stroke"]) == nil)
        #expect(Suggestion.editDistance("ab", "ba") == 1)
    }
}
