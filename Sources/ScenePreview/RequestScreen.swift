/// What every request to the preview must pass before it is routed, decided on its head alone.
///
/// - exactly one `Host`, naming this server (DNS rebinding: `HostPolicy`), else 400 or 421;
/// - at most one `Origin`, and when there is one it is this server's (`http://127.0.0.1:PORT`):
///   a page of another site may not call the API, open the event socket, or make the server
///   render for it (browsers send `Origin` on every cross-origin fetch and WebSocket), else 403;
/// - on `/api/…`, a `Sec-Fetch-Site` other than `same-origin` or `none` (a request another site's
///   page made without `Origin`, such as `<img src>`) is refused too, with 403;
/// - no body: the preview's API is GET only, so `Content-Length` other than 0 or any
///   `Transfer-Encoding` is a 400 (and the connection closes, its framing unknown).
public enum RequestScreen {
    /// The answer to a request refused, or nil when it may be routed.
    public static func refusal(_ head: HTTPHead, policy: HostPolicy?) -> APIResponse? {
        let hosts = head.values("host")
        guard hosts.count == 1 else {
            return text(
                400,
                hosts.isEmpty
                    ? "A request must name this server in one Host header.\n"
                    : "A request must have one Host header, not \(hosts.count).\n")
        }
        guard let policy, policy.allows(hosts[0]) else {
            return text(421, "This preview answers only requests addressed to it by its own address.\n")
        }
        let origins = head.values("origin")
        guard origins.count <= 1 else { return text(400, "A request must have at most one Origin header.\n") }
        if let origin = origins.first, !policy.allowsOrigin(origin) {
            return text(403, "This preview answers only its own page, not pages of other sites.\n")
        }
        if head.target.hasPrefix("/api/"), let site = head.value("sec-fetch-site"), site != "same-origin", site != "none" {
            return text(403, "This preview answers only its own page, not pages of other sites.\n")
        }
        if hasBody(head) { return text(400, "The preview takes no request body.\n") }
        return nil
    }

    /// Whether the head announces a body (which this server never reads).
    public static func hasBody(_ head: HTTPHead) -> Bool {
        !head.values("transfer-encoding").isEmpty || head.values("content-length").contains { $0 != "0" }
    }

    static func text(_ status: Int, _ message: String) -> APIResponse {
        APIResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(message.utf8))
    }
}
