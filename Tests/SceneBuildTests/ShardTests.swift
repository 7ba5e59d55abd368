import SceneCompiler
import SceneProject
import Testing

struct ShardTests {
    @Test func parsesKOverN() throws {
        let shard = try Shard(parsing: "2/5")
        #expect(shard.index == 2 && shard.count == 5)
        #expect(shard.description == "2/5")
        for bad in ["0/3", "4/3", "1/0", "-1/2", "a/b", "1", "1/2/3", "", "/", "1/"] {
            #expect(throws: UsageError.self, "\(bad)") { try Shard(parsing: bad) }
        }
        do {
            _ = try Shard(parsing: "3/2")
        } catch {
            #expect(error.message == "--shard expects K/N with 1 ≤ K ≤ N, such as 1/4; got 3/2")
        }
    }

    @Test func theShardsTogetherAreTheWholeBuildWithoutOverlap() throws {
        for total in [0, 1, 2, 7, 40, 101] {
            let jobs = Array(0..<total)
            for n in 1...9 {
                var seen: [Int] = []
                for k in 1...n {
                    let slice = try Shard(index: k, count: n).select(jobs)
                    #expect(slice == slice.sorted(), "a shard keeps plan order")
                    // Balanced: sizes differ by at most one.
                    #expect(slice.count == total / n || slice.count == total / n + 1)
                    seen += slice
                }
                #expect(seen.sorted() == jobs, "\(total) jobs in \(n) shards")
            }
        }
    }

    @Test func slicesAreDealtInTurn() throws {
        let jobs = ["a", "b", "c", "d", "e"]
        #expect(try Shard(index: 1, count: 2).select(jobs) == ["a", "c", "e"])
        #expect(try Shard(index: 2, count: 2).select(jobs) == ["b", "d"])
        #expect(try Shard(index: 3, count: 3).select(jobs) == ["c"])
    }

    @Test func shardingAPlanIsDeterministic() throws {
        // Two plans of the same inputs slice alike, whatever order the scenes were given in.
        let a = try Support.plan(nil)
        let b = try Support.plan(nil, scenes: ["push-button", "graph", "face", "counter"].map { try Support.seed($0) })
        let shard = try Shard(index: 2, count: 3)
        #expect(shard.select(a.jobs).map(\.name) == shard.select(b.jobs).map(\.name))
        #expect(shard.select(a.jobs).map(\.name) == ["face"])
    }
}
