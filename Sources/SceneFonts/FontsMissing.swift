/// Why the pinned fonts cannot be used (not installed, or fontconfig refused them): the message
/// names the file or the step. The renderer reports it as its own `fontsMissing` error.
public struct FontsMissing: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    init(_ message: String) { self.message = message }
}
