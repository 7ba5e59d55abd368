import SceneEvaluator
import Testing

/// The wrapping steps of Grammar.md section 19 ("Wrapped text"), with a measure that makes every
/// Unicode scalar 1 wide, so each expected line can be checked by counting.
struct TextWrappingTests {
    func lines(_ text: String, width: Double, maxLines: Int? = nil) -> [String]? {
        TextWrapping.lines(of: text, width: width, maxLines: maxLines) { Double($0.unicodeScalars.count) }
    }

    @Test func greedyBreaksAtSpacesWhenTheNextWordDoesNotFit() {
        #expect(lines("aa bb cc dd", width: 5) == ["aa bb", "cc dd"])
        #expect(lines("aa bb cc dd", width: 4.99) == ["aa", "bb", "cc", "dd"])
        #expect(lines("aa bb cc dd", width: 11) == ["aa bb cc dd"])
    }

    @Test func runsOfSpacesBecomeOneAndNoLineStartsOrEndsWithOne() {
        #expect(lines("  aa   bb  ", width: 10) == ["aa bb"])
        #expect(lines("aa    bb", width: 3) == ["aa", "bb"])
    }

    @Test func aWordWiderThanTheWidthOverflowsOnItsOwnLine() {
        #expect(lines("a verylongword b", width: 4) == ["a", "verylongword", "b"])
    }

    @Test func aLineFeedEndsALineAndAnEmptyLineKeepsItsPlace() {
        #expect(lines("a\n\nb c", width: 10) == ["a", "", "b c"])
    }

    @Test func noWordsNoLines() {
        #expect(lines("", width: 10) == [])
        #expect(lines("   ", width: 10) == [])
    }

    @Test func maxLinesEndsTheLastLineWithTheWholeLineAndAnEllipsisWhenItFits() {
        #expect(lines("aa bb cc dd", width: 6, maxLines: 1) == ["aa bb\u{2026}"])
        #expect(lines("aa bb cc dd ee", width: 6, maxLines: 2) == ["aa bb", "cc dd\u{2026}"])
    }

    @Test func maxLinesCutsTheLastLineByCharactersWhenTheEllipsisDoesNotFitAfterIt() {
        // "aa bb…" is 6 wide: "aa b…" (5) is the longest start that fits.
        #expect(lines("aa bb cc", width: 5, maxLines: 1) == ["aa b\u{2026}"])
        // "aa b…" (5) does not fit 4.5; the start "aa " fits with its trailing space dropped.
        #expect(lines("aa b cc", width: 4.5, maxLines: 1) == ["aa\u{2026}"])
    }

    @Test func anEllipsisAloneWhenNothingFitsBesideIt() {
        #expect(lines("abc def", width: 0.5, maxLines: 1) == ["\u{2026}"])
    }

    @Test func noEllipsisWhenTheTextEndsOnTheLastAllowedLine() {
        #expect(lines("aa bb", width: 2, maxLines: 2) == ["aa", "bb"])
        #expect(lines("aa\nbb", width: 9, maxLines: 2) == ["aa", "bb"])
    }

    @Test func maxLinesCountsLinesEndedByLineFeeds() {
        #expect(lines("aa\nbb", width: 9, maxLines: 1) == ["aa\u{2026}"])
    }

    @Test func aFailedMeasureStopsTheWrapping() {
        #expect(TextWrapping.lines(of: "aa bb", width: 5, maxLines: nil) { _ in nil } == nil)
        // One word alone needs no measuring.
        #expect(TextWrapping.lines(of: "aa", width: 5, maxLines: nil) { _ in nil } == ["aa"])
    }

    @Test func theBlockIsOneLineBoxAndTheLineHeightsBelowIt() {
        #expect(TextWrapping.blockHeight(lines: 0, size: 10, lineHeight: 12) == 0)
        #expect(abs(TextWrapping.blockHeight(lines: 1, size: 2048, lineHeight: 12) - (1901 + 483)) < 1e-9)
        #expect(abs(TextWrapping.blockHeight(lines: 3, size: 2048, lineHeight: 12) - (1901 + 483 + 24)) < 1e-9)
    }
}
