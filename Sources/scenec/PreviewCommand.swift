import ArgumentParser
import Foundation
import SceneCompiler
import SceneIO
import ScenePreview
import ScenePreviewServer

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview: edit a scene and see it redraw at once, with an inspector for its parameters.",
        discussion: """
            Serves a page on 127.0.0.1 (--host) listing the scenes and manifest variants under the given paths \
            (default Scenes). Selecting one shows it large, with one control per parameter; saving a scene or a \
            component it uses redraws every page showing it. Errors are shown on the page with the last good \
            drawing greyed beside them. Only files under the given paths are served, and only to requests \
            addressed to the preview by its own address. Ctrl-C (SIGINT) or SIGTERM stops it (exit status 0).
            """)

    @Argument(help: ArgumentHelp("Folders to search for .scene files (recursively), or scene files (default: Scenes).",
                                 valueName: "path"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one (the address is printed).", valueName: "n"))
    var port: Int = 8080

    @Option(help: ArgumentHelp("The address to listen on. Keep the default, 127.0.0.1, unless others must reach the preview.",
                               valueName: "address"))
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in a browser (with xdg-open or open, where there is one).")
    var open = false

    @Flag(help: "Watch files by looking at them every 50 ms instead of with inotify (for network file systems).")
    var poll = false

    @OptionGroup var project: ProjectOptions
    @OptionGroup var diagnostics: DiagnosticOptions
    @OptionGroup(title: "Limits") var limits: LimitOptions

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port expects a port number from 1 to 65535, or 0 for a free one; got \(port)")
        }
    }

    func run() throws {
        let paths = self.paths.isEmpty ? ["Scenes"] : self.paths
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw CommandError("cannot read '\(path)': no such file or folder",
                               help: "name folders of scenes or scene files, such as scenec preview Scenes")
        }
        let door = FrontDoor(limits: limits, project: project, diagnostics: diagnostics)
        let session = PreviewSession(paths: paths, projectRoot: project.project, limits: door.compiler.limits)
        for problem in session.catalog.problems { Console.error("scenec preview: warning: \(problem)\n") }

        let server: PreviewServer
        do throws(PreviewServer.StartError) {
            server = try PreviewServer(session: session, host: host, port: UInt16(port))
        } catch {
            throw CommandError(error.description)
        }
        let started = Blocking.run { () async throws(PreviewServer.StartError) -> Int in try await server.start() }
        let listening: Int
        switch started {
        case .success(let port): listening = port
        case .failure(let error) where error.kind == .portInUse:
            throw CommandError("cannot listen on \(host):\(port): \(error.description)",
                               help: "pick another port with --port \(port == 65535 ? 8081 : port + 1), or --port 0 for a free one")
        case .failure(let error):
            throw CommandError("cannot listen on \(host):\(port): \(error.description)")
        }

        // The terminal says what changed, and prints a changed scene's diagnostics as `check` does
        // (the page shows the same text).
        // Off the watcher's thread, so that a slow scene cannot delay the next save.
        let style = diagnostics.rendererStyle
        let reporter = DispatchQueue(label: "scenec.preview.report")
        let watcher = FileWatcher(roots: { session.watchRoots() }, forcePolling: poll) {
            let changes = session.refresh()
            reporter.async { report(changes) }
        }
        @Sendable func report(_ changes: PreviewSession.Changes) {
            if changes.catalogChanged { Console.error("scenec preview: the list of scenes changed\n") }
            for entry in session.catalog.entries where entry.kind == .scene && changes.changedIDs.contains(entry.id) {
                let response = session.renderNow(RenderRequest(id: entry.id))
                if response.diagnostics.errors > 0 {
                    Console.error(style == .rich ? response.diagnostics.text : response.diagnostics.shortText)
                } else {
                    Console.error("scenec preview: \(entry.scene) compiles\n")
                }
            }
        }
        watcher.start()

        let shown = host.contains(":") ? "[\(host)]" : host
        let address = "http://\(shown):\(listening)/"
        let entries = session.catalog.entries
        let scenes = entries.filter { $0.kind == .scene }.count
        try Console.output("scenec preview: \(scenes) scene\(scenes == 1 ? "" : "s"), \(entries.count - scenes) variant"
                           + "\(entries.count - scenes == 1 ? "" : "s") from \(paths.joined(separator: ", "))\n"
                           + "open \(address)  (Ctrl-C stops)\n")
        if open { openBrowser(address) }

        let stop = DispatchSemaphore(value: 0)
        InterruptCleanup.onInterrupt { _ in stop.signal() }
        stop.wait()
        Console.error("scenec preview: stopping\n")
        watcher.stop()
        _ = Blocking.run { () async throws(Never) in await server.stop() }
    }

    private func openBrowser(_ address: String) {
        let openers = ["xdg-open", "open"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let opener = openers.lazy.compactMap({ name in
            folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }).first else {
            Console.error("scenec preview: no browser opener (xdg-open) here; open \(address) yourself\n")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            Console.error("scenec preview: could not run \(opener): \(error.localizedDescription); open \(address) yourself\n")
        }
    }
}

/// Runs async work from the synchronous command and waits for it (the main thread waits; the work
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
