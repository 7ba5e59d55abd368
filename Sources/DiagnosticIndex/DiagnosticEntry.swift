/// One entry of the error index (docs/diagnostics.md): what a code means, a minimal example that
/// produces it and the example fixed, as `scenec explain CODE` prints it and the index's test runs it.
public struct DiagnosticEntry: Sendable, Equatable {
    /// `E0203`.
    public let code: String
    /// `undefined name`: the heading's words after the code, `DiagnosticCode`'s title.
    public let title: String
    /// The entry as written, from its `## E0203: undefined name` heading to the next entry.
    public let text: String
    /// The files and command that produce the code; empty files when the entry has no example.
    public let example: ExampleRun
    /// The same, fixed: the example's files with those the fixed blocks replace or add, and the
    /// fixed command if the entry gives one, else the example's.
    public let fixed: ExampleRun
    /// The reason an entry gives for having no example (a paragraph starting `No example:`).
    public let noExampleReason: String?
}

/// What one side of an entry needs: files in an empty folder, and a `scenec` command run in it.
public struct ExampleRun: Sendable, Equatable {
    public var files: [ExampleFile]
    /// The arguments after `scenec`; `check example.scene` when the entry gives no command.
    public var arguments: [String]

    public static let defaultArguments = ["check", ExampleFile.defaultPath]
}

/// A file an example needs, with its path relative to the folder the command runs in.
public struct ExampleFile: Sendable, Equatable {
    /// The scene an example block is, when its fence names no other path.
    public static let defaultPath = "example.scene"

    public let path: String
    public let bytes: [UInt8]
}
