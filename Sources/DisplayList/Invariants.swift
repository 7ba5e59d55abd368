/// The rules the display list's initializers apply, so that every value satisfies the invariants
/// `DisplayList` documents, whoever builds it (the evaluator, a test, a decoder).
enum Invariant {
    /// Into 0…1; NaN becomes 0.
    static func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }

    /// Finite and not negative; NaN and -∞ become 0, +∞ the largest finite number.
    static func length(_ v: Double) -> Double {
        if v.isNaN { return 0 }
        return min(Double.greatestFiniteMagnitude, max(0, v))
    }

    /// Finite; NaN becomes 0, ±∞ the largest finite number of that sign.
    static func finite(_ v: Double) -> Double {
        if v.isNaN { return 0 }
        return min(Double.greatestFiniteMagnitude, max(-Double.greatestFiniteMagnitude, v))
    }
}
