import DisplayList
import PixelDiff

extension DiffOptions {
    /// "ΔE00 2", "threshold 0.1": the bound as a person reads it, to two decimals, written by
    /// `NumberFormat` as every number scenec prints.
    public var boundText: String {
        measure == .ciede2000
            ? "ΔE00 " + NumberFormat.format(maxDeltaE, decimals: 2)
            : "threshold " + NumberFormat.format(threshold, decimals: 2)
    }
}
