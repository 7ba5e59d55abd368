import FlyingSocks
import Foundation
import ScenePreview
#if canImport(Glibc)
    import Glibc
#endif

/// One browser connection: request heads read by `SocketReader` (bounded, linear), screened by
/// `RequestScreen` (Host, Origin, no body), answered by `PreviewRoutes`, kept alive between
/// requests; or upgraded to the event socket.
struct PreviewConnection: Sendable {
    let socket: AsyncSocket
    let routes: PreviewRoutes
    let policy: @Sendable () -> HostPolicy?
    let events: EventSocket

    /// What is read and thrown away after a refusal before the socket closes, so that the client,
    /// still sending a long head or frame, gets the answer rather than a reset.
    static let drainLimit = 4 << 20

    func serve() async {
        var reader = SocketReader(socket)
        defer { try? socket.close() }
        while !Task.isCancelled {
            let next: Result<HTTPHead, HTTPHead.Problem>?
            do { next = try await reader.head() } catch { return }
            guard let next else { return }
            let head: HTTPHead
            switch next {
            case .failure(.tooLarge):
                await refuse(
                    APIResponse(
                        status: 431, contentType: "text/plain; charset=utf-8",
                        body: Array("The request's head is longer than \(HTTPHead.limit / 1024) KB.\n".utf8)))
                return
            case .failure(.malformed(let why)):
                await refuse(APIResponse(status: 400, contentType: "text/plain; charset=utf-8", body: Array("Bad request: \(why).\n".utf8)))
                return
            case .success(let parsed): head = parsed
            }
            if let refusal = RequestScreen.refusal(head, policy: policy()) {
                await refuse(refusal, bodyless: head.method == "HEAD")
                return
            }
            switch await routes.route(head) {
            case .events(let key):
                await events.run(on: socket, reader: reader, accept: WebSocketFraming.acceptKey(key))
                return
            case .answer(let response):
                let close = Self.closes(head)
                do { try await socket.write(Data(ResponseHead.bytes(response, bodyless: head.method == "HEAD", close: close))) } catch { return }
                if close { return }
            }
        }
    }

    /// HTTP/1.0, or `Connection: close`, ends the connection after the answer.
    static func closes(_ head: HTTPHead) -> Bool {
        let connection = head.values("connection").joined(separator: ",").lowercased()
        let tokens = connection.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return head.version == "HTTP/1.0" ? !tokens.contains("keep-alive") : tokens.contains("close")
    }

    /// Answers and closes: what follows the head cannot be trusted to be framed as a request.
    private func refuse(_ response: APIResponse, bodyless: Bool = false) async {
        guard (try? await socket.write(Data(ResponseHead.bytes(response, bodyless: bodyless, close: true)))) != nil else { return }
        await Self.lingeringClose(socket)
    }

    /// Sends FIN, then reads and discards what the client still sends (up to `drainLimit`) until it
    /// closes: closing with unread bytes would send a reset that can destroy the answer in flight.
    static func lingeringClose(_ socket: AsyncSocket) async {
        _ = shutdown(socket.socket.file.rawValue, Int32(SHUT_WR))
        var drained = 0
        while drained < drainLimit, let bytes = try? await socket.read(atMost: 65536) { drained += bytes.count }
    }
}
