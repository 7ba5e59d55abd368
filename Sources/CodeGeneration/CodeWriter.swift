// Foundation's, not FoundationEssentials': `range(of:options:)` for `replaceLast`.
import Foundation

/// Lines of code with indentation, four spaces a level (the Swift and Kotlin generators').
public struct CodeWriter {
    public private(set) var text = ""
    private var depth = 0

    public init() {}

    public mutating func line(_ s: String = "") {
        text += s.isEmpty ? "\n" : String(repeating: "    ", count: depth) + s + "\n"
    }

    public mutating func open(_ s: String) {
        line(s)
        depth += 1
    }

    /// `} else {`, `} catch {`: closes a level and opens the next on one line.
    public mutating func reopen(_ s: String) {
        depth -= 1
        line(s)
        depth += 1
    }

    /// Replaces the last occurrence of `old` (a line already written that what followed decides).
    public mutating func replaceLast(_ old: String, with new: String) {
        guard let range = text.range(of: old, options: .backwards) else { return }
        text.replaceSubrange(range, with: new)
    }

    public mutating func close(_ s: String = "}") {
        depth -= 1
        line(s)
    }
}
