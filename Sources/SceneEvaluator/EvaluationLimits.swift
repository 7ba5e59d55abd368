/// Bounds that keep evaluation finite and small whatever a scene says. The defaults are far above
/// anything the seed widgets need (the largest uses 8 loop iterations and 20 operations).
public struct EvaluationLimits: Sendable, Hashable {
    /// Loop iterations in one evaluation, all loops together.
    public var maxLoopIterations = 2_000_000
    /// Display-list operations in one evaluation.
    public var maxOperations = 2_000_000
    /// Elements in one list.
    public var maxListLength = 100_000
    /// Bytes in one string.
    public var maxStringLength = 65_536
    /// Nesting of blocks (groups, clips, ifs, loops) during evaluation.
    public var maxNesting = 256
    /// Components placed inside components (a <use> inside a placed scene counts one level).
    public var maxComponentDepth = 32
    /// Diagnostics reported before evaluation gives up.
    public var maxDiagnostics = 50

    public init() {}
}
