import SceneCompiler

/// `--shard K/N`: the K-th of N deterministic slices of a build, so CI can spread a large library
/// over N machines the way test runners shard.
///
/// The plan's jobs are sorted by name, and job i (counting from 0) belongs to shard (i mod N) + 1.
/// Dealing the jobs out in turn, rather than cutting the list in N runs, spreads the variants of
/// one heavy scene (which sort together) over all the shards. Every job is in exactly one shard,
/// so the shards together build exactly what the whole build builds.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(UsageError) {
        guard count >= 1, index >= 1, index <= count else {
            throw UsageError("--shard expects K/N with 1 ≤ K ≤ N, such as 1/4; got \(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0].trimmingCharacters(" ")), let n = Int(parts[1].trimmingCharacters(" ")) else {
            throw UsageError("--shard expects K/N, the K-th of N slices counting from 1, such as 2/4; got '\(text)'")
        }
        try self.init(index: k, count: n)
    }

    /// This shard's jobs, in plan order.
    public func select<T>(_ jobs: [T]) -> [T] {
        jobs.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    public var description: String { "\(index)/\(count)" }
}

private extension Substring {
    func trimmingCharacters(_ c: Character) -> Substring {
        var s = self
        while s.first == c { s.removeFirst() }
        while s.last == c { s.removeLast() }
        return s
    }
}
