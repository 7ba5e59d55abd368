import ScenePreview

/// A response as bytes on the wire, head and body in one write (one segment for a small answer:
/// no wait on Nagle's algorithm and the browser's delayed ACK).
enum ResponseHead {
    /// The headers every answer carries: never cached, never sniffed, never framed by another page.
    static let common =
        "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
        + "Content-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'\r\n"

    static func bytes(_ response: APIResponse, bodyless: Bool, close: Bool) -> [UInt8] {
        let head =
            "HTTP/1.1 \(response.status) \(phrase(response.status))\r\n"
            + "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n" + common
            + "Connection: \(close ? "close" : "keep-alive")\r\n\r\n"
        return Array(head.utf8) + (bodyless ? [] : response.body)
    }

    static func switching(accept: String) -> [UInt8] {
        Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n".utf8)
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 421: return "Misdirected Request"
        case 431: return "Request Header Fields Too Large"
        default: return "Error"
        }
    }
}
