import PixelDiff
import SceneDiff
import Testing

/// The bound `scenec diff` and `scenec test` name ("counted above ΔE00 2"): written by the one number
/// writer, to two decimals, as the hand-written hundredths it replaces wrote it.
struct BoundTextTests {
    @Test func theBoundIsWrittenToTwoDecimalsWithoutTrailingZeros() {
        #expect(DiffOptions.forReview(threshold: nil).boundText == "ΔE00 2")
        let cases: [(Double, String)] = [(0, "0"), (0.1, "0.1"), (0.05, "0.05"), (0.25, "0.25"), (0.123, "0.12"), (0.999, "1"), (1, "1")]
        for (threshold, text) in cases {
            #expect(DiffOptions.forReview(threshold: threshold).boundText == "threshold " + text)
        }
    }
}
