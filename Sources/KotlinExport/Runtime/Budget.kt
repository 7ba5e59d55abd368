// The evaluator's limits (EvaluationLimits' defaults, Sources/SceneEvaluator), kept by generated
// code as the Swift runtime keeps them (SceneRuntime+Budget.swift): a scene that fails in scenec for
// some values fails the same way in the app, with the same code, instead of running for minutes or
// drawing millions of operations.

/** What one run of a scene's body has used of the limits, shared by the components it places: loop
 *  iterations (reserved before a loop runs), steps (each statement's, as StatementStepCost weighs
 *  them, charged before it runs), operations and the display list's size (counted as the evaluator
 *  counts them), and the nesting of blocks and of components. */
class SceneBudget {
    var used = 0L
        private set
    var steps = 0L
        private set
    var operations = 0
        private set
    var outputSize = 0L
        private set
    var nesting = 0
        private set
    var componentDepth = 0
        private set
    /** Operations and groups with a blend mode: a `<layer>` around one must stay a layer. */
    var blended = 0
        private set

    companion object {
        const val maxSteps = 100_000_000L
        const val maxOperations = 500_000
        const val maxOutputSize = 1_000_000L
        const val maxNesting = 256
        const val maxComponentDepth = 32
    }

    /** A loop's whole count, before it runs (Evaluation+Control.swift), so a huge range fails before drawing anything. */
    fun reserve(count: Long, site: String) {
        val total = used + count
        if (total < used || total > SceneRuntime.maxLoopIterations) {
            val message = if (used == 0L) "this loop would run $count times, over the limit of ${SceneRuntime.maxLoopIterations} iterations in a scene"
            else "this loop's $count iterations would take the scene past the limit of ${SceneRuntime.maxLoopIterations} loop iterations ($used already run)"
            throw SceneRuntime.fail("E0604", message, site, "the limit keeps evaluation fast and bounded; reduce the range")
        }
        used = total
    }

    /** `n` steps of evaluation. */
    fun step(n: Int, site: String) {
        steps += n
        if (steps > maxSteps) {
            throw SceneRuntime.fail("E0606", "evaluation takes more than $maxSteps steps", site,
                "the limit keeps evaluation fast and bounded; reduce loop counts or list sizes")
        }
    }

    /** A block entered (a body, a branch, an iteration, the children of a group, clip, layer, path or gradient). */
    fun enter(site: String) {
        nesting += 1
        if (nesting > maxNesting) {
            throw SceneRuntime.fail("E0610", "blocks are nested more than $maxNesting deep", site,
                "flatten the scene: fewer groups, clips, ifs and loops inside each other")
        }
    }

    fun leave() { nesting -= 1 }

    /** A component placed inside the components placing it (Evaluation.use): at most 32 deep. */
    fun enterComponent(site: String) {
        if (componentDepth >= maxComponentDepth) {
            throw SceneRuntime.fail("E0614", "components are nested more than $maxComponentDepth deep", site,
                "a component placing a component … this deep is almost certainly a mistake")
        }
        componentDepth += 1
    }

    fun leaveComponent() { componentDepth -= 1 }

    /** One display-list operation of `size`: 1, plus the path segments, gradient stops and dash lengths it holds. */
    fun operation(size: Int, isBlended: Boolean, site: String) {
        operations += 1
        if (isBlended) blended += 1
        if (operations > maxOperations) {
            throw SceneRuntime.fail("E0605", "the scene draws more than $maxOperations operations", site,
                "the limit keeps output bounded; reduce loop counts")
        }
        output(size, site)
    }

    /** `n` entries of the display list's size (a gradient's stop, a clip's path segments). */
    fun output(n: Int, site: String) {
        outputSize += Math.max(0, n)
        if (outputSize > maxOutputSize) {
            throw SceneRuntime.fail("E0607", "the display list grows past the limit of $maxOutputSize entries "
                + "(operations, path segments, gradient stops and dash lengths)", site,
                "the limit keeps memory and output bounded; draw fewer or simpler shapes")
        }
    }

    /** A shape's fill and stroke (Evaluation.shape): the path's segments counted once. */
    fun shape(segments: Int, fill: ScenePaint?, stroke: ScenePaint?, dashes: Int, isBlended: Boolean, site: String) {
        if (segments <= 0) return
        if (fill != null) operation(1 + segments + stopCount(fill), isBlended, site)
        if (stroke != null) operation(1 + (if (fill == null) segments else 0) + stopCount(stroke) + dashes, isBlended, site)
    }

    /** A line of text (Evaluation+Text.swift): one operation. */
    fun text(string: String, site: String) {
        if (string.length == 0) return
        operation(1 + string.toByteArray(Charsets.UTF_8).size / 16, false, site)
    }

    /** The stops a paint holds: a gradient's, none for a color. */
    fun stopCount(paint: ScenePaint): Int = when (paint) {
        is ScenePaint.Solid -> 0
        is ScenePaint.Linear -> paint.gradient.offsets.size
        is ScenePaint.Radial -> paint.gradient.offsets.size
        is ScenePaint.Conic -> paint.gradient.offsets.size
    }
}

/** The transform statements of a block (`<translate>`, `<rotate>`, `<scale>`, `<concatenate>`) as the
 *  evaluator groups what follows them: consecutive ones compose into one run, and a run that holds
 *  something and is not the identity is one operation (a group), counted when the block ends. */
class SceneTransformRuns {
    private val transforms = ArrayList<DoubleArray>()
    private val starts = ArrayList<Int>()
    private val sites = ArrayList<String>()

    /** A transform statement, with the operations counted so far. */
    fun add(t: DoubleArray, operations: Int, site: String) {
        val accumulated = SceneTransforms.product(t, if (transforms.isEmpty()) SceneTransforms.identity else transforms.last())
        if (starts.isNotEmpty() && starts.last() == operations) {
            transforms[transforms.size - 1] = accumulated
        } else {
            transforms.add(accumulated); starts.add(operations); sites.add(site)
        }
    }

    fun finish(budget: SceneBudget) {
        for (i in starts.indices) {
            val end = if (i + 1 < starts.size) starts[i + 1] else budget.operations
            if (end > starts[i] && !SceneTransforms.isIdentity(transforms[i])) budget.operation(1, false, sites[i])
        }
    }
}
