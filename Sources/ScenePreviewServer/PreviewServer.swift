import FlyingFox
import FlyingSocks
import Foundation
import ScenePreview
import Synchronization

/// The preview's HTTP layer, thin on purpose: FlyingFox serves the page (from memory), maps
/// `/api/…` onto `PreviewAPI`, and pushes the session's events over a WebSocket at `/api/events`.
/// Every request must name this server in its `Host` header (DNS rebinding).
public final class PreviewServer: Sendable {
    public let session: PreviewSession
    public let host: String
    private let server: HTTPServer
    private let policy = PolicyBox()
    private let failure = Mutex<(any Error)?>(nil)
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Why the server could not start, in words for the command line.
    public struct StartError: Error, CustomStringConvertible {
        public enum Kind: Sendable { case portInUse, badHost, other }
        public let kind: Kind
        public let description: String
    }

    public init(session: PreviewSession, host: String, port: UInt16) throws(StartError) {
        self.session = session
        self.host = host
        let address: any SocketAddress
        do {
            if host.contains(":") {
                address = try sockaddr_in6.inet6(ip6: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port)
            } else {
                address = try sockaddr_in.inet(ip4: host == "localhost" ? "127.0.0.1" : host, port: port)
            }
        } catch {
            throw StartError(kind: .badHost, description: "--host expects an IP address of this machine such as 127.0.0.1, got '\(host)'")
        }
        let api = PreviewAPI(session: session)
        let root = RootHandler(api: api, events: EventsHandler(session: session), policy: policy)
        let pool = NoDelayPool(base: HTTPServer.defaultPool())
        server = HTTPServer(config: HTTPServer.Configuration(address: address, timeout: 120, pool: pool, logger: .disabled),
                            handler: root)
    }

    /// Binds and starts serving; returns the port listened on once requests are being accepted.
    public func start() async throws(StartError) -> Int {
        let server = self.server
        let running = Task { [self] in
            do { try await server.run() } catch { self.failure.withLock { $0 = error } }
        }
        task.withLock { $0 = running }
        while true {
            if let error = failure.withLock({ $0 }) { throw Self.describe(error) }
            if await server.isListening, let address = await server.listeningAddress, let port = Self.port(of: address) {
                policy.value.withLock { $0 = HostPolicy(host: host == "localhost" ? "127.0.0.1" : host, port: port) }
                return port
            }
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
    }

    /// Ends every page's event stream, stops accepting, and waits (0.3 s at most) for open requests.
    public func stop() async {
        session.close()
        await server.stop(timeout: 0.3)
        let running = task.withLock { $0 }
        running?.cancel()
        _ = await running?.value
    }

    static func port(of address: Socket.Address) -> Int? {
        switch address {
        case .ip4(_, let port), .ip6(_, let port): return Int(port)
        default: return nil
        }
    }

    static func describe(_ error: any Error) -> StartError {
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

/// FlyingFox's socket pool with Nagle's algorithm turned off on every connection. FlyingFox writes a
/// response's header and body in two writes; with Nagle on, the body waits for the browser to
/// acknowledge the header, which it delays by up to 40 ms: measured, a control's redraw took a
/// median 51 ms instead of a few. A connection waits to read before its first request, so that is
/// where the option is set (once more per request on a kept-alive connection: one cheap system call).
struct NoDelayPool: AsyncSocketPool {
    let base: any AsyncSocketPool
    /// TCP_NODELAY at level IPPROTO_TCP (1 and 6 on Linux and macOS alike).
    static var noDelay: BoolSocketOption { BoolSocketOption(level: 6, name: 1) }

    func prepare() async throws { try await base.prepare() }
    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        if events.contains(.read) { try? socket.setValue(true, for: Self.noDelay) }
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}

/// The Host policy, known once the port is (with `--port 0` the system picks it).
final class PolicyBox: Sendable {
    let value = Mutex<HostPolicy?>(nil)
}

/// Routes every request: the Host check first, then the page, the API and the event socket.
struct RootHandler: HTTPHandler {
    let api: PreviewAPI
    let events: EventsHandler
    let policy: PolicyBox

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let policy = policy.value.withLock({ $0 }), policy.allows(request.headers[.host]) else {
            return Self.response(421, "text/plain; charset=utf-8",
                                 Array("This preview answers only requests addressed to it by its own address.\n".utf8))
        }
        switch request.path {
        case "/", "/index.html":
            return Self.response(200, "text/html; charset=utf-8", PageAssets.html)
        case "/app.js":
            return Self.response(200, "text/javascript; charset=utf-8", PageAssets.script)
        case "/app.css":
            return Self.response(200, "text/css; charset=utf-8", PageAssets.style)
        case "/favicon.svg", "/favicon.ico":
            return Self.response(200, "image/svg+xml", PageAssets.icon)
        case "/api/events":
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: events)).handleRequest(request)
        default:
            guard request.path.hasPrefix("/api/") else {
                return Self.response(404, "text/plain; charset=utf-8", Array("Not found.\n".utf8))
            }
            let response = await api.handle(APIRequest(method: request.method.rawValue, path: request.path,
                                                       query: request.query.map { ($0.name, $0.value) }))
            return Self.response(response.status, response.contentType, request.method == .HEAD ? [] : response.body)
        }
    }

    static func response(_ status: Int, _ type: String, _ body: [UInt8]) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        headers[HTTPHeader("Content-Security-Policy")] =
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: Self.phrase(status)), headers: headers, body: Data(body))
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 421: return "Misdirected Request"
        default: return "Error"
        }
    }
}

/// One page's event stream as WebSocket text messages (JSON). It ends when the page goes away or
/// the server stops.
struct EventsHandler: WSMessageHandler {
    let session: PreviewSession

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (id, events) = session.events.subscribe()
        let hub = session.events
        // The page's own messages are not used; the stream ends when the page closes.
        Task {
            for await _ in client {}
            hub.unsubscribe(id)
        }
        return AsyncStream { continuation in
            let forward = Task {
                for await event in events { continuation.yield(.text(event.json)) }
                continuation.yield(.close(WSCloseCode(1001, reason: "the preview is shutting down")))
                continuation.finish()
            }
            continuation.onTermination = { _ in
                forward.cancel()
                hub.unsubscribe(id)
            }
        }
    }
}

/// The page's files, built into the program (SwiftPM embeds them as bytes): served from memory,
/// nothing fetched from anywhere else.
enum PageAssets {
    static let html = PackageResources.index_html
    static let script = PackageResources.app_js
    static let style = PackageResources.app_css
    static let icon = PackageResources.favicon_svg
}
