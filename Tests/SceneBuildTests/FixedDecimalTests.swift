import Foundation
import SceneBuild
import Testing

/// FixedDecimal writes what `String(format: "%.Nf")` wrote (scenec links only FoundationEssentials,
/// which has no String(format:)).
struct FixedDecimalTests {
    @Test func matchesStringFormat() {
        let values: [Double] = [
            0, -0.0, 1.005, 2.25, 2.35, 0.125, 12.345, 99.995, 1e20, 1.7976931348623157e308,
            -3.14159, .nan, .infinity, -.infinity, Double.leastNonzeroMagnitude, 0.05, 1234567.891,
        ]
        for value in values {
            for places in [1, 2, 3] {
                #expect(FixedDecimal.text(value, places: places) == String(format: "%.\(places)f", value))
            }
        }
    }
}
