import FlyingSocks
import ScenePreview

/// One connection's incoming bytes, read as the server needs them: a request head (bounded by
/// `HTTPHead.limit`, scanned once), then, after an upgrade, WebSocket frames. Bytes read past a
/// head stay buffered for the next read.
struct SocketReader: Sendable {
    let socket: AsyncSocket
    private(set) var buffer: [UInt8] = []

    init(_ socket: AsyncSocket) { self.socket = socket }

    /// The next request head; nil when the peer closed the connection between requests.
    /// Throws when the connection fails or the task is cancelled.
    mutating func head() async throws -> Result<HTTPHead, HTTPHead.Problem>? {
        var scanned = 0
        while true {
            if let end = HTTPHead.end(in: buffer, scanned: scanned) {
                defer { buffer.removeFirst(end) }
                return HTTPHead.parse(buffer[..<end])
            }
            if buffer.count > HTTPHead.limit { return .failure(.tooLarge) }
            scanned = buffer.count
            do {
                try await fill()
            } catch SocketError.disconnected where buffer.isEmpty {
                return nil
            }
        }
    }

    /// The next WebSocket frame header, consumed.
    mutating func frameHeader() async throws -> WebSocketFraming.Header {
        while true {
            if let header = WebSocketFraming.header(in: buffer[...]) {
                buffer.removeFirst(header.size)
                return header
            }
            try await fill()
        }
    }

    /// The next `count` bytes, consumed (`count` already checked against a bound).
    mutating func take(_ count: Int) async throws -> [UInt8] {
        while buffer.count < count { try await fill() }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    private mutating func fill() async throws {
        buffer += try await socket.read(atMost: 4096)
    }
}
