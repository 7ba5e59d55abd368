import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneIO
import ScenePreview
#if canImport(Glibc)
    import Glibc
#endif

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

    @Argument(
        help: ArgumentHelp(
            "Folders to search for .scene files (recursively), or scene files (default: Scenes).",
            valueName: "path"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one (the address is printed).", valueName: "n"))
    var port: Int = 8080

    @Option(
        help: ArgumentHelp(
            "The address to listen on; any but the loopback address lets others reach the preview.",
            valueName: "address"))
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in a browser (with xdg-open or open, where there is one).")
    var open = false

    @Flag(help: "Watch files by looking at them every 50 ms instead of with inotify (for network file systems).")
    var poll = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port expects a port number from 1 to 65535, or 0 for a free one; got \(port)")
        }
    }

    func run() throws {
        let paths = self.paths.isEmpty ? ["Scenes"] : self.paths
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw CommandError(
                "cannot read '\(path)': no such file or folder",
                help: "name folders of scenes or scene files, such as scenec preview Scenes")
        }
        let door = FrontDoor(common)
        let configuration = PreviewConfiguration(
            paths: paths, projectRoot: common.projectRoot, limits: door.compiler.limits, host: host, port: port,
            open: open, poll: poll, shortDiagnostics: common.diagnostics.rendererStyle == .short)
        let json = String(decoding: try JSONEncoder().encode(configuration), as: UTF8.self)
        let program = try Self.serverExecutable()
        // The server replaces this process (same process id, same terminal, same signals): Ctrl-C
        // stops it as it stopped the server when both were one program.
        let argv = [program, PreviewConfiguration.option, json]
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        execv(program, &cArguments)
        let reason = String(cString: strerror(errno))
        cArguments.forEach { free($0) }
        throw CommandError(
            "cannot run the preview server \(program): \(reason)",
            help: "build it again with 'make build' (or 'swift build --product scenec-preview')")
    }

    /// `scenec-preview` beside this program's own executable (`.build/debug`, `.build/release`, or
    /// wherever both were installed), never looked up on PATH: a different build's server could
    /// not read this build's configuration.
    static func serverExecutable() throws -> String {
        let own = Self.ownExecutable()
        let folder = own.map { FilePath.parent(of: $0) } ?? "."
        let program = FilePath.join(folder, PreviewConfiguration.executableName)
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw CommandError(
                "the live preview's server, \(PreviewConfiguration.executableName), is not beside scenec "
                    + "(looked for \(program))",
                help: "build both programs with 'make build', or 'swift build --product scenec-preview' "
                    + "for a debug build, and keep \(PreviewConfiguration.executableName) in the folder of scenec")
        }
        return program
    }

    private static func ownExecutable() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if count > 0 { return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            // (Foundation's Bundle, not in FoundationEssentials, reads the same link on Linux.)
            return nil
        #else
            return Bundle.main.executablePath
        #endif
    }
}
