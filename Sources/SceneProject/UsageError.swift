/// A problem with what a build was asked to do (not with a scene's text): a path that does not
/// exist, a manifest that cannot be read, a malformed `--shard`. The command line exits with 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// Lines shown under the message, each escaped on its own (a scene's parameter list).
    public let details: [String]
    public init(_ message: String, details: [String] = []) { self.message = message; self.details = details }
    public var description: String { message }
}
