import Foundation
import ScenePreview

/// Where a request that passed `RequestScreen` goes: the page's files, the JSON API, or the
/// event socket at `/api/events`.
struct PreviewRoutes: Sendable {
    let api: PreviewAPI

    enum Route {
        case answer(APIResponse)
        /// Upgrade to the event socket, answering this `Sec-WebSocket-Key`.
        case events(key: String)
    }

    func route(_ head: HTTPHead) async -> Route {
        let path = String(head.target.prefix { $0 != "?" })
        switch path {
        case "/", "/index.html": return .answer(Self.asset("text/html; charset=utf-8", PageAssets.html))
        case "/app.js": return .answer(Self.asset("text/javascript; charset=utf-8", PageAssets.script))
        case "/app.css": return .answer(Self.asset("text/css; charset=utf-8", PageAssets.style))
        case "/favicon.svg", "/favicon.ico": return .answer(Self.asset("image/svg+xml", PageAssets.icon))
        case "/api/events": return Self.upgrade(head)
        default:
            guard path.hasPrefix("/api/") else { return .answer(Self.text(404, "Not found.\n")) }
            let query = URLComponents(string: head.target)?.queryItems?.map { ($0.name, $0.value ?? "") } ?? []
            return .answer(await api.handle(APIRequest(method: head.method, path: path, query: query)))
        }
    }

    /// A WebSocket handshake (RFC 6455 §4.2.1), or 400 for anything else at `/api/events`.
    static func upgrade(_ head: HTTPHead) -> Route {
        let upgrade = head.values("upgrade").joined(separator: ",").lowercased()
        let connection = head.values("connection").joined(separator: ",").lowercased()
        guard head.method == "GET", upgrade.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "websocket" }),
            connection.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "upgrade" }),
            head.values("sec-websocket-version") == ["13"],
            let key = head.value("sec-websocket-key"), head.values("sec-websocket-key").count == 1,
            Data(base64Encoded: key)?.count == 16
        else {
            return .answer(text(400, "/api/events is the preview's event socket: open it with a WebSocket (version 13).\n"))
        }
        return .events(key: key)
    }

    static func asset(_ type: String, _ bytes: [UInt8]) -> APIResponse {
        APIResponse(status: 200, contentType: type, body: bytes)
    }

    static func text(_ status: Int, _ message: String) -> APIResponse {
        APIResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(message.utf8))
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
