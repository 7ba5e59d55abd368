/// An error or warning of libxml2's, copied out of its `xmlError`.
public struct XMLProblem: Sendable, Equatable {
    public enum Level: Sendable, Equatable { case warning, error, fatal }
    /// libxml2's `xmlErrorDomain` (1 the parser, 3 namespaces, …).
    public let domain: Int
    /// libxml2's `xmlParserErrors` code.
    public let code: Int
    public let level: Level
    /// 1-based.
    public let line: Int
    /// 1-based; counts characters, not bytes (checked against libxml2 2.9.14).
    public let column: Int
    /// libxml2's message, as it wrote it (often ending in a newline).
    public let message: String
    /// The first string argument of the message (an element name, for a tag mismatch), when there is one.
    public let str1: String?

    public init(domain: Int, code: Int, level: Level, line: Int, column: Int, message: String, str1: String?) {
        self.domain = domain
        self.code = code
        self.level = level
        self.line = line
        self.column = column
        self.message = message
        self.str1 = str1
    }
}
