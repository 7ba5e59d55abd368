import SceneSource
/// Bounds that keep evaluation finite and small whatever a scene says. The defaults are far above
/// anything the seed widgets need (the largest uses 8 loop iterations, 20 operations, about 14 500
/// steps and a display-list size of about 200).
public struct EvaluationLimits: Sendable, Hashable, Codable {
    /// Loop iterations in one evaluation, all loops together.
    public var maxLoopIterations = 2_000_000
    /// Display-list operations in one evaluation. Below `maxOutputSize`, where each operation
    /// counts at least 1, so that this limit is the one a scene of many small operations meets.
    public var maxOperations = 500_000
    /// Evaluation steps in one evaluation, weighted by the work each thing costs (`StepCost`): every
    /// element evaluated, loop iteration, expression node and call, and every list element a function
    /// or a comparison goes through. Bounds the time of any scene (about 1.5 s in a release build).
    public var maxSteps = 100_000_000
    /// The size of the display list: each operation counts 1, plus the segments of its path, the stops
    /// of its gradient and the entries of its dash list (as the SVG writes them, once per use); a path
    /// or gradient being built counts its segments or stops as they are added. Bounds memory and output.
    public var maxOutputSize = 1_000_000
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
    /// The largest magnitude of a number that reaches the drawing (a coordinate, size, radius, angle,
    /// line width, dash length, transform, gradient point): sums and products of such numbers stay
    /// finite, so no NaN or infinity can reach a coordinate.
    public var maxCoordinate = 1e9

    public init() {}
}

/// Consulted while a scene is evaluated: true when the result is no longer wanted (the preview
/// server cancels an evaluation that a newer edit has replaced). Evaluation then stops as it does
/// at the step limit, with a "cancelled" error and no display list.
public typealias EvaluationCancellation = @Sendable () -> Bool

/// What each kind of work costs in evaluation steps. One step is about 10 ns of a release build's
/// time (measured on the 2-core CI machine under load, issue 13): an element evaluated took about
/// 1 µs, a loop iteration 0.5 µs, an expression node up to 150 ns, a function call 0.5 µs more,
/// `format` 2 µs and the date functions 3 µs, while a list element visited or 64 bytes of a
/// string copied take a few ns. With these weights the default step limit bounds the time of any
/// mix of work, not only of the cheapest.
enum StepCost {
    static let element = 100
    static let iteration = 40
    static let node = 10
    // A call's own cost is its function's (`BuiltinCost`, in the builtin table).
    /// `textWidth`, per character measured: 200 calls on 975-character lines took 45 ms of CPU more than
    /// without them, 0.23 µs a character, so the step limit bounds a loop of the longest lines too.
    static let measuredCharacter = 25
    /// `join`, `upper` and `lower`: a step per 64 bytes copied, as joining strings with `+` costs.
    static let stringBytesPerStep = 64
    /// `length` and `truncate`, which walk the text scalar by scalar: a step per 4 bytes (measured
    /// with swiftc -O on the loaded 2-core machine: 3 ns a byte).
    static let scannedBytesPerStep = 4
    /// `join`, per element: appending a short string took 157 ns, showing a number 78 ns more.
    static let joinedElement = 16
    /// `upper` and `lower`: per scalar mapped, and per byte past a scalar's first. Measured with
    /// swiftc -O on the loaded 2-core machine: 49 ns a scalar of ASCII text, 1.4 µs a scalar beyond
    /// it (`ä`, `α`, `日`: Unicode's mapping makes a string for each), so a two-byte scalar costs
    /// 104 steps and a three- or four-byte one is charged more than it takes.
    static let caseMappedScalar = 4
    static let caseMappedExtraByte = 100

    /// A "did you mean" for `word` among `candidates` (`Suggestion`), charged as it works, at most:
    /// each candidate compared costs its copies and lowercasing, and one close enough in length to
    /// be accepted a band of the edit-distance table too, which grows with the word's length
    /// squared (the weights: docs/performance.md, "Step weights of strings"). Nothing when the word
    /// is too long for a suggestion.
    static func suggestion(for word: String, among candidates: [String]) -> Int {
        let length = word.utf8.count
        guard length <= Suggestion.maxLength else { return 0 }
        let bound = max(1, length / 3)
        let band = length * (2 * bound + 1) * 12 / 10
        var cost = 0
        for candidate in candidates.prefix(Suggestion.maxCandidates) {
            let n = candidate.utf8.count
            guard n <= Suggestion.maxLength else { continue }
            cost += 200 + (abs(n - length) > bound ? 0 : band)
        }
        return cost
    }

    /// `format`'s whole part past 2⁶⁴ (`DecimalDigits.string(whole:)`): its nine-digit limbs are
    /// doubled once per binary exponent past the significand's, work that grows with the square of
    /// the digits, where a smaller number costs no more than the call (docs/performance.md, "Step
    /// weights of strings").
    static func wholeDigits(of value: Double) -> Int {
        let magnitude = abs(value)
        guard magnitude.isFinite, magnitude >= 18_446_744_073_709_551_616.0 else { return 0 } // 2⁶⁴
        let doublings = Int(magnitude.exponent) - 52
        let limbs = Int(Double(magnitude.exponent) * 0.30103 / 9) + 1
        return doublings * limbs / 2
    }
}

/// The running count of evaluation steps, shared by everything one evaluation evaluates.
final class StepBudget {
    let limit: Int
    private(set) var steps = 0
    /// Set once the limit is passed (or the evaluation is cancelled); evaluation then stops.
    private(set) var exhausted = false
    /// Set when `isCancelled` said so: `exhausted` is then set too.
    private(set) var cancelled = false
    private let isCancelled: EvaluationCancellation?
    /// Steps left before `isCancelled` is asked again (about 0.3 ms of work): often enough to stop within a fraction of a
    /// millisecond, rarely enough to cost nothing.
    private var untilCheck = StepBudget.checkInterval
    static let checkInterval = 32_768

    init(limit: Int, isCancelled: EvaluationCancellation? = nil) {
        self.limit = limit
        self.isCancelled = isCancelled
    }

    /// Counts `n` steps; false (once, then always) when the limit is passed or evaluation is cancelled.
    @inline(__always)
    func take(_ n: Int = 1) -> Bool {
        guard !exhausted else { return false }
        steps &+= max(0, n)
        if steps > limit || steps < 0 { exhausted = true }
        if let isCancelled {
            untilCheck -= max(1, n)
            if untilCheck <= 0 {
                untilCheck = StepBudget.checkInterval
                if isCancelled() { cancelled = true; exhausted = true }
            }
        }
        return !exhausted
    }

    var message: String { cancelled ? StepBudget.cancelledMessage : "evaluation takes more than \(limit) steps" }
    static let cancelledMessage = "evaluation was cancelled"
    static let help = "the limit keeps evaluation fast and bounded; reduce loop counts or list sizes"
    var helpText: String? { cancelled ? nil : StepBudget.help }
    /// The step limit's code, or the cancellation's.
    var code: DiagnosticCode { cancelled ? .evaluationCancelled : .tooManySteps }
}
