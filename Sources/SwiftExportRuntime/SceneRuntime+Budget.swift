import Foundation

// The evaluator's limits (EvaluationLimits' defaults, Sources/SceneEvaluator), kept by generated
// code so that a scene that fails in scenec for some values fails the same way in the app, with the
// same code, instead of running for minutes or drawing millions of operations.
extension SceneRuntime {
    public static let maxSteps = 100_000_000
    public static let maxOperations = 500_000
    public static let maxOutputSize = 1_000_000
    public static let maxNesting = 256
    public static let maxComponentDepth = 32
    /// What a shadow adds to an operation's size (Evaluation.shadowSize).
    public static let shadowSize = 8

    /// What one run of a scene's body has used of the limits, shared by the components it places:
    /// loop iterations (reserved before a loop runs), steps (each statement's, StatementStepCost,
    /// charged before it runs), operations and the display list's size (counted as the evaluator
    /// counts them), and the nesting of blocks.
    public struct EvaluationBudget {
        public private(set) var used = 0
        public private(set) var steps = 0
        public private(set) var operations = 0
        public private(set) var outputSize = 0
        public private(set) var nesting = 0
        public private(set) var componentDepth = 0
        /// Operations and groups with a blend mode: a `<layer>` around one must stay a layer.
        public private(set) var blended = 0
        public init() {}

        /// A loop's whole count, before it runs (Evaluation+Control.swift), so a huge range fails
        /// before drawing anything.
        public mutating func reserve(_ count: Int, at site: String) throws {
            let (total, overflow) = used.addingReportingOverflow(count)
            guard !overflow, total <= SceneRuntime.maxLoopIterations else {
                let message =
                    used == 0
                    ? "this loop would run \(count) times, over the limit of \(SceneRuntime.maxLoopIterations) iterations in a scene"
                    : "this loop's \(count) iterations would take the scene past the limit of \(SceneRuntime.maxLoopIterations) loop iterations (\(used) already run)"
                throw SceneRuntime.fail("E0604", message, site, help: "the limit keeps evaluation fast and bounded; reduce the range")
            }
            used = total
        }

        /// `n` steps of evaluation.
        public mutating func step(_ n: Int, at site: String) throws {
            steps += n
            guard steps <= SceneRuntime.maxSteps else {
                throw SceneRuntime.fail(
                    "E0606", "evaluation takes more than \(SceneRuntime.maxSteps) steps", site,
                    help: "the limit keeps evaluation fast and bounded; reduce loop counts or list sizes")
            }
        }

        /// A block entered (a body, a branch, an iteration, the children of a group, clip, layer, path or gradient).
        public mutating func enter(at site: String) throws {
            nesting += 1
            guard nesting <= SceneRuntime.maxNesting else {
                throw SceneRuntime.fail(
                    "E0610", "blocks are nested more than \(SceneRuntime.maxNesting) deep", site,
                    help: "flatten the scene: fewer groups, clips, ifs and loops inside each other")
            }
        }

        public mutating func leave() { nesting -= 1 }

        /// A component placed inside the components placing it (Evaluation.use): at most 32 deep.
        public mutating func enterComponent(at site: String) throws {
            guard componentDepth < SceneRuntime.maxComponentDepth else {
                throw SceneRuntime.fail(
                    "E0614", "components are nested more than \(SceneRuntime.maxComponentDepth) deep", site,
                    help: "a component placing a component … this deep is almost certainly a mistake")
            }
            componentDepth += 1
        }

        public mutating func leaveComponent() { componentDepth -= 1 }

        /// One display-list operation of `size`: 1, plus the path segments, gradient stops and dash
        /// lengths it holds.
        public mutating func operation(size: Int = 1, blended isBlended: Bool = false, at site: String) throws {
            operations += 1
            if isBlended { blended += 1 }
            guard operations <= SceneRuntime.maxOperations else {
                throw SceneRuntime.fail(
                    "E0605", "the scene draws more than \(SceneRuntime.maxOperations) operations", site,
                    help: "the limit keeps output bounded; reduce loop counts")
            }
            try output(size, at: site)
        }

        /// `n` entries of the display list's size (a gradient's stop, a clip's path segments).
        public mutating func output(_ n: Int, at site: String) throws {
            let (total, overflow) = outputSize.addingReportingOverflow(Swift.max(0, n))
            outputSize = total
            guard !overflow, total <= SceneRuntime.maxOutputSize else {
                throw SceneRuntime.fail(
                    "E0607",
                    "the display list grows past the limit of \(SceneRuntime.maxOutputSize) entries "
                        + "(operations, path segments, gradient stops and dash lengths)", site,
                    help: "the limit keeps memory and output bounded; draw fewer or simpler shapes")
            }
        }

        /// A shape's fill and stroke (Evaluation.shape): the path's segments counted once, a
        /// shadow making each operation a layer of its own (written twice when it blends).
        public mutating func shape(
            segments: Int, fill: Paint?, stroke: Paint?, dashes: Int, blended isBlended: Bool, shadowed: Bool,
            at site: String
        ) throws {
            guard segments > 0 else { return }
            if let fill {
                try operation(size: 1 + segments + SceneRuntime.stopCount(fill), blended: isBlended && !shadowed, at: site)
                if shadowed { try operation(size: 1 + SceneRuntime.shadowSize + (isBlended ? 1 + segments : 0), blended: isBlended, at: site) }
            }
            if let stroke {
                try operation(
                    size: 1 + (fill == nil ? segments : 0) + SceneRuntime.stopCount(stroke) + dashes, blended: isBlended && !shadowed, at: site)
                if shadowed { try operation(size: 1 + SceneRuntime.shadowSize + (isBlended ? 1 + segments : 0), blended: isBlended, at: site) }
            }
        }

        /// A line of text (Evaluation+Text.swift): one operation, and its shadow's layer.
        public mutating func text(_ string: String, shadowed: Bool, at site: String) throws {
            guard !string.isEmpty else { return }
            try operation(size: 1 + string.utf8.count / 16, at: site)
            if shadowed { try operation(size: 1 + SceneRuntime.shadowSize, at: site) }
        }
    }

    /// The stops a paint holds: a gradient's, none for a color.
    public static func stopCount(_ paint: Paint) -> Int {
        switch paint {
        case .color: return 0
        case .linear(let g, _, _, _, _), .radial(let g, _, _, _, _, _, _), .conic(let g, _, _, _): return g.offsets.count
        }
    }
}
