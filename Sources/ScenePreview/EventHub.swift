#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Synchronization

/// What the server pushes to every open page (over a WebSocket), as one JSON object per message.
public struct PreviewEvent: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// Sent first on every connection.
        case hello
        /// Scenes changed on disk: pages showing one of `ids` fetch it again.
        case changed
        /// Scenes or variants appeared or disappeared: pages fetch the list again.
        case catalog
    }

    public let type: Kind
    /// Catalog ids whose drawing may have changed.
    public let ids: [String]

    public init(_ type: Kind, ids: [String] = []) {
        self.type = type
        self.ids = ids
    }

    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// The open pages' event streams. Publishing never blocks: each page's stream buffers the newest
/// few events (a page that stops reading loses old ones, never stalls the others).
public final class EventHub: Sendable {
    private let subscribers = Mutex<(next: Int, all: [Int: AsyncStream<PreviewEvent>.Continuation])>((0, [:]))

    public init() {}

    /// A stream of events for one page; it ends when the hub shuts down or the page unsubscribes.
    public func subscribe() -> (id: Int, events: AsyncStream<PreviewEvent>) {
        let (stream, continuation) = AsyncStream<PreviewEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = subscribers.withLock { state in
            state.next += 1
            state.all[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        continuation.yield(PreviewEvent(.hello))
        return (id, stream)
    }

    public func unsubscribe(_ id: Int) {
        let removed = subscribers.withLock { $0.all.removeValue(forKey: id) }
        removed?.finish()
    }

    public var count: Int { subscribers.withLock { $0.all.count } }

    public func publish(_ event: PreviewEvent) {
        let all = subscribers.withLock { Array($0.all.values) }
        for continuation in all { continuation.yield(event) }
    }

    /// Ends every stream (shutdown).
    public func finishAll() {
        let all = subscribers.withLock { state -> [AsyncStream<PreviewEvent>.Continuation] in
            defer { state.all.removeAll() }
            return Array(state.all.values)
        }
        for continuation in all { continuation.finish() }
    }
}
