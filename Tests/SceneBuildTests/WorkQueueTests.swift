import Foundation
import SceneProject
import Testing

struct WorkQueueTests {
    final class Log: @unchecked Sendable {
        let lock = NSLock()
        var delivered: [Int] = []
        var progress: [Int] = []
        var total: Set<Int> = []
        func deliver(_ i: Int, _ value: Int) {
            lock.lock(); defer { lock.unlock() }
            #expect(value == i * i)
            delivered.append(i)
        }
        func progressed(_ finished: Int, _ total: Int) {
            lock.lock(); defer { lock.unlock() }
            progress.append(finished)
            self.total.insert(total)
        }
    }

    @Test(arguments: [1, 2, 3, 8])
    func everyPieceOnceAndInOrder(workers: Int) {
        let log = Log()
        // Later pieces finish first: delivery must still be in input order.
        WorkQueue.run(
            count: 50, workers: workers,
            work: { i in
                if i % 7 == 0 { usleep(2000) }
                return i * i
            }, completed: log.progressed, deliver: log.deliver)
        #expect(log.delivered == Array(0..<50))
        #expect(log.progress == Array(1...50))
        #expect(log.total == [50])
    }

    @Test func nothingToDo() {
        let log = Log()
        WorkQueue.run(count: 0, work: { $0 }, completed: log.progressed, deliver: log.deliver)
        #expect(log.delivered.isEmpty && log.progress.isEmpty)
    }

    @Test func severalPiecesRunAtOnce() {
        // Two workers, and each piece waits until two are running: only a queue that really runs
        // two at once finishes (a serial one would wait forever, so the wait is bounded and counted).
        final class Meeting: @unchecked Sendable {
            let lock = NSCondition()
            var arrived = 0
            var met = 0
            func meet() {
                lock.lock()
                arrived += 1
                lock.broadcast()
                let deadline = Date().addingTimeInterval(10)
                while arrived < 2 && lock.wait(until: deadline) {}
                if arrived >= 2 { met += 1 }
                lock.unlock()
            }
        }
        let meeting = Meeting()
        WorkQueue.run(count: 2, workers: 2, work: { _ in meeting.meet() }, deliver: { _, _ in })
        #expect(meeting.met == 2)
    }
}
