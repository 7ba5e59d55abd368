// `<text width=…>` (Grammar.md section 19, "Wrapped text"): the evaluator's steps
// (Sources/SceneEvaluator/TextWrapping.swift and Evaluation+WrappedText.swift), measured at run time
// by Paint.measureText, as `textWidth` measures: greedy, breaking at spaces, an ellipsis on the last
// allowed line, one drawText per line.

/** A line of text where it is drawn: its baseline's start (or middle, or end, as its anchor says). */
class SceneTextLine(val string: String, val x: Double, val y: Double)

object SceneWrap {
    /** Ends the last allowed line of a text that has more (U+2026). */
    const val ellipsis = "\u2026"
    const val maxMeasuredLength = 1_000
    /** The evaluator's steps for each character measured (StepCost.measuredCharacter). */
    const val measuredCharacterSteps = 25

    /** `width`: above 0. */
    fun width(width: Double, site: String): Double {
        if (!(width > 0)) {
            throw SceneRuntime.fail("E0555", "a text's width must be above 0 points, not ${SceneText.readable(width)}", site,
                "the width is the longest a line may be; leave it out for one line that is not wrapped")
        }
        return width
    }

    /** `lineHeight`: above 0. */
    fun lineHeight(lineHeight: Double, site: String): Double {
        if (!(lineHeight > 0)) {
            throw SceneRuntime.fail("E0557", "'lineHeight' must be above 0 points, not ${SceneText.readable(lineHeight)}", site,
                "it is the distance from one line's baseline to the next; leave it out for 1.2 × size")
        }
        return lineHeight
    }

    /** `maxLines`: an int, at least 1. */
    fun maxLines(v: SceneValue, site: String): Int {
        if (v !is SceneValue.I) throw SceneRuntime.fail("E0408", "'maxLines' must be an int, not ${SceneRuntime.article(v.typeName)}", site)
        if (v.v < 1) {
            throw SceneRuntime.fail("E0556", "'maxLines' must be at least 1, not ${v.v}", site,
                "leave it out to show every line; to hide the text, put it in an <if>")
        }
        return Math.min(v.v, Int.MAX_VALUE.toLong()).toInt()
    }

    /** The one line of a `<text>` without a width: nothing when it is empty. */
    fun single(string: String, x: Double, baseline: Double): List<SceneTextLine> =
        if (string.length == 0) emptyList() else listOf(SceneTextLine(string, x, baseline))

    /** The lines of a wrapped text, placed: `x` is the block's left edge moved by `anchor` within the
     *  width, `baseline` the first line's baseline by the single-line rules, from which `bottom` and
     *  `middle` lift the block by its lines. Empty lines are kept, and not drawn. */
    fun wrapped(string: String, x: Double, baseline: Double, anchor: String, baselineWord: String, width: Double, maxLines: Int?,
                lineHeight: Double, family: String, size: Double, weight: Int, budget: SceneBudget, site: String): List<SceneTextLine> {
        if (string.length == 0) return emptyList()
        val length = string.codePointCount(0, string.length)
        if (length > maxMeasuredLength) {
            throw SceneRuntime.fail("E0617", "a wrapped text has at most $maxMeasuredLength characters, not $length", site,
                "shorten the text, or draw it as several <text> elements")
        }
        val strings = lines(string, width, maxLines) { line ->
            budget.step(line.codePointCount(0, line.length) * measuredCharacterSteps, site)
            SceneDraw.textWidth(line, family, size, weight)
        }
        val below = Math.max(0, strings.size - 1) * lineHeight
        val shift = when (baselineWord) { "bottom" -> below; "middle" -> below / 2; else -> 0.0 }
        val left = x + when (anchor) { "middle" -> width / 2; "end" -> width; else -> 0.0 }
        val out = ArrayList<SceneTextLine>()
        // Empty lines are kept (a layout counts them in the block's height); `draw` skips them.
        for ((i, line) in strings.withIndex()) out.add(SceneTextLine(line, left, baseline - shift + i * lineHeight))
        return out
    }

    /** TextWrapping.lines: no wider than `width` by `measure` (a word wider alone overflows on its own
     *  line); at most `maxLines`, the last one then ending in "…". A line feed ends a line; spaces
     *  separate words, and a line joins its words with one space. No words at all: no lines. */
    fun lines(text: String, width: Double, maxLines: Int?, measure: (String) -> Double): List<String> {
        val paragraphs = text.split('\n').map { p -> p.split(' ').filter { it.isNotEmpty() } }
        if (paragraphs.all { it.isEmpty() }) return emptyList()
        val lines = ArrayList<String>()
        for ((p, words) in paragraphs.withIndex()) {
            var line = ""
            for ((w, word) in words.withIndex()) {
                if (w == 0) { line = word; continue }
                if (measure("$line $word") <= width) { line += " $word"; continue }
                lines.add(line)
                // The text goes on past the last allowed line: end it with the ellipsis.
                if (lines.size == maxLines) return truncated(lines, width, measure)
                line = word
            }
            lines.add(line)
            if (lines.size == maxLines && p < paragraphs.size - 1) return truncated(lines, width, measure)
        }
        return lines
    }

    /** `lines` with "…" after the last: the whole last line if that fits, else its longest prefix (in
     *  code points, trailing spaces dropped) that fits with the ellipsis, lengthened from the first
     *  code point until one does not fit; "…" alone when none does. */
    private fun truncated(lines: ArrayList<String>, width: Double, measure: (String) -> Double): List<String> {
        val last = lines.removeAt(lines.size - 1)
        if (measure(last + ellipsis) <= width) return lines + (last + ellipsis)
        var fitting = ""
        var end = 0
        while (end < last.length) {
            end = last.offsetByCodePoints(end, 1)
            val prefix = last.substring(0, end).trimEnd(' ')
            if (measure(prefix + ellipsis) > width) break
            fitting = prefix
        }
        return lines + (fitting + ellipsis)
    }

    /** The lines drawn, empty ones skipped: the first was counted with the whole text (`SceneBudget.text`), each further one
     *  is an operation. */
    fun draw(lines: List<SceneTextLine>, anchor: String, family: String, size: Double, weight: Int, color: SceneColor,
             opacity: Double, budget: SceneBudget, site: String, canvas: android.graphics.Canvas?) {
        var drawn = 0
        for (line in lines) {
            if (line.string.length == 0) continue
            if (drawn++ > 0) budget.operation(1, false, site)
            SceneDraw.text(line.string, line.x, line.y, anchor, family, size, weight, color, opacity, canvas)
        }
    }
}
