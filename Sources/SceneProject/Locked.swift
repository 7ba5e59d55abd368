import Synchronization

/// A value that worker threads share, behind a lock: what the work queue's callers collect
/// results into.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    public func withLock<R: Sendable>(_ body: (inout sending Value) throws -> R) rethrows -> R {
        try mutex.withLock { try body(&$0) }
    }
}
