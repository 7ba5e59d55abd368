/// A problem with what a build was asked to do (not with a scene's text): a path that does not
/// exist, a manifest that cannot be read, a malformed `--shard`. The command line exits with 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// Lines shown under the message, each escaped on its own (a scene's parameter list).
    public let details: [String]
    /// What to do about it, when there is something to say (a `help:` line).
    public let help: String?
    public init(_ message: String, details: [String] = [], help: String? = nil) {
        self.message = message
        self.details = details
        self.help = help
    }
    public var description: String { message }
}
