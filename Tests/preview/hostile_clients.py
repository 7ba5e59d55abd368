"""Requests a browser's page would never send the preview, sent to a running `scenec preview` on a
free port (raw sockets, so that every byte is the test's), and a page of another site in Chromium.
Used by check_preview.py; each case says what it checks and the answer it expects.
"""
import base64
import http.server
import os
import socket
import struct
import threading

# Generous: an answer that does not come in this long is a failure, not a measurement.
TIMEOUT = 30


def connect(port):
    return socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)


def read_head(sock):
    """The response's head as text (up to its blank line), or what came before the connection ended."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head.decode("latin-1"), rest


def status_of(port, request_bytes):
    """Sends `request_bytes` on a new connection; returns the answer's status code (0 for none)."""
    try:
        with connect(port) as sock:
            sock.sendall(request_bytes)
            head, _ = read_head(sock)
    except OSError as e:
        return f"no answer ({e.__class__.__name__})"
    parts = head.split(" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else f"no answer ({head[:40]!r})"


def get(port, target, *fields):
    lines = [f"GET {target} HTTP/1.1", *fields, "Connection: close", "", ""]
    return "\r\n".join(lines).encode()


def websocket(port, *fields):
    """Opens the event socket; returns (socket, status line, bytes after the head)."""
    sock = connect(port)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall("\r\n".join([f"GET /api/events HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket",
                              "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
                              *fields, "", ""]).encode())
    head, rest = read_head(sock)
    return sock, head.split("\r\n")[0], rest


def read_frame(sock, buffered=b""):
    """One server frame: (opcode, payload, bytes left over)."""
    data = buffered

    def need(n):
        nonlocal data
        while len(data) < n:
            chunk = sock.recv(65536)
            if not chunk:
                raise EOFError("the connection closed")
            data += chunk

    need(2)
    opcode, length = data[0] & 0x0F, data[1] & 0x7F
    start = 2
    if length == 126:
        need(4)
        length, start = struct.unpack(">H", data[2:4])[0], 4
    elif length == 127:
        need(10)
        length, start = struct.unpack(">Q", data[2:10])[0], 10
    need(start + length)
    return opcode, data[start:start + length], data[start + length:]


class OtherSite:
    """A page of another origin: a one-page HTTP server on another free port of 127.0.0.1."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<!doctype html><title>another site</title>")

        def log_message(self, *args):
            pass

    def __enter__(self):
        self.server = http.server.HTTPServer(("127.0.0.1", 0), self.Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.address = f"http://localhost:{self.server.server_address[1]}/"
        return self

    def __exit__(self, *args):
        self.server.shutdown()
        self.server.server_close()


def run(preview, check, playwright_browser):
    port = preview.port
    host = f"Host: 127.0.0.1:{port}"
    own = f"Origin: http://127.0.0.1:{port}"

    # Other origins: the API and the event socket answer only the preview's own page.
    check("the API refuses another site's Origin with 403",
          status_of(port, get(port, "/api/catalog", host, "Origin: http://evil.example")) == 403)
    check("the API refuses a request another site's page made (Sec-Fetch-Site) with 403",
          status_of(port, get(port, "/api/render?id=Scenes/counter.scene", host, "Sec-Fetch-Site: cross-site")) == 403)
    check("the API answers its own page's Origin",
          status_of(port, get(port, "/api/catalog", host, own, "Sec-Fetch-Site: same-origin")) == 200)
    sock, status, _ = websocket(port, "Origin: http://evil.example")
    sock.close()
    check("the event socket refuses another site's Origin with 403", status.startswith("HTTP/1.1 403"), status)

    # In Chromium: a page of another origin (another port on this machine: Chromium will not let a
    # page from a public name reach loopback at all) opens the event socket.
    with OtherSite() as other:
        page = playwright_browser.new_page()
        page.goto(other.address)
        outcome = page.evaluate("""port => new Promise(done => {
            const seen = [];
            const ws = new WebSocket(`ws://127.0.0.1:${port}/api/events`);
            ws.onopen = () => seen.push("open");
            // A message is the failure: done at once (the socket would stay open).
            ws.onmessage = m => { seen.push("message " + m.data); done(seen); };
            ws.onerror = () => seen.push("error");
            ws.onclose = () => done(seen);
        })""", port)
        check("a page of another origin cannot open the event socket in Chromium",
              "open" not in outcome and not any(s.startswith("message") for s in outcome), outcome)
        page.close()

    # Request heads: bounded (431), read in linear time, one Host.
    for size in [64 * 1024, 1024 * 1024]:
        long_head = get(port, "/?" + "a" * size, host)
        check(f"a {size // 1024} KB request head is answered 431", status_of(port, long_head) == 431)
    check("two Host headers are a 400",
          status_of(port, get(port, "/api/catalog", "Host: evil.example", host)) == 400)
    check("two Host headers are a 400 even when both name the server",
          status_of(port, get(port, "/api/catalog", host, host)) == 400)
    check("a request with a body is a 400",
          status_of(port, b"GET /api/catalog HTTP/1.1\r\n" + host.encode() + b"\r\nContent-Length: 5\r\n\r\nhello") == 400)
    check("a request head that is not HTTP is a 400", status_of(port, b"HELLO\r\n\r\n") == 400)

    # WebSocket frames: a declared 1 GB frame is refused with 1009 before its payload is held.
    sock = None
    try:
        sock, status, rest = websocket(port, own)
        check("the event socket opens for the preview's own page", status.startswith("HTTP/1.1 101"), status)
        opcode, payload, rest = read_frame(sock, rest)
        check("the event socket says hello first", opcode == 1 and b'"hello"' in payload, payload)
        mask = os.urandom(4)
        sock.sendall(bytes([0x82, 0x80 | 127]) + struct.pack(">Q", 1 << 30) + mask + b"\0" * (256 * 1024))
        code = None
        while True:
            opcode, payload, rest = read_frame(sock, rest)
            if opcode == 8:
                code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                break
        check("a client frame declaring 1 GB is closed with 1009", code == 1009, code)
    except (OSError, EOFError) as e:
        check("a client frame declaring 1 GB is closed with 1009", False, repr(e))
    finally:
        if sock:
            sock.close()

    # The server is still there for its own page after all of that.
    check("the preview still answers after the hostile requests",
          status_of(port, get(port, "/api/catalog", host)) == 200)


def signal_while_announcing(scenec, sig, scenes):
    """Starts `scenec preview` with its standard output a full pipe, so that it is stopped in the
    middle of printing its address; sends `sig` once the port answers (the server is up, the
    address not yet printed), then lets the address through. Returns the exit status."""
    import shutil
    import subprocess
    import tempfile
    import time
    folder = tempfile.mkdtemp(prefix="scenec-preview-signal-")
    shutil.copytree(scenes, os.path.join(folder, "Scenes"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    try:
        while True:
            os.write(write_end, b"x" * 4096)
    except BlockingIOError:
        pass
    os.set_blocking(write_end, True)
    process = subprocess.Popen([os.path.abspath(scenec), "preview", "Scenes", "--port", str(port)], cwd=folder,
                               stdout=write_end, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        deadline = time.time() + TIMEOUT
        while process.poll() is None and time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.01)
        process.send_signal(sig)
        with os.fdopen(read_end, "rb") as pipe:
            pipe.read()
        return process.wait(TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        return "hung"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
