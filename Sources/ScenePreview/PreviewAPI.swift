#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneProject
import SceneSource

/// An HTTP request as the API sees it: what the server layer passes on, nothing of sockets.
public struct APIRequest: Sendable {
    public var method: String
    /// The path without the query: `/api/render`.
    public var path: String
    /// Query items, percent-decoded, in order (a name may repeat).
    public var query: [(name: String, value: String)]

    public init(method: String = "GET", path: String, query: [(name: String, value: String)] = []) {
        self.method = method
        self.path = path
        self.query = query
    }

    public func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

public struct APIResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    static func json<T: Encodable>(_ value: T, status: Int = 200) -> APIResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return APIResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(data))
    }

    static func error(_ status: Int, _ message: String) -> APIResponse {
        json(["error": message], status: status)
    }
}

/// The preview's JSON API, routed without a socket (the server maps HTTP onto it):
///
/// - `GET /api/catalog` → `CatalogResponse`: the scenes and variants under the paths;
/// - `GET /api/render?id=ID&size=WxH&client=C&p.NAME=VALUE…` → `RenderResponse`: one entry compiled
///   with the inspector's values (`p.` + the parameter name, the value as `--set` text).
///
/// Scene files are named only by catalog id, never by a path from the URL: nothing outside the
/// catalog can be read through the API.
public struct PreviewAPI: Sendable {
    public let session: PreviewSession

    public init(session: PreviewSession) { self.session = session }

    public static let parameterPrefix = "p."

    public func handle(_ request: APIRequest) async -> APIResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .error(405, "the preview's API is read-only: use GET")
        }
        switch request.path {
        case "/api/catalog":
            return .json(session.catalogResponse())
        case "/api/render":
            guard let render = Self.renderRequest(request) else {
                return .error(400, "name the scene: /api/render?id=Scenes/counter.scene")
            }
            return .json(await session.render(render))
        default:
            return .error(404, "no such API: \(request.path)")
        }
    }

    static func renderRequest(_ request: APIRequest) -> RenderRequest? {
        guard let id = request.value("id"), !id.isEmpty else { return nil }
        var values: [String: String] = [:]
        for item in request.query where item.name.hasPrefix(parameterPrefix) {
            values[String(item.name.dropFirst(parameterPrefix.count))] = item.value
        }
        let size = request.value("size").flatMap { $0.isEmpty ? nil : $0 }
        let appearance: Appearance = request.value("appearance") == "dark" ? .dark : .light
        return RenderRequest(id: id, values: values, size: size, client: request.value("client"), appearance: appearance)
    }
}

/// DNS rebinding: a page on another site can make a browser resolve its own name to 127.0.0.1 and
/// then read the preview as if it were that site. Such requests carry the other name in `Host`,
/// so only the names the server is reached by are accepted: its own address (and `localhost` when it
/// listens on loopback), with its port.
public struct HostPolicy: Sendable {
    public let allowed: Set<String>

    public init(host: String, port: Int) {
        var names: Set<String> = [host]
        if host == "127.0.0.1" || host == "::1" || host == "localhost" {
            names.formUnion(["127.0.0.1", "localhost", "[::1]"])
        }
        if host.contains(":"), !host.hasPrefix("[") { names.insert("[\(host)]") }
        // A browser leaves out the port when it is HTTP's default.
        allowed = Set(names.flatMap { port == 80 ? ["\($0):\(port)", $0] : ["\($0):\(port)"] }.map { $0.lowercased() })
    }

    /// Whether a request's `Host` header names this server. A missing header is refused.
    public func allows(_ hostHeader: String?) -> Bool {
        guard let hostHeader else { return false }
        return allowed.contains(hostHeader.trimming(.spaces).lowercased())
    }

    /// Whether an `Origin` header names a page of this server (`http://127.0.0.1:PORT`): the
    /// preview's own page is the only one allowed to call its API or open its event socket.
    public func allowsOrigin(_ origin: String) -> Bool {
        let origin = origin.lowercased()
        guard origin.hasPrefix("http://") else { return false }
        return allowed.contains(String(origin.dropFirst("http://".count)))
    }
}
