/// A problem with what a build was asked to do (not with a scene's text): a path that does not
/// exist, a manifest that cannot be read, a malformed `--shard`. The command line exits with 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
