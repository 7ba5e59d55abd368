/// "Did you mean" by edit distance, as Gleam and rustc do it: the closest candidate within a
/// distance that grows with the word's length; nothing when nothing is close.
public enum Suggestion {
    /// Words and candidates longer than this get no suggestion: nobody misspells a 100-letter name,
    /// and the edit distance costs the product of the lengths.
    public static let maxLength = 64

    public static func closest(to word: String, among candidates: [String]) -> String? {
        guard word.utf8.count <= maxLength else { return nil }
        let length = word.count
        let limit = max(1, length / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate.utf8.count <= maxLength {
            // A case-only difference, or a longer or shorter spelling of the same word
            // (`rectangle` for `rect`), is always a good suggestion.
            let a = word.lowercased(), b = candidate.lowercased()
            let related = a == b || (min(a.count, b.count) >= 3 && (a.hasPrefix(b) || b.hasPrefix(a)))
            let distance = related ? 0 : editDistance(word, candidate)
            if distance <= limit, best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// "did you mean 'x'?" or nil.
    public static func didYouMean(_ word: String, among candidates: [String]) -> String? {
        closest(to: word, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// Levenshtein distance over characters, with adjacent transposition counted as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[y.count]
    }
}
