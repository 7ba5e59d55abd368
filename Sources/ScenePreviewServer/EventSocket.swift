import FlyingSocks
import Foundation
import ScenePreview
import Synchronization

/// The event socket at `/api/events`: the session's events pushed to one page as WebSocket text
/// messages (JSON). The page sends nothing but control frames, so a client frame is read only up
/// to `WebSocketFraming.maximumPayload` bytes; a longer one is closed with 1009 before its payload
/// is read, a malformed one with 1002. It ends when the page goes away or the server stops (1001).
struct EventSocket: Sendable {
    let hub: EventHub
    /// Event sockets open now (the server waits for them to send their 1001 when stopping).
    let open: OpenCount

    func run(on socket: AsyncSocket, reader: SocketReader, accept: String) async {
        open.count.add(1, ordering: .relaxed)
        defer { open.count.subtract(1, ordering: .relaxed) }
        let (id, events) = hub.subscribe()
        defer { hub.unsubscribe(id) }
        // Everything written goes through one stream, so frames from the two tasks never interleave.
        // Bounded as the hub's own streams are: a page that stops reading loses old events (whole
        // frames), and holds no more memory than 64 of them.
        let (outgoing, out) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(64))
        out.yield(ResponseHead.switching(accept: accept))
        let refused = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await event in events { out.yield(WebSocketFraming.frame(.text, Array(event.json.utf8))) }
                out.yield(WebSocketFraming.close(1001, "the preview is shutting down"))
                out.finish()
                return false
            }
            group.addTask {
                var reader = reader
                let refused = await Self.readFrames(&reader, out)
                out.finish()
                return refused
            }
            for await bytes in outgoing {
                guard (try? await socket.write(Data(bytes))) != nil else { break }
            }
            group.cancelAll()
            return await group.contains(true)
        }
        if refused { await PreviewConnection.lingeringClose(socket) }
    }

    /// Reads the page's frames until it closes, answering pings and closes. Returns true when it
    /// refused a frame (the rest of which may still be arriving).
    static func readFrames(_ reader: inout SocketReader, _ out: AsyncStream<[UInt8]>.Continuation) async -> Bool {
        while true {
            guard let header = try? await reader.frameHeader() else { return false }
            guard let opcode = header.opcode, let mask = header.mask,
                !opcode.isControl || header.fin && header.length <= 125
            else {
                out.yield(WebSocketFraming.close(1002, "not a WebSocket frame from a browser"))
                return true
            }
            guard header.length <= UInt64(WebSocketFraming.maximumPayload) else {
                out.yield(WebSocketFraming.close(1009, "the preview reads no message this long"))
                return true
            }
            guard let payload = try? await reader.take(Int(header.length)) else { return false }
            let data = WebSocketFraming.unmask(payload[...], mask)
            switch opcode {
            case .close:
                out.yield(WebSocketFraming.frame(.close, Array(data.prefix(2))))
                return false
            case .ping:
                out.yield(WebSocketFraming.frame(.pong, data))
            default:
                continue
            }
        }
    }
}

/// A count shared by the server and its connections.
final class OpenCount: Sendable {
    let count = Atomic<Int>(0)
}
