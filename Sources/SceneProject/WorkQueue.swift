#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Dispatch
import SceneIO
import Synchronization

/// Runs independent pieces of work on several threads and hands the results back in input order.
///
/// Workers take the next index from a shared counter (a work queue: a slow piece never holds up
/// the others), and each result is delivered as soon as every earlier one has been, so what is
/// printed is the same whatever the thread count and timing. `completed` is called on every
/// finish, in finishing order, for a progress bar. Both callbacks run one at a time.
public enum WorkQueue {
    /// The threads to use by default: one per core.
    public static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Worker threads get the stack the main thread has: evaluation recurses over nested blocks
    /// and expressions (up to the limits in Grammar.md section 14), and a thread's default stack
    /// on some systems is only 512 KiB.
    static let stackSize = 8 << 20

    public static func run<Result: Sendable>(
        count: Int, workers: Int = defaultWorkers,
        work: @escaping @Sendable (Int) -> Result,
        completed: @escaping @Sendable (_ finished: Int, _ total: Int) -> Void = { _, _ in },
        deliver: @escaping @Sendable (Int, Result) -> Void
    ) {
        guard count > 0 else { return }
        let state = State<Result>(count: count, completed: completed, deliver: deliver)
        let threads = max(1, min(workers, count))
        let done = DispatchSemaphore(value: 0)
        let worker: @Sendable () -> Void = {
            while let index = state.next() {
                state.finish(index, work(index))
            }
            done.signal()
        }
        var started = 0
        for _ in 0..<threads where DetachedThread.start(stackSize: stackSize, worker) { started += 1 }
        // No thread to be had: the work is still done, on this one.
        if started == 0 { worker(); started = 1 }
        for _ in 0..<started { done.wait() }
    }

    /// The counter and the reorder buffer, behind one lock.
    private final class State<Result: Sendable>: @unchecked Sendable {
        private let lock = Mutex(())
        private let count: Int
        private var nextIndex = 0
        private var finished = 0
        private var nextToDeliver = 0
        private var waiting: [Int: Result] = [:]
        private let completed: @Sendable (Int, Int) -> Void
        private let deliver: @Sendable (Int, Result) -> Void

        init(
            count: Int, completed: @escaping @Sendable (Int, Int) -> Void,
            deliver: @escaping @Sendable (Int, Result) -> Void
        ) {
            self.count = count
            self.completed = completed
            self.deliver = deliver
        }

        func next() -> Int? {
            lock.withLock { _ in
                guard nextIndex < count else { return nil }
                nextIndex += 1
                return nextIndex - 1
            }
        }

        func finish(_ index: Int, _ result: Result) {
            lock.withLock { _ in
                finished += 1
                waiting[index] = result
                while let ready = waiting.removeValue(forKey: nextToDeliver) {
                    deliver(nextToDeliver, ready)
                    nextToDeliver += 1
                }
                completed(finished, count)
            }
        }
    }
}
