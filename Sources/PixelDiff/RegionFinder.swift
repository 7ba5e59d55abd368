/// Groups changed pixels into regions: two changed pixels are in one region when a chain of changed
/// pixels joins them, each at most `gap + 1` pixels from the next across, down or diagonally (at most
/// `gap` unchanged pixels between). Done as connected components of the changes dilated by `gap`
/// to the right and downward (one-sided, so that the reach is exactly `gap + 1`), labelled by runs
/// of each dilated row with union-find: time and memory grow with the canvas width and the number
/// of runs, not with the number of pixels in a region.
struct RegionFinder {
    let width: Int
    let height: Int
    let gap: Int

    /// The regions of `mask` (one byte a pixel, nonzero where changed), whose changed pixels all lie
    /// in `rows`: the largest `limit` of them (most changed pixels first, then top to bottom and
    /// left to right) and how many there were.
    func regions(mask: UnsafePointer<UInt8>, rows: ClosedRange<Int>, limit: Int) -> (regions: [DiffRegion], count: Int) {
        var runs = Runs()
        var firstRun: [Int] = [] // per dilated row from rows.lowerBound: the index of its first run
        // The last row at which each column was set in the horizontally dilated rows.
        var lastSet = [Int](repeating: Int.min / 2, count: width)
        let lastRow = min(height - 1, rows.upperBound + gap)

        for y in rows.lowerBound...lastRow {
            if y <= rows.upperBound {
                var lastChanged = Int.min / 2
                let row = mask + y * width
                for x in 0..<width {
                    if row[x] != 0 { lastChanged = x }
                    if x - lastChanged <= gap { lastSet[x] = y }
                }
            }
            let previous = firstRun.last.map { $0..<runs.count } ?? 0..<0
            firstRun.append(runs.count)
            var p = previous.lowerBound
            var x = 0
            while x < width {
                guard y - lastSet[x] <= gap else { x += 1; continue }
                let start = x
                while x < width && y - lastSet[x] <= gap { x += 1 }
                let run = runs.append(start: start, end: x - 1)
                // Runs of the row above that touch this one, diagonals included.
                while p < previous.upperBound && runs.end[p] < start - 1 { p += 1 }
                var q = p
                while q < previous.upperBound && runs.start[q] <= x {
                    runs.union(run, q)
                    q += 1
                }
            }
        }
        firstRun.append(runs.count)

        // Each changed pixel lies in a run of its own row (dilation keeps it): add each run's changed
        // pixels to the run's region, one union-find lookup per run.
        var boxes = [Box](repeating: Box(), count: runs.count)
        for y in rows {
            let row = mask + y * width
            for r in firstRun[y - rows.lowerBound]..<firstRun[y - rows.lowerBound + 1] {
                var first = -1, last = -1, count = 0
                for x in runs.start[r]...runs.end[r] where row[x] != 0 {
                    if first < 0 { first = x }
                    last = x
                    count += 1
                }
                if count > 0 { boxes[runs.find(r)].add(first, last, y, count) }
            }
        }
        var found = boxes.filter { $0.count > 0 }.map {
            DiffRegion(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1, changedPixels: $0.count)
        }
        found.sort { ($1.changedPixels, $0.y, $0.x) < ($0.changedPixels, $1.y, $1.x) }
        return (Array(found.prefix(max(0, limit))), found.count)
    }

    private struct Box {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min, count = 0
        /// `pixels` changed pixels of row `y`, from column `first` to `last`.
        mutating func add(_ first: Int, _ last: Int, _ y: Int, _ pixels: Int) {
            minX = min(minX, first); maxX = max(maxX, last)
            minY = min(minY, y); maxY = max(maxY, y)
            count += pixels
        }
    }

    /// Horizontal runs of set pixels, with union-find over them.
    private struct Runs {
        var start: [Int] = []
        var end: [Int] = [] // inclusive
        var parent: [Int] = []
        var count: Int { start.count }

        mutating func append(start s: Int, end e: Int) -> Int {
            start.append(s); end.append(e); parent.append(parent.count)
            return parent.count - 1
        }

        mutating func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]] // path halving
                i = parent[i]
            }
            return i
        }

        mutating func union(_ a: Int, _ b: Int) {
            let ra = find(a), rb = find(b)
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        }
    }
}
