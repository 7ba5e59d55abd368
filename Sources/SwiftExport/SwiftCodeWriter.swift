import Foundation

/// Lines of Swift with indentation, four spaces a level.
struct SwiftCodeWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ s: String = "") {
        text += s.isEmpty ? "\n" : String(repeating: "    ", count: depth) + s + "\n"
    }

    mutating func open(_ s: String) {
        line(s)
        depth += 1
    }

    /// `} else {`, `} catch {`: closes a level and opens the next on one line.
    mutating func reopen(_ s: String) {
        depth -= 1
        line(s)
        depth += 1
    }

    /// Replaces the last occurrence of `old` (a line already written that what followed decides).
    mutating func replaceLast(_ old: String, with new: String) {
        guard let range = text.range(of: old, options: .backwards) else { return }
        text.replaceSubrange(range, with: new)
    }

    mutating func close(_ s: String = "}") {
        depth -= 1
        line(s)
    }
}
