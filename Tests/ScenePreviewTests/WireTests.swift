import Foundation
@testable import ScenePreview
import Testing

/// The preview server's own reading of the wire, without a socket (issue 21): request heads are
/// bounded and scanned once, every request is screened for its Host and Origin, and WebSocket
/// frame headers are read before (and instead of) an oversized payload. The running server is
/// tested in Tests/preview/hostile_clients.py.
struct WireTests {
    static let policy = HostPolicy(host: "127.0.0.1", port: 8080)

    static func head(_ text: String) -> HTTPHead? {
        let bytes = Array(text.utf8)
        guard let end = HTTPHead.end(in: bytes, scanned: 0), case .success(let head) = HTTPHead.parse(bytes[..<end]) else { return nil }
        return head
    }

    @Test func aHeadEndsAtItsBlankLineWhereverTheReadsSplitIt() throws {
        let text = Array("GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\nGET /next".utf8)
        let whole = try #require(HTTPHead.end(in: text, scanned: 0))
        #expect(whole == text.count - "GET /next".utf8.count)
        // Fed a byte at a time, each call scanning from where the last stopped: the same end.
        var found: Int?
        for count in 1...text.count where found == nil {
            found = HTTPHead.end(in: Array(text[..<count]), scanned: max(0, count - 1))
        }
        #expect(found == whole)
        let head = try #require(Self.head(String(decoding: text, as: UTF8.self)))
        #expect(head.method == "GET" && head.target == "/api/catalog" && head.fields == [.init(name: "host", value: "127.0.0.1:8080")])
    }

    @Test func malformedAndOversizedHeadsAreRefused() {
        let long = Array(("GET /?" + String(repeating: "a", count: HTTPHead.limit) + " HTTP/1.1\r\n\r\n").utf8)
        #expect(HTTPHead.parse(long[...]) == .failure(.tooLarge))
        for bad in [
            "HELLO\r\n\r\n", "GET / HTTP/2\r\n\r\n", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", "GET / HTTP/1.1\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nX: a\u{1}b\r\n\r\n",
        ] {
            let bytes = Array(bad.utf8)
            guard case .failure(.malformed) = HTTPHead.parse(bytes[...]) else {
                Issue.record("accepted: \(bad.debugDescription)")
                continue
            }
        }
    }

    @Test func theScreenWantsOneOwnHostAndTheOwnOriginOrNone() throws {
        func status(_ fields: String, target: String = "/api/catalog") throws -> Int? {
            RequestScreen.refusal(try #require(Self.head("GET \(target) HTTP/1.1\r\n\(fields)\r\n")), policy: Self.policy)?.status
        }
        #expect(try status("Host: 127.0.0.1:8080\r\n") == nil)
        #expect(try status("Host: localhost:8080\r\nOrigin: http://localhost:8080\r\nSec-Fetch-Site: same-origin\r\n") == nil)
        #expect(try status("") == 400)
        #expect(try status("Host: 127.0.0.1:8080\r\nHost: 127.0.0.1:8080\r\n") == 400)
        #expect(try status("Host: evil.example:8080\r\n") == 421)
        #expect(try status("Host: 127.0.0.1:8080\r\nOrigin: http://evil.example\r\n") == 403)
        #expect(try status("Host: 127.0.0.1:8080\r\nOrigin: null\r\n") == 403)
        #expect(try status("Host: 127.0.0.1:8080\r\nOrigin: http://127.0.0.1:8081\r\n") == 403)
        #expect(try status("Host: 127.0.0.1:8080\r\nSec-Fetch-Site: cross-site\r\n") == 403)
        // The page itself may be opened from a link on another site.
        #expect(try status("Host: 127.0.0.1:8080\r\nSec-Fetch-Site: cross-site\r\n", target: "/") == nil)
        #expect(try status("Host: 127.0.0.1:8080\r\nContent-Length: 5\r\n") == 400)
    }

    @Test func theHandshakeKeyAndFrameHeaders() throws {
        // RFC 6455 §1.3's example.
        #expect(WebSocketFraming.acceptKey("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(SHA1.hash([]).map { String(format: "%02x", $0) }.joined() == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        // A masked binary frame declaring 1 GB: its header is known from 14 bytes, nothing more.
        let declared: [UInt8] = [0x82, 0x80 | 127, 0, 0, 0, 0, 0x40, 0, 0, 0, 1, 2, 3, 4]
        #expect(WebSocketFraming.header(in: declared.dropLast()[...]) == nil)
        let header = try #require(WebSocketFraming.header(in: declared[...]))
        #expect(header.length == 1 << 30 && header.size == 14 && header.mask == [1, 2, 3, 4] && header.opcode == .binary)
        #expect(WebSocketFraming.frame(.text, Array("hi".utf8)) == [0x81, 2, 0x68, 0x69])
        #expect(WebSocketFraming.close(1009, "") == [0x88, 2, 0x03, 0xF1])
    }
}
