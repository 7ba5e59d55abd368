import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing

/// `scenec preview` as a user runs it: the printed address on a free port, the page and the API
/// over HTTP, the Host check, a clear error for a port in use, and a clean exit (status 0) on
/// SIGINT and SIGTERM. The page itself is tested in Chromium (Tests/preview/check_preview.py).
struct PreviewCommandTests {
    /// A running `scenec preview … --port 0`, started with no signal blocked (see `CommandLineTests.start`).
    struct Server {
        let process: Process
        let port: Int
        let stderr: Pipe

        init(_ arguments: [String] = ["Scenes"]) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments =
                [
                    "-c",
                    "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                        + "os.execv(sys.argv[1], sys.argv[1:])", CommandLineTests.binary, "preview",
                ]
                + arguments + ["--port", "0"]
            process.currentDirectoryURL = Package.folder
            let out = Pipe()
            stderr = Pipe()
            process.standardOutput = out
            process.standardError = stderr
            try process.run()
            // The second line: "open http://127.0.0.1:PORT/  (Ctrl-C stops)".
            var text = ""
            let reader = out.fileHandleForReading
            while text.split(separator: "\n").count < 2 {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            let address = text.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") } ?? ""
            port = Int(address.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }) ?? 0
        }

        func stop(_ signal: Int32) -> (status: Int32, stderr: String) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }

        func get(_ path: String, host: String? = nil) throws -> (status: Int, body: String, type: String) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            if let host { request.setValue(host, forHTTPHeaderField: "Host") }
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var result: (Int, String, String) = (0, "", "")
            URLSession.shared.dataTask(with: request) { data, response, _ in
                let http = response as? HTTPURLResponse
                result = (
                    http?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self),
                    http?.value(forHTTPHeaderField: "Content-Type") ?? ""
                )
                done.signal()
            }.resume()
            done.wait()
            return result
        }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func servesThePageAndTheAPIAndStopsCleanly(signal: Int32) throws {
        let server = try Server()
        #expect(server.port > 0)
        let page = try server.get("/")
        #expect(page.status == 200 && page.type.hasPrefix("text/html") && page.body.contains("<script src=\"/app.js\">"))
        let script = try server.get("/app.js")
        #expect(script.status == 200 && script.body.contains("scenecPreview"))
        let catalog = try server.get("/api/catalog")
        #expect(catalog.status == 200 && catalog.body.contains("\"id\":\"Scenes/counter.scene\""))
        let render = try server.get("/api/render?id=Scenes/counter.scene&p.counter=3")
        #expect(render.body.contains("\"ok\":true") && render.body.contains("--set counter=3"))
        // Another name in Host (DNS rebinding) is refused; localhost is this server too.
        #expect(try server.get("/api/catalog", host: "evil.example:\(server.port)").status == 421)
        #expect(try server.get("/api/catalog", host: "localhost:\(server.port)").status == 200)
        #expect(try server.get("/../Package.swift").status == 404)
        let (status, stderr) = server.stop(signal)
        #expect(status == 0)
        #expect(stderr.contains("scenec preview: stopping"))
    }

    @Test func aPortInUseIsAClearErrorThatSuggestsAnother() throws {
        let server = try Server()
        defer { _ = server.stop(SIGTERM) }
        let run = try CommandLineTests.run(["preview", "Scenes", "--port", String(server.port)])
        #expect(run.status == 2)
        #expect(
            run.stderr == "scenec: error: cannot listen on 127.0.0.1:\(server.port): the port is in use by another program\n"
                + "help: pick another port with --port \(server.port + 1), or --port 0 for a free one\n")
    }

    /// The server is a program of its own (`scenec-preview`), so that scenec never loads
    /// FoundationNetworking and libcurl's closure at start-up.
    @Test func scenecItselfLoadsNoNetworkingLibrary() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [CommandLineTests.binary]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let libraries = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && libraries.contains("libxml2"), "\(libraries)")
        #expect(!libraries.contains("libcurl") && !libraries.contains("FoundationNetworking"), "\(libraries)")
    }

    /// `scenec preview` runs the server program found beside its own executable; without it, it
    /// says how to build it (and where it looked) instead of failing obscurely.
    @Test func aMissingServerProgramSaysHowToBuildIt() throws {
        let folder = try CommandLineTests.temporaryFolder()
        let alone = folder.appendingPathComponent("scenec").path
        try FileManager.default.copyItem(atPath: CommandLineTests.binary, toPath: alone)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: alone)
        process.arguments = ["preview", "Scenes", "--port", "0"]
        process.currentDirectoryURL = Package.folder
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(
            stderr.hasPrefix(
                "scenec: error: the live preview's server, scenec-preview, is not beside scenec "
                    + "(looked for \(folder.path)/scenec-preview)"), "\(stderr)")
        #expect(stderr.contains("help: build both programs with 'make build'"), "\(stderr)")
        try? FileManager.default.removeItem(at: folder)
    }

    /// Run by itself, the server program points at `scenec preview`.
    @Test func theServerProgramAloneSaysToRunScenecPreview() throws {
        let server = URL(fileURLWithPath: CommandLineTests.binary).deletingLastPathComponent().appendingPathComponent("scenec-preview")
        for arguments in [[], ["--configuration", "{}"]] {
            let process = Process()
            process.executableURL = server
            process.arguments = arguments
            let err = Pipe()
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(
                process.terminationStatus == 2 && stderr.hasPrefix("scenec: error: scenec-preview ")
                    && stderr.contains("help: "), "\(stderr)")
        }
    }

    @Test func aMissingPathOrABadHostIsAUsageError() throws {
        let missing = try CommandLineTests.run(["preview", "NoSuchFolder", "--port", "0"])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("scenec: error: cannot read 'NoSuchFolder': no such file or folder"))
        let host = try CommandLineTests.run(["preview", "Scenes", "--port", "0", "--host", "example.com"])
        #expect(host.status == 2 && host.stderr.contains("--host expects an IP address"))
        let port = try CommandLineTests.run(["preview", "Scenes", "--port", "70000"])
        #expect(port.status == 2 && port.stderr.contains("--port expects a port number"))
    }
}
