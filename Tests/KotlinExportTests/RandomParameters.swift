import Foundation
import SceneEvaluator

// The Swift proof's seeded parameter sets (Tests/SwiftExportTests), the same here so that both proofs draw
// the same cases: a test target cannot import another.
/// A small deterministic generator (SplitMix64), so that the random parameter sets are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random value for a parameter, inside its declared range, written as `--set` takes it.
enum RandomParameter {
    static func assignment(_ p: ParameterDeclaration, using g: inout SeededGenerator) -> String? {
        func number(_ fallback: ClosedRange<Double>) -> Double {
            let range = (p.minimum ?? fallback.lowerBound)...(p.maximum ?? fallback.upperBound)
            return range.lowerBound == range.upperBound ? range.lowerBound : Double.random(in: range, using: &g)
        }
        func int(_ fallback: ClosedRange<Double>) -> Int {
            let low = Int((p.minimum ?? fallback.lowerBound).rounded(.up)), high = Int((p.maximum ?? fallback.upperBound).rounded(.down))
            return low >= high ? low : Int.random(in: low...high, using: &g)
        }
        func decimal(_ v: Double) -> String {
            // Two decimals, never a whole number (a whole number reads as an int in a list), and
            // inside the range: a value that rounds to its maximum steps down, not up past it.
            var text = String(format: "%.2f", v)
            if text.hasSuffix(".00") {
                let up = v + 0.01
                text = String(format: "%.2f", p.maximum.map { up > $0 } == true ? v - 0.01 : up)
            }
            return text
        }
        let value: String
        switch p.type {
        case .number: value = decimal(number(-10...10))
        case .int: value = String(int(0...10))
        case .bool: value = Bool.random(using: &g) ? "true" : "false"
        case .color:
            value = "rgb(\(Int.random(in: 0...255, using: &g)), \(Int.random(in: 0...255, using: &g)), \(Int.random(in: 0...255, using: &g)))"
        case .list(let ints):
            let count = Int.random(in: 2...9, using: &g)
            value = (0..<count).map { _ in ints || Bool.random(using: &g) ? String(int(0...10)) : decimal(number(0...10)) }.joined(separator: ",")
        default: return nil
        }
        return "\(p.name)=\(value)"
    }
}
