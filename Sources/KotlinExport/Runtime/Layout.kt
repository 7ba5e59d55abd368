// `<row>` and `<column>` (Grammar.md section 18, "Rows and columns"), placed at run time as the
// evaluator places them (Sources/SceneEvaluator/Evaluation+Layout.swift): each child's box is known
// before anything is drawn (a child's size never depends on its place), its drawing kept as a
// function that draws it at its own origin, then called once the layout has placed it, moved by a
// translation when its slot is not at its origin.

/** A child of a row or column: its box in its own coordinates and the drawing of it there. `baseline`:
 *  how far below the box's top a text's (first) line's baseline is, for `align="baseline"`; null for
 *  anything else, whose baseline is its bottom. */
class SceneLaidOut(val minX: Double, val minY: Double, val width: Double, val height: Double, val site: String,
                   val baseline: Double? = null, val draw: (android.graphics.Canvas?) -> Unit) {
    val baselineOffset: Double get() = baseline ?: height
}

object SceneLayout {
    /** A given `width` or `height` of a layout: 0 or more. */
    fun length(v: Double, what: String, kind: String, site: String): Double {
        if (v < 0) {
            throw SceneRuntime.fail("E0507", "'$what' of a <$kind> must not be negative, not ${SceneText.readable(v)}", site,
                "give the length the children are placed in, 0 or more")
        }
        return v
    }

    /** A text's box: the first line's width (`textWidth`) by the line's height, from the ascent above
     *  its baseline; null when it draws nothing. */
    fun textBox(lines: List<SceneTextLine>, family: String, size: Double, weight: Int, site: String,
                draw: (android.graphics.Canvas?) -> Unit): SceneLaidOut? {
        val first = lines.firstOrNull() ?: return null
        return SceneLaidOut(0.0, -ascent * size, SceneDraw.textWidth(first.string, family, size, weight), (ascent + descent) * size, site,
            ascent * size, draw)
    }

    /** A wrapped text's box (Evaluation.sizedChild, TextWrapping.blockHeight): its width by its block's
     *  height, every line counted (empty ones too), from the ascent above its first baseline; null when
     *  it has no lines (it takes no slot). `align` and `baseline` moved the lines within that box. */
    fun wrappedTextBox(lines: List<SceneTextLine>, width: Double, lineHeight: Double, size: Double, site: String,
                       draw: (android.graphics.Canvas?) -> Unit): SceneLaidOut? {
        if (lines.isEmpty()) return null
        val height = (ascent + descent) * size + (lines.size - 1) * lineHeight
        return SceneLaidOut(0.0, -ascent * size, width, height, site, ascent * size, draw)
    }

    private const val ascent = 1901.0 / 2048.0
    private const val descent = 483.0 / 2048.0

    /** A row's common baseline below its top with `align="baseline"`: the lowest of its children's
     *  (Evaluation.commonBaseline), and the height the children then take. */
    fun commonBaseline(children: List<SceneLaidOut>): DoubleArray {
        var line = 0.0
        for (child in children) line = Math.max(line, child.baselineOffset)
        var extent = 0.0
        for (child in children) extent = Math.max(extent, line - child.baselineOffset + child.height)
        return doubleArrayOf(line, extent)
    }

    /** The layout's size along its axis and across it: `along` and `across` where given, else what the
     *  children take (along: their sizes and the spacing between; across: the largest). */
    fun size(children: List<SceneLaidOut>, isRow: Boolean, spacing: Double, along: Double?, across: Double?,
             onBaseline: Boolean): DoubleArray {
        var content = 0.0
        var largest = 0.0
        for (child in children) {
            content += if (isRow) child.width else child.height
            largest = Math.max(largest, if (isRow) child.height else child.width)
        }
        content += spacing * Math.max(0, children.size - 1)
        if (onBaseline) largest = commonBaseline(children)[1]
        return doubleArrayOf(along ?: content, across ?: largest)
    }

    /** The children drawn in their slots, the layout's box starting at (x, y); a child moved from its
     *  origin is one group when it draws something. */
    fun place(children: List<SceneLaidOut>, x: Double, y: Double, isRow: Boolean, spacing: Double, size: DoubleArray, align: String,
              justify: String, budget: SceneBudget, canvas: android.graphics.Canvas?) {
        var total = 0.0
        for (child in children) total += if (isRow) child.width else child.height
        val content = total + spacing * Math.max(0, children.size - 1)
        var cursor = 0.0
        var gap = spacing
        when (justify) {
            "center" -> cursor = (size[0] - content) / 2
            "end" -> cursor = size[0] - content
            "space-between" -> if (children.size > 1) gap = (size[0] - total) / (children.size - 1)
        }
        val baseline = commonBaseline(children)[0]
        for (child in children) {
            val along = if (isRow) child.width else child.height
            val across = if (isRow) child.height else child.width
            val offset = when (align) {
                "center" -> (size[1] - across) / 2
                "bottom", "trailing" -> size[1] - across
                "baseline" -> baseline - child.baselineOffset
                else -> 0.0
            }
            // The slot's corner, less the box's own corner (a rect of negative width starts left of 0).
            val dx = x + (if (isRow) cursor else offset) - child.minX
            val dy = y + (if (isRow) offset else cursor) - child.minY
            cursor += along + gap
            val moved = dx != 0.0 || dy != 0.0
            val before = budget.operations
            if (moved) {
                canvas?.save()
                canvas?.concat(SceneTransforms.matrix(SceneTransforms.translation(dx, dy)))
            }
            child.draw(canvas)
            if (moved) canvas?.restore()
            if (moved && budget.operations > before) budget.operation(1, false, child.site)
        }
    }
}
