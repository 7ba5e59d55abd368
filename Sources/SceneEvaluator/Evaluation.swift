import DisplayList
import ResolvedProgram
import SceneSource
import SceneVocabulary

/// One evaluation of a resolved program. It owns the mutable state (the running body's frame,
/// counters, diagnostics) for the duration of a single `SceneEvaluator.evaluate` call and is then
/// thrown away.
final class Evaluation {
    let limits: EvaluationLimits
    let program: Program
    /// For naming component files in notes; nil in tests that evaluate a lone scene.
    let sources: SourceMap?
    /// The names of the body being run: kept in `expressions`, which evaluates every attribute in place.
    var frame: SlotFrame {
        get { expressions.frame }
        _modify { yield &expressions.frame }
        set { expressions.frame = newValue }
    }
    /// The index in `program.bodies` of the body being run.
    var currentBody = Program.mainBody
    /// The one expression evaluator of this evaluation (see `ProgramExpressionEvaluator.frame`).
    ///
    /// Not checked for exclusive access at run time: every attribute evaluated and every slot
    /// written is an access. No access can overlap another: an evaluation runs on one thread, the
    /// evaluator holds no reference back to this object, and no caller evaluates anything while it
    /// writes the frame (every value written is computed first).
    @exclusivity(unchecked) var expressions: ProgramExpressionEvaluator
    var diagnostics: [Diagnostic] = []
    private var reported: Set<String> = []
    private var budgetReported = false
    /// Enclosing loop iterations and component uses, innermost last: the notes of a diagnostic
    /// ("in iteration i = 3", "in component counter.scene used here").
    var trace: [TraceFrame] = []
    /// The element being evaluated, as the chain from the scene's root (see `Origin`): every
    /// operation made records it, so a review can match operations across edits.
    var origin: Origin? {
        get {
            guard let iteration = pendingIteration else { return storedOrigin }
            return Origin(parent: storedOrigin, step: .iteration(variable: iteration.variable, value: iteration.value))
        }
        set {
            storedOrigin = newValue
            pendingIteration = nil
        }
    }
    /// `origin`, but inside a loop's iteration the origin of the loop, and the iteration's step
    /// in `pendingIteration`: the iteration's node is made only when someone reads `origin` before
    /// an element of the body is reached (nothing does: `walk` makes each element's origin with
    /// `Origin(parent:iteration:value:then:)`, one node for both steps).
    private(set) var storedOrigin: Origin?
    private(set) var pendingIteration: PendingIteration?
    /// Whether operations record their `Origin`. Off for a caller that only writes the drawing
    /// (`scenec render`): no backend reads an origin, and each cost an object per shape
    /// (docs/performance.md). Then `origin` stays nil throughout.
    let recordsOrigins: Bool

    struct PendingIteration {
        let variable: String
        let value: String
    }

    /// Enters an iteration of a loop whose element's origin is `origin` (see `pendingIteration`).
    func enterIteration(variable: String, value: String) {
        let loopOrigin = origin
        storedOrigin = loopOrigin
        pendingIteration = PendingIteration(variable: variable, value: value)
    }

    /// Puts back an origin and pending iteration saved from `storedOrigin` and `pendingIteration`.
    func restoreOrigin(_ stored: Origin?, _ iteration: PendingIteration?) {
        storedOrigin = stored
        pendingIteration = iteration
    }
    var componentDepth = 0
    /// The last wrapped text's width, line count and line height, for the layout that places it (Evaluation+Layout).
    var lastWrappedBlock: (width: Double, lines: Int, lineHeight: Double)?
    /// How many `<clip>` bodies are being drawn: a blend mode inside one is an error (see `blendMode`).
    var clipDepth = 0
    /// Each placed component's parameters (by the body's parameter index) and declared size, by body.
    var components: [Int: ([ParameterDeclaration?], (width: Double, height: Double))] = [:]
    var iterations = 0
    var operations = 0
    /// Operations plus the path segments, gradient stops and dash entries they hold (see `maxOutputSize`).
    var outputSize = 0
    let budget: StepBudget
    /// Measures text (`textWidth`) and finds characters the pinned fonts lack (see `TextMeasuring`).
    let measurer: (any TextMeasuring)?
    var nesting = 0
    /// Set when a limit is hit or too many errors pile up: everything unwinds without more work.
    var stopped = false
    /// Set by a failed <assert>: evaluation unwinds and reports nothing more (a gradient left
    /// without its stops, say), so the assertion is the one error.
    var assertionStopped = false

    enum TraceFrame {
        case iteration(name: String, value: Value, span: SourceSpan)
        case component(label: String, use: SourceSpan)
    }

    /// The largest scene side (the command line's `--size` has the same limit; messages here do not
    /// name it, as the evaluator also serves the preview server and the build manifest).
    static let maxSceneSide = 1_000_000.0
    static let minSceneSide = 0.0001

    init(
        program: Program, sources: SourceMap?, limits: EvaluationLimits,
        isCancelled: EvaluationCancellation? = nil, measurer: (any TextMeasuring)? = nil, recordsOrigins: Bool = true
    ) {
        self.recordsOrigins = recordsOrigins
        self.storedOrigin = recordsOrigins ? Origin(parent: nil, step: .element(kind: .scene, index: 0)) : nil
        self.measurer = measurer
        self.program = program
        self.sources = sources
        self.limits = limits
        self.budget = StepBudget(limit: limits.maxSteps, isCancelled: isCancelled)
        self.expressions = ProgramExpressionEvaluator(
            frame: .constants, context: .init(limits: limits, budget: budget, measurer: measurer))
    }

    func evaluate(arguments: [String: Value], size: (width: Double, height: Double)?)
        -> (list: DisplayList?, diagnostics: [Diagnostic])
    {
        let scene = program.main
        let (declarations, parameterErrors) = SceneEvaluator.parameters(of: scene.parameters, limits: limits)
        diagnostics += parameterErrors

        var width = 0.0, height = 0.0
        // The scene's own size is checked even when --size replaces it.
        width = sceneDimension(scene, .width) ?? 0
        height = sceneDimension(scene, .height) ?? 0
        if let size { (width, height) = size }
        let byParameter = Self.declarations(declarations, of: scene)
        frame = SlotFrame(
            width: width, height: height,
            parameters: byParameter.map { declaration in
                declaration.map { arguments[$0.name] ?? $0.defaultValue } ?? .invalid
            }, slotCount: scene.slotCount)
        let items = drawingBlock(scene.statements, opacity: 1)
        guard diagnostics.allSatisfy({ $0.severity != .error }), !metAnalysisError else { return (nil, diagnostics) }
        return (DisplayList(width: width, height: height, items: items), diagnostics)
    }

    /// A body's declarations by its parameter index (`NameReference.parameter`): the one of the
    /// same name, nil where the declaration was refused (an error the loader reported).
    static func declarations(_ declarations: [ParameterDeclaration], of body: ProgramBody) -> [ParameterDeclaration?] {
        body.parameters.map { parameter in declarations.first { $0.name == parameter.name.text } }
    }

    private func sceneDimension(_ body: ProgramBody, _ id: AttributeID) -> Double? {
        let name = id.rawValue
        guard let expr = body.attributes.expression(id) else { return nil }
        // The size is a constant: parameters are not in scope yet (a name there is `.unresolved`,
        // which the analysis reported: `.invalid` here).
        guard let value = try? ConstantEvaluation.value(of: expr, limits: limits), value != .invalid else {
            report(.error(.invalidSize, "the scene's \(name) must be a constant number", at: expr.span))
            return nil
        }
        guard let n = value.numeric, n > 0, n.isFinite else {
            report(.error(.invalidSize, "the scene's \(name) must be a positive number, not \(value.brief)", at: expr.span))
            return nil
        }
        // The SVG writes 4 decimals: a smaller side would be written as 0 and draw nothing.
        guard n >= Evaluation.minSceneSide else {
            report(
                .error(
                    .invalidSize, "the scene's \(name) is below 0.0001 points", at: expr.span,
                    help: "scene sides are from 0.0001 to \(Int(Evaluation.maxSceneSide)) points"))
            return nil
        }
        guard n <= Evaluation.maxSceneSide else {
            report(
                .error(
                    .sceneTooLarge, "the scene's \(name) is \(NumberFormat.readable(n)), over the limit of \(Int(Evaluation.maxSceneSide))",
                    at: expr.span, help: "scene sides are at most \(Int(Evaluation.maxSceneSide)) points"))
            return nil
        }
        return n
    }

    // MARK: diagnostics

    /// Records a diagnostic once per location and message (a loop repeats its errors), with a note
    /// for each enclosing loop iteration.
    func report(_ diagnostic: Diagnostic) {
        var d = diagnostic
        if assertionStopped && d.code != .assertionFailed { return }
        if budget.exhausted {
            // Everything unwinds now; the step limit is reported once, where it was reached.
            stopped = true
            if budgetReported { return }
            if d.code == .tooManySteps || d.code == .evaluationCancelled { budgetReported = true }
        }
        // Warnings past the limit are dropped, but never stop evaluation: a scene that only has
        // warnings must still give its whole display list.
        if d.severity == .warning && diagnostics.count >= limits.maxDiagnostics { return }
        let key = "\(d.span.file.index):\(d.span.start):\(d.span.end):\(d.code.rawValue):\(d.message)"
        guard !reported.contains(key) else { return }
        reported.insert(key)
        for frame in trace.reversed() {
            switch frame {
            case .iteration(let name, let value, let span):
                d.notes.append(.init("in iteration \(name) = \(value.brief)", at: span))
            case .component(let label, let use):
                d.notes.append(.init("in component \(label) used here", at: use))
            }
        }
        diagnostics.append(d)
        if d.severity == .error {
            errorCount += 1
            if errorCount >= limits.maxDiagnostics { stopped = true }
        }
    }

    private var errorCount = 0
    /// Set when evaluation met what the static analysis reported (an expression it could not
    /// resolve, a declaration it refused): the evaluation fails, as it did when it reported those itself.
    private(set) var metAnalysisError = false

    /// Runs `body`, turning a thrown diagnostic into a report; nil when it failed.
    func attempt<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let d as Diagnostic {
            report(d)
        } catch is UnresolvedExpression {
            // An expression the static analysis reported (a name, a call, a type): evaluation
            // fails here without a second report; the analysis's diagnostic is the one shown.
            metAnalysisError = true
        } catch {
            // Nothing else is thrown inside evaluation.
        }
        return nil
    }

    /// A declaration the static analysis refused (`slot` nil: it redefines the size, a parameter or
    /// a name of its block, which the analysis reported): evaluation fails, as `attempt` does for
    /// an unresolved expression.
    func refused(_ declaration: Declaration) {
        metAnalysisError = true
    }

    /// Counts `n` evaluation steps at `span`; false (after reporting the limit) when it is passed.
    func step(_ n: Int = 1, at span: SourceSpan) -> Bool {
        if budget.take(n) { return true }
        report(.error(budget.code, budget.message, at: span, help: budget.helpText))
        stopped = true
        return false
    }

    /// The value of an expression, or nil when it failed or depends on a failed value.
    func value(_ expr: ProgramExpression) -> Value? {
        guard let v = attempt({ try expressions.evaluate(expr) }), v != .invalid else { return nil }
        return v
    }

    /// The value of an attribute, or nil when it is absent, failed, or depends on a failed value.
    func value(_ node: some AttributedStatement, _ id: AttributeID) -> Value? {
        guard let expr = node.expression(id) else { return nil }
        return value(expr)
    }

    func number(_ node: some AttributedStatement, _ id: AttributeID, default fallback: Double? = nil) -> Double? {
        guard let expr = node.expression(id) else { return fallback }
        // A literal number (`width="0.8"`) as `evaluate` takes it, a node's step and its value,
        // without the evaluator's call, its Value and `attempt`'s closure; a literal cannot be
        // too large for a coordinate check to miss (it is checked below like any value).
        if case .constant(.number(let literal)) = expr.kind {
            guard budget.take(StepCost.node) else {
                report(.error(budget.code, budget.message, at: expr.span, help: budget.helpText))
                return nil
            }
            guard abs(literal) <= limits.maxCoordinate else {
                report(tooLarge(literal, at: expr.span))
                return nil
            }
            return literal
        }
        guard let v = value(expr) else { return nil }
        guard let n = v.numeric else {
            report(.error(.typeMismatch, "'\(id.rawValue)' must be a number, not \(article(v.typeName)) (\(v.brief))", at: expr.span))
            return nil
        }
        guard abs(n) <= limits.maxCoordinate else {
            report(tooLarge(n, at: expr.span))
            return nil
        }
        return n
    }

    /// `number`, for reading several attributes in a row without arrays (as `numbers` does, once
    /// per shape): 0 when it failed, and then `failed` is set.
    func number(_ node: some AttributedStatement, _ id: AttributeID, default fallback: Double? = nil, failed: inout Bool) -> Double {
        if let n = number(node, id, default: fallback) { return n }
        failed = true
        return 0
    }

    /// Several numeric attributes at once (nil default = required). Every one is evaluated, so all
    /// their errors are reported; nil when any failed.
    func numbers(_ node: some AttributedStatement, _ ids: [(AttributeID, Double?)]) -> [Double]? {
        var results: [Double] = []
        results.reserveCapacity(ids.count) // one allocation, not one per growth (a cost per shape)
        var failed = false
        for (id, fallback) in ids {
            if let n = number(node, id, default: fallback) { results.append(n) } else { failed = true }
        }
        return failed ? nil : results
    }

    func bool(_ node: some AttributedStatement, _ id: AttributeID, default fallback: Bool? = nil) -> Bool? {
        guard let expr = node.expression(id) else { return fallback }
        return bool(expr, id)
    }

    /// The value of `expr`, written as attribute `id`, as a bool; nil (reported) when it is not one.
    func bool(_ expr: ProgramExpression, _ id: AttributeID) -> Bool? {
        let name = id.rawValue
        guard let v = value(expr) else { return nil }
        guard case .bool(let b) = v else {
            report(
                .error(
                    .typeMismatch, "'\(name)' must be a bool, not \(article(v.typeName)) (\(v.brief))", at: expr.span,
                    help: v.numeric != nil ? "compare it, for example \(name)=\"… > 0\"" : nil))
            return nil
        }
        return b
    }

    /// A number too large to reach the drawing (see `EvaluationLimits.maxCoordinate`).
    func tooLarge(_ n: Double, at span: SourceSpan) -> Diagnostic {
        let limit = NumberFormat.readable(limits.maxCoordinate)
        return .error(
            .numberTooLarge, "\(NumberFormat.readable(n, decimals: 6)) is too large for a coordinate; the limit is ±\(limit)", at: span,
            help: "coordinates, sizes and angles must be within ±\(limit)")
    }

    /// Counts one display-list operation against the limit, and `size` (1 + the path segments,
    /// gradient stops and dash entries it holds) against the display-list size limit.
    func countOperation(at span: SourceSpan, size: Int = 1) -> Bool {
        // After a limit stopped evaluation, nothing more is added (or reported).
        if stopped { return false }
        operations += 1
        if operations > limits.maxOperations {
            report(
                .error(
                    .tooManyOperations, "the scene draws more than \(limits.maxOperations) operations", at: span,
                    help: "the limit keeps output bounded; reduce loop counts"))
            stopped = true
            return false
        }
        return countOutput(size, at: span)
    }

    /// Counts `n` entries of display-list size (path segments or gradient stops being built, or a
    /// finished operation); false (after reporting) past `maxOutputSize`.
    func countOutput(_ n: Int, at span: SourceSpan) -> Bool {
        if stopped { return false }
        let (total, overflow) = outputSize.addingReportingOverflow(max(0, n))
        outputSize = total
        if overflow || total > limits.maxOutputSize {
            report(
                .error(
                    .displayListTooLarge,
                    "the display list grows past the limit of \(limits.maxOutputSize) entries "
                        + "(operations, path segments, gradient stops and dash lengths)", at: span,
                    help: "the limit keeps memory and output bounded; draw fewer or simpler shapes"))
            stopped = true
            return false
        }
        return true
    }
}
