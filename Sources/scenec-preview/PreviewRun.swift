import Foundation
import SceneIO
import ScenePreview
import ScenePreviewServer
import SceneSource
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The preview server's life: start it, watch the files, report changed scenes on the terminal,
/// and stop cleanly on Ctrl-C or SIGTERM.
struct PreviewRun {
    let configuration: PreviewConfiguration

    init(_ configuration: PreviewConfiguration) { self.configuration = configuration }

    func run() -> Never {
        let c = configuration
        let session = PreviewSession(paths: c.paths, projectRoot: c.projectRoot, limits: c.limits)
        for problem in session.catalog.problems { Self.say("scenec preview: warning: \(problem)\n") }

        let server: PreviewServer
        do throws(PreviewServer.StartError) {
            server = try PreviewServer(session: session, host: c.host, port: UInt16(c.port))
        } catch {
            Self.fail(error.description, help: nil)
        }
        // Before the address is printed: whoever reads it may send SIGINT or SIGTERM at once, and
        // that must stop the server cleanly (status 0), not end the process by the signal.
        let stop = DispatchSemaphore(value: 0)
        InterruptCleanup.onInterrupt { _ in stop.signal() }
        let started = Blocking.run { () async throws(PreviewServer.StartError) -> Int in try await server.start() }
        let listening: Int
        switch started {
        case .success(let port): listening = port
        case .failure(let error) where error.kind == .portInUse:
            Self.fail(
                "cannot listen on \(c.host):\(c.port): \(error.description)",
                help: "pick another port with --port \(c.port == 65535 ? 8081 : c.port + 1), or --port 0 for a free one")
        case .failure(let error):
            Self.fail("cannot listen on \(c.host):\(c.port): \(error.description)", help: nil)
        }

        // The terminal says what changed, and prints a changed scene's diagnostics as `check` does
        // (the page shows the same text).
        // Off the watcher's thread, so that a slow scene cannot delay the next save.
        let short = c.shortDiagnostics
        let reporter = DispatchQueue(label: "scenec.preview.report")
        let watcher = FileWatcher(roots: { session.watchRoots() }, forcePolling: c.poll) {
            let changes = session.refresh()
            reporter.async { report(changes) }
        }
        @Sendable func report(_ changes: PreviewSession.Changes) {
            if changes.catalogChanged { Self.say("scenec preview: the list of scenes changed\n") }
            for entry in session.catalog.entries where entry.kind == .scene && changes.changedIDs.contains(entry.id) {
                let response = session.renderNow(RenderRequest(id: entry.id))
                if response.diagnostics.errors > 0 {
                    Self.say(short ? response.diagnostics.shortText : response.diagnostics.text)
                } else {
                    Self.say("scenec preview: \(entry.scene) compiles\n")
                }
            }
        }
        watcher.start()

        let shown = c.host.contains(":") ? "[\(c.host)]" : c.host
        let address = "http://\(shown):\(listening)/"
        let entries = session.catalog.entries
        let scenes = entries.filter { $0.kind == .scene }.count
        do {
            try StandardStream.output.write(
                "scenec preview: \(scenes) scene\(scenes == 1 ? "" : "s"), \(entries.count - scenes) variant"
                    + "\(entries.count - scenes == 1 ? "" : "s") from \(c.paths.joined(separator: ", "))\n"
                    + "open \(address)  (Ctrl-C stops)\n")
        } catch {
            Self.say("scenec: error: \(error.description)\n")
            exit(1)
        }
        if c.open { openBrowser(address) }

        stop.wait()
        Self.say("scenec preview: stopping\n")
        watcher.stop()
        _ = Blocking.run { () async throws(Never) in await server.stop() }
        exit(Self.lostErrorOutput ? 1 : 0)
    }

    private func openBrowser(_ address: String) {
        let openers = ["xdg-open", "open"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard
            let opener = openers.lazy.compactMap({ name in
                folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            }).first
        else {
            Self.say("scenec preview: no browser opener (xdg-open) here; open \(address) yourself\n")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            Self.say("scenec preview: could not run \(opener): \(error.localizedDescription); open \(address) yourself\n")
        }
    }

    private static let errorFailed = Atomic<Bool>(false)
    private static var lostErrorOutput: Bool { errorFailed.load(ordering: .relaxed) }

    /// Writes to standard error; a lost write turns a clean stop into exit status 1, as in scenec.
    static func say(_ text: String) {
        do { try StandardStream.error.write(text) } catch { errorFailed.store(true, ordering: .relaxed) }
    }

    /// `scenec: error: …` and `help: …`, exit status 2, as scenec says a command-line mistake.
    static func fail(_ message: String, help: String?) -> Never {
        say(DiagnosticRenderer.visible("scenec: error: \(message)") + "\n")
        if let help { say("help: \(help)\n") }
        exit(2)
    }
}

/// Runs async work from the synchronous program and waits for it (the main thread waits; the work
/// runs on Swift's concurrency threads).
enum Blocking {
    static func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () async throws(E) -> T) -> Result<T, E> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T, E>()
        Task {
            do throws(E) { box.result = .success(try await work()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return box.result!
    }

    /// Written by one task before the semaphore is signalled, read after the wait.
    private final class ResultBox<T, E: Error>: @unchecked Sendable {
        var result: Result<T, E>?
    }
}
