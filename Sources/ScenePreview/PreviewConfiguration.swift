import SceneCompiler

/// What `scenec preview` hands to `scenec-preview`, the executable that holds the server: the
/// command line, already checked, as JSON in one argument.
///
/// Why two executables: the server (FlyingFox) links FoundationNetworking, and with it libcurl and
/// about 25 more shared libraries that every `scenec` process would otherwise load at start-up
/// (docs/performance.md). `scenec preview` checks its options and replaces itself with the sibling
/// binary (`execv`), so the running server is one process that Ctrl-C stops as before.
public struct PreviewConfiguration: Codable, Sendable, Equatable {
    /// Folders or scene files, as given (already checked to exist).
    public var paths: [String]
    public var projectRoot: String?
    public var limits: CompilerLimits
    public var host: String
    public var port: Int
    public var open: Bool
    public var poll: Bool
    /// `--diagnostics short`.
    public var shortDiagnostics: Bool

    public init(
        paths: [String], projectRoot: String?, limits: CompilerLimits, host: String, port: Int,
        open: Bool, poll: Bool, shortDiagnostics: Bool
    ) {
        self.paths = paths
        self.projectRoot = projectRoot
        self.limits = limits
        self.host = host
        self.port = port
        self.open = open
        self.poll = poll
        self.shortDiagnostics = shortDiagnostics
    }

    /// The executable's file name, looked for beside `scenec`'s own.
    public static let executableName = "scenec-preview"
    /// The option that precedes the JSON on `scenec-preview`'s command line.
    public static let option = "--configuration"
}
