/// "Did you mean" by edit distance, as Gleam and rustc do it: the closest candidate within a
/// distance that grows with the word's length; nothing when nothing is close.
///
/// The work is bounded whatever the candidates (issue 13): words and candidates longer than
/// `maxLength` are skipped, the distance is computed only within the band it may still be accepted
/// in, and one suggestion compares at most `maxCandidates` candidates (the first ones, in the order
/// given). A suggestion therefore costs at most about a millisecond, however many names a scene declares.
public enum Suggestion {
    /// Words and candidates longer than this get no suggestion: nobody misspells a 100-letter name,
    /// and the edit distance costs the product of the lengths.
    public static let maxLength = 64
    /// The most candidates one suggestion compares with the word.
    public static let maxCandidates = 2_000

    public static func closest(to word: String, among candidates: [String]) -> String? {
        guard word.utf8.count <= maxLength else { return nil }
        let x = Array(word.unicodeScalars)
        let lowerWord = word.lowercased()
        let length = word.count
        let limit = max(1, length / 3)
        var best: (name: String, distance: Int)?
        var compared = 0
        for candidate in candidates where candidate.utf8.count <= maxLength {
            if compared >= maxCandidates { break }
            compared += 1
            // A case-only difference, or a longer or shorter spelling of the same word
            // (`rectangle` for `rect`), is always a good suggestion.
            let b = candidate.lowercased()
            let related = lowerWord == b || (min(lowerWord.count, b.count) >= 3 && (lowerWord.hasPrefix(b) || b.hasPrefix(lowerWord)))
            let bound = best.map { min(limit, $0.distance - 1) } ?? limit
            if related {
                if best == nil || best!.distance > 0 { best = (candidate, 0) }
                continue
            }
            guard bound >= 0, let distance = boundedDistance(x, Array(candidate.unicodeScalars), bound: bound) else { continue }
            best = (candidate, distance)
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
        return distance(x, y, bound: max(x.count, y.count)) ?? max(x.count, y.count)
    }

    /// The distance when it is at most `bound`, else nil; only cells within `bound` of the diagonal
    /// are computed.
    static func boundedDistance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], bound: Int) -> Int? {
        distance(x, y, bound: bound)
    }

    private static func distance<T: Equatable>(_ x: [T], _ y: [T], bound: Int) -> Int? {
        if abs(x.count - y.count) > bound { return nil }
        if x.isEmpty { return y.count <= bound ? y.count : nil }
        if y.isEmpty { return x.count <= bound ? x.count : nil }
        let big = bound + 1
        var previous2 = [Int](repeating: big, count: y.count + 1)
        var previous = [Int](repeating: big, count: y.count + 1)
        var current = [Int](repeating: big, count: y.count + 1)
        for j in 0...min(y.count, bound) { previous[j] = j }
        for i in 1...x.count {
            let low = max(1, i - bound), high = min(y.count, i + bound)
            for j in 0...y.count { current[j] = big }
            if i <= bound { current[0] = i }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = x[i - 1] == y[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                        value = min(value, previous2[j - 2] + 1)
                    }
                    current[j] = min(value, big)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if rowMinimum > bound { return nil }
            swap(&previous2, &previous)
            swap(&previous, &current)
        }
        return previous[y.count] <= bound ? previous[y.count] : nil
    }
}
