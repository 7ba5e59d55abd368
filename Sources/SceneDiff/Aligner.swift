import DisplayList

/// Pairs the operations of two sibling lists so that the total similarity of the pairs is as large
/// as possible while keeping their order (a weighted longest common subsequence). Pairs below the
/// similarity threshold are never made: those operations are added or removed.
///
/// Cost: the common prefix and suffix of identical operations are taken first (most edits leave
/// most of a list alone); the rest is a dynamic program over old × new cells. When that would pass
/// `maxCells`, the lists are first cut at anchors, operations whose origin appears once on each
/// side, in increasing order on both (a longest increasing subsequence), and each piece is
/// aligned alone; a piece still too large pairs operations with equal origins in order and leaves
/// the rest unpaired. So a list of a million operations costs about linear time.
struct Aligner {
    let similarity: Similarity
    let tolerance: Tolerance
    let maxCells: Int

    func align(_ a: [DisplayItem], _ b: [DisplayItem]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        align(a, b, a.indices, b.indices, into: &pairs, depth: 0)
        return pairs.sorted { $0.1 < $1.1 }
    }

    private func align(
        _ a: [DisplayItem], _ b: [DisplayItem], _ ra: Range<Int>, _ rb: Range<Int>,
        into pairs: inout [(Int, Int)], depth: Int
    ) {
        var lo = (ra.lowerBound, rb.lowerBound), hi = (ra.upperBound, rb.upperBound)
        while lo.0 < hi.0, lo.1 < hi.1, identical(a[lo.0], b[lo.1]) {
            pairs.append(lo); lo = (lo.0 + 1, lo.1 + 1)
        }
        while hi.0 > lo.0, hi.1 > lo.1, identical(a[hi.0 - 1], b[hi.1 - 1]) {
            hi = (hi.0 - 1, hi.1 - 1); pairs.append(hi)
        }
        let n = hi.0 - lo.0, m = hi.1 - lo.1
        guard n > 0, m > 0 else { return }
        if n * m <= maxCells {
            dynamicProgram(a, b, lo.0..<hi.0, lo.1..<hi.1, into: &pairs)
            return
        }
        let anchors = depth == 0 ? self.anchors(a, b, lo.0..<hi.0, lo.1..<hi.1) : []
        guard !anchors.isEmpty else {
            byOrigin(a, b, lo.0..<hi.0, lo.1..<hi.1, into: &pairs)
            return
        }
        var start = lo
        for (i, j) in anchors {
            align(a, b, start.0..<i, start.1..<j, into: &pairs, depth: depth + 1)
            if similarity.score(a[i], b[j]) >= Similarity.threshold { pairs.append((i, j)) }
            start = (i + 1, j + 1)
        }
        align(a, b, start.0..<hi.0, start.1..<hi.1, into: &pairs, depth: depth + 1)
    }

    /// Same drawing and same origin: certainly the same operation.
    private func identical(_ x: DisplayItem, _ y: DisplayItem) -> Bool {
        x.origin == y.origin && tolerance.same(x, y)
    }

    /// Maximizes the summed similarity of pairs, keeping order.
    private func dynamicProgram(
        _ a: [DisplayItem], _ b: [DisplayItem], _ ra: Range<Int>, _ rb: Range<Int>,
        into pairs: inout [(Int, Int)]
    ) {
        let n = ra.count, m = rb.count
        var score = [Double](repeating: 0, count: (n + 1) * (m + 1))
        var sims = [Double](repeating: 0, count: n * m)
        for i in 0..<n {
            for j in 0..<m {
                let s = similarity.score(a[ra.lowerBound + i], b[rb.lowerBound + j])
                sims[i * m + j] = s >= Similarity.threshold ? s : -1
            }
        }
        let w = m + 1
        for i in 1...n {
            for j in 1...m {
                var best = max(score[(i - 1) * w + j], score[i * w + j - 1])
                let s = sims[(i - 1) * m + (j - 1)]
                if s > 0 { best = max(best, score[(i - 1) * w + j - 1] + s) }
                score[i * w + j] = best
            }
        }
        var i = n, j = m
        var found: [(Int, Int)] = []
        while i > 0, j > 0 {
            let s = sims[(i - 1) * m + (j - 1)]
            if s > 0, score[i * w + j] == score[(i - 1) * w + j - 1] + s {
                found.append((ra.lowerBound + i - 1, rb.lowerBound + j - 1))
                i -= 1; j -= 1
            } else if score[(i - 1) * w + j] >= score[i * w + j - 1] {
                i -= 1
            } else {
                j -= 1
            }
        }
        pairs += found.reversed()
    }

    /// Operations whose origin is unique on each side, in the same order on both.
    private func anchors(_ a: [DisplayItem], _ b: [DisplayItem], _ ra: Range<Int>, _ rb: Range<Int>) -> [(Int, Int)] {
        func unique(_ items: [DisplayItem], _ range: Range<Int>) -> [Origin: Int] {
            var seen: [Origin: Int] = [:], twice = Set<Origin>()
            for k in range {
                guard let o = items[k].origin else { continue }
                if seen[o] != nil { twice.insert(o) } else { seen[o] = k }
            }
            for o in twice { seen[o] = nil }
            return seen
        }
        let ua = unique(a, ra), ub = unique(b, rb)
        let common = ua.compactMap { origin, i in ub[origin].map { (i, $0) } }.sorted { $0.0 < $1.0 }
        return longestIncreasing(common)
    }

    /// The longest subsequence of pairs increasing in their second element (patience sorting).
    private func longestIncreasing(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
        var tails: [Int] = [] // indices into pairs
        var previous = [Int](repeating: -1, count: pairs.count)
        for (k, pair) in pairs.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if pairs[tails[mid]].1 < pair.1 { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[k] = tails[lo - 1] }
            if lo == tails.count { tails.append(k) } else { tails[lo] = k }
        }
        var result: [(Int, Int)] = []
        var k = tails.last ?? -1
        while k >= 0 { result.append(pairs[k]); k = previous[k] }
        return result.reversed()
    }

    /// The fallback for pieces too large to align: equal origins in order, then nothing. Linear
    /// with a map from each origin to its positions on the new side.
    private func byOrigin(
        _ a: [DisplayItem], _ b: [DisplayItem], _ ra: Range<Int>, _ rb: Range<Int>,
        into pairs: inout [(Int, Int)]
    ) {
        var positions: [Origin: [Int]] = [:]
        for k in rb { if let o = b[k].origin { positions[o, default: []].append(k) } }
        var cursor: [Origin: Int] = [:]
        var j = rb.lowerBound
        for i in ra {
            guard let o = a[i].origin, let list = positions[o] else { continue }
            var c = cursor[o] ?? 0
            while c < list.count, list[c] < j { c += 1 }
            cursor[o] = c
            guard c < list.count else { continue }
            let k = list[c]
            if similarity.score(a[i], b[k]) >= Similarity.threshold {
                pairs.append((i, k))
                j = k + 1
                cursor[o] = c + 1
            }
        }
    }
}
