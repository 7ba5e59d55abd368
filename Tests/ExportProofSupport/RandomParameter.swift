import Foundation
import SceneEvaluator

/// A small deterministic generator (SplitMix64), so that the random parameter sets are the same on every run.
public struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The parameter values the Swift and Kotlin proofs draw every scene with: seeded random ones
/// inside each parameter's declared range, and each end of it, written as `--set` takes them.
public enum RandomParameter {
    /// A number or int parameter at each end of its declared range.
    public static func bounds(_ p: ParameterDeclaration) -> [String] {
        let ends = [p.minimum, p.maximum].compactMap { $0 }
        switch p.type {
        case .int: return ends.map { "\(p.name)=\(Int($0))" }
        case .number: return ends.map { "\(p.name)=\($0)" }
        default: return []
        }
    }

    /// A random value for `p`, inside its declared range.
    public static func assignment(_ p: ParameterDeclaration, using g: inout SeededGenerator) -> String? {
        func number(_ fallback: ClosedRange<Double>) -> Double {
            let range = (p.minimum ?? fallback.lowerBound)...(p.maximum ?? fallback.upperBound)
            return range.lowerBound == range.upperBound ? range.lowerBound : Double.random(in: range, using: &g)
        }
        func int(_ fallback: ClosedRange<Double>) -> Int {
            let low = Int((p.minimum ?? fallback.lowerBound).rounded(.up)), high = Int((p.maximum ?? fallback.upperBound).rounded(.down))
            return low >= high ? low : Int.random(in: low...high, using: &g)
        }
        let value: String
        switch p.type {
        case .number: value = decimal(number(-10...10), p)
        case .int: value = String(int(0...10))
        case .bool: value = Bool.random(using: &g) ? "true" : "false"
        case .color:
            value = "rgb(\(Int.random(in: 0...255, using: &g)), \(Int.random(in: 0...255, using: &g)), \(Int.random(in: 0...255, using: &g)))"
        case .list(let ints):
            let count = Int.random(in: 2...9, using: &g)
            value = (0..<count).map { _ in ints || Bool.random(using: &g) ? String(int(0...10)) : decimal(number(0...10), p) }.joined(
                separator: ",")
        default: return nil
        }
        return "\(p.name)=\(value)"
    }

    /// `v` with two decimals, never a whole number (a whole number reads as an int in a list)
    /// where the range holds another: a value that rounds to a whole number moves a hundredth up,
    /// or down where up would leave the range; one whose range holds no other (`min` = `max`) stays.
    static func decimal(_ v: Double, _ p: ParameterDeclaration) -> String {
        let text = String(format: "%.2f", v)
        guard text.hasSuffix(".00") else { return text }
        let range = (p.minimum ?? -Double.infinity)...(p.maximum ?? Double.infinity)
        for step in [v + 0.01, v - 0.01] {
            let stepped = String(format: "%.2f", step)
            if !stepped.hasSuffix(".00"), let value = Double(stepped), range.contains(value) { return stepped }
        }
        return text
    }
}
