/// Why a command over a whole project (`scenec build`, `scenec test`) stopped before it was done.
public struct ProjectError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The command line or the manifest is wrong; nothing was done (exit status 2).
        case usage
        /// The manifest or the scenes found have problems (in `problems`, rendered); nothing was
        /// done (exit status 2).
        case plan
        /// What the command needed could not be done (the output folder made, the output record
        /// written); it stopped (exit status 1).
        case failure
    }

    public let kind: Kind
    /// One line, not yet made visible (it may hold file names).
    public let message: String
    /// What to do about it, when there is something to say.
    public let help: String?
    /// With `.plan`: the problems, rendered in the command's diagnostic style.
    public let problems: String

    public init(_ kind: Kind, _ message: String, help: String? = nil, problems: String = "") {
        self.kind = kind
        self.message = message
        self.help = help
        self.problems = problems
    }

    public var description: String { message }
}
