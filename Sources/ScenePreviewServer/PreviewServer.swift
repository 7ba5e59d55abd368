import FlyingSocks
import Foundation
import ScenePreview
import Synchronization

/// The preview's HTTP layer, thin on purpose: it serves the page (from memory), maps `/api/…` onto
/// `PreviewAPI`, and pushes the session's events over a WebSocket at `/api/events`.
///
/// Sockets come from FlyingSocks (FlyingFox's socket layer: non-blocking sockets on epoll or
/// kqueue, Swift concurrency); the HTTP on top is this module's own (`SocketReader`,
/// `PreviewConnection`, `EventSocket`), because FlyingFox's could not be bounded: it read a request
/// head in time quadratic in its size with no limit, kept the last of two `Host` fields, and held
/// a WebSocket frame whole in memory whatever length it declared. Every request is screened by
/// `RequestScreen` (its own `Host`, its own `Origin`) before anything else is done for it.
public final class PreviewServer: Sendable {
    public let session: PreviewSession
    public let host: String
    private let address: any SocketAddress
    private let policy = Mutex<HostPolicy?>(nil)
    private let openEventSockets = OpenCount()
    private let running = Mutex<(socket: Socket, task: Task<Void, Never>)?>(nil)

    /// Why the server could not start, in words for the command line.
    public struct StartError: Error, CustomStringConvertible {
        public enum Kind: Sendable { case portInUse, badHost, other }
        public let kind: Kind
        public let description: String
    }

    public init(session: PreviewSession, host: String, port: UInt16) throws(StartError) {
        self.session = session
        self.host = host
        do {
            if host.contains(":") {
                address = try sockaddr_in6.inet6(ip6: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port)
            } else {
                address = try sockaddr_in.inet(ip4: host == "localhost" ? "127.0.0.1" : host, port: port)
            }
        } catch {
            throw StartError(kind: .badHost, description: "--host expects an IP address of this machine such as 127.0.0.1, got '\(host)'")
        }
    }

    /// Binds and starts serving; returns the port listened on (with `--port 0` the system picks it).
    public func start() async throws(StartError) -> Int {
        let pool = SocketPool<Poll>.make()
        let listener: AsyncSocket
        let port: Int
        do {
            try await pool.prepare()
            let socket = try Socket(domain: Int32(type(of: address).family))
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: address)
            try socket.listen()
            listener = try AsyncSocket(socket: socket, pool: pool)
            guard let bound = Self.port(of: try socket.sockname()) else {
                throw StartError(kind: .other, description: "cannot listen: no port")
            }
            port = bound
        } catch {
            throw Self.describe(error)
        }
        policy.withLock { $0 = HostPolicy(host: host == "localhost" ? "127.0.0.1" : host, port: port) }
        let routes = PreviewRoutes(api: PreviewAPI(session: session))
        let events = EventSocket(hub: session.events, open: openEventSockets)
        let task = Task { [self] in
            await withDiscardingTaskGroup { group in
                group.addTask { try? await pool.run() }
                // Until `stop` cancels this task (or the listening socket fails).
                while let client = try? await listener.accept() {
                    try? client.socket.setValue(true, for: Self.noDelay)
                    group.addTask {
                        await PreviewConnection(
                            socket: client, routes: routes, policy: { self.policy.withLock { $0 } },
                            events: events
                        ).serve()
                    }
                }
                group.cancelAll()
            }
        }
        running.withLock { $0 = (listener.socket, task) }
        return port
    }

    /// Ends every page's event stream (each sends its close frame; 0.3 s at most is given for
    /// that), then cancels every connection and stops listening.
    public func stop() async {
        session.close()
        guard
            let (socket, task) = running.withLock({ state in
                defer { state = nil }; return state
            })
        else { return }
        for _ in 0..<150 where openEventSockets.count.load(ordering: .relaxed) > 0 {
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        task.cancel()
        await task.value
        try? socket.close()
    }

    /// TCP_NODELAY at level IPPROTO_TCP (1 and 6 on Linux and macOS alike): an event frame is sent
    /// at once, not held back until the browser acknowledges the one before.
    static var noDelay: BoolSocketOption { BoolSocketOption(level: 6, name: 1) }

    static func port(of address: Socket.Address) -> Int? {
        switch address {
        case .ip4(_, let port), .ip6(_, let port): return Int(port)
        default: return nil
        }
    }

    static func describe(_ error: any Error) -> StartError {
        if let error = error as? StartError { return error }
        if let socket = error as? SocketError, case .failed(let type, let code, _) = socket {
            if code == EADDRINUSE {
                return StartError(kind: .portInUse, description: "the port is in use by another program")
            }
            if code == EADDRNOTAVAIL {
                return StartError(kind: .badHost, description: "this machine has no address to listen on that matches --host")
            }
            return StartError(kind: .other, description: "cannot listen (\(type.lowercased())): \(String(cString: strerror(code)))")
        }
        return StartError(kind: .other, description: "cannot listen: \(error.localizedDescription)")
    }
}
