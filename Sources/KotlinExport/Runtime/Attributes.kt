// Attribute values as the evaluator reads them (Evaluation.swift, Evaluation+Drawing.swift): every
// number that reaches the drawing within ±1e9, opacities in 0…1, paints, gradients and their stops,
// text, and the values `<use>` passes to a component.

/** `fill` / `stroke`: null for `none`. */
fun SceneRuntime.paint(v: SceneValue, attribute: String, site: String): ScenePaint? = when (v) {
    SceneValue.None -> null
    is SceneValue.C -> ScenePaint.Solid(v.v)
    is SceneValue.P -> v.v
    is SceneValue.G -> throw fail("E0410", "a gradient needs its start and end points to paint", site,
        "write linear(g, x1, y1, x2, y2) or radial(g, x0, y0, r0, x1, y1, r1)")
    else -> throw fail("E0408", "'$attribute' must be a color, a gradient paint or none, not ${article(v.typeName)}", site)
}

/** An opacity-like attribute: 0…1. */
fun SceneRuntime.unit(v: SceneValue, attribute: String, site: String): Double {
    val n = coordinate(v, "'$attribute'", site)
    if (!(n >= 0 && n <= 1)) throw fail("E0507", "'$attribute' runs from 0 to 1, not ${SceneText.readable(n)}", site)
    return n
}

/** A length that cannot be negative (lineWidth). */
fun SceneRuntime.length(v: SceneValue, attribute: String, site: String): Double {
    val n = coordinate(v, "'$attribute'", site)
    if (n < 0) throw fail("E0507", "$attribute cannot be negative (${SceneText.readable(n)})", site)
    return n
}

/** `dash`: a list of lengths, none negative, not all zero. */
fun SceneRuntime.dash(v: SceneValue, site: String): List<Double> {
    if (v !is SceneValue.L) throw fail("E0408", "dash must be a list of lengths such as [6, 3], not ${article(v.typeName)}", site)
    val lengths = v.v.map {
        it.numeric ?: throw fail("E0408", "dash must be a list of lengths such as [6, 3], not a list of ${it.typeName}s", site)
    }
    if (lengths.any { Math.abs(it) > maxCoordinate }) throw fail("E0611", "a dash length is too large for a coordinate", site)
    if (lengths.any { it < 0 }) throw fail("E0507", "dash lengths cannot be negative", site)
    if (lengths.isNotEmpty() && lengths.all { it == 0.0 }) {
        throw fail("E0507", "dash lengths cannot all be zero", site, "write dash=\"[]\" for a solid line")
    }
    return lengths
}

/** `miterLimit`: at least 1. */
fun SceneRuntime.miterLimit(v: SceneValue, site: String): Double {
    val n = coordinate(v, "'miterLimit'", site)
    if (n < 1) throw fail("E0507", "miterLimit must be at least 1, not ${SceneText.readable(n)}", site)
    return n
}

/** The stops of a `<gradient>`, gathered as its body runs. */
class SceneGradientStops {
    private val offsets = ArrayList<Double>()
    private val colors = ArrayList<SceneColor>()

    fun add(offset: SceneValue, color: SceneValue, opacity: Double, site: String) {
        val o = SceneRuntime.coordinate(offset, "a stop's offset", site)
        if (!(o >= 0 && o <= 1)) throw SceneRuntime.fail("E0507", "a stop's offset runs from 0 to 1, not ${SceneText.readable(o)}", site)
        if (color !is SceneValue.C) throw SceneRuntime.fail("E0408", "a stop's color must be a color, not ${SceneRuntime.article(color.typeName)}", site)
        if (offsets.isNotEmpty() && o < offsets.last()) {
            throw SceneRuntime.fail("E0509", "stop offsets must not decrease (${SceneText.readable(o)} after ${SceneText.readable(offsets.last())})", site)
        }
        offsets.add(o)
        colors.add(color.v.withAlpha(color.v.alpha * opacity))
    }

    fun gradient(extend: String, name: String, site: String): SceneValue {
        if (offsets.isEmpty()) {
            throw SceneRuntime.fail("E0510", "<gradient> '$name' has no <stop>", site,
                "add <stop offset=\"0\" color=\"…\"/> and <stop offset=\"1\" color=\"…\"/>")
        }
        return SceneValue.G(SceneGradient(offsets, colors, extend))
    }
}

/** An `<assert>`. */
fun SceneRuntime.check(test: SceneValue, message: String, site: String) {
    if (test !is SceneValue.B) throw fail("E0408", "'test' must be a bool, not ${article(test.typeName)}", site)
    if (!test.v) throw fail("E0505", message, site, "this is an <assert> in the scene")
}

/** A parameter's value clamped into its declared range, as generated code applies it. */
fun SceneRuntime.clamped(v: Double, low: Double?, high: Double?): Double =
    if (low != null && v < low) low else if (high != null && v > high) high else v

fun SceneRuntime.clamped(v: Long, low: Long?, high: Long?): Long =
    if (low != null && v < low) low else if (high != null && v > high) high else v

/** An element of a `list` parameter: a whole number is an int, as `4` in the scene is. */
fun SceneRuntime.listNumber(v: Double): SceneValue =
    if (v == Math.floor(v) && Math.abs(v) < 9e15) SceneValue.I(v.toLong()) else SceneValue.N(v)

/** A `{value}` of a `<text>`, as the evaluator shows it. */
fun SceneRuntime.showable(v: SceneValue, site: String): String =
    SceneText.of(v) ?: throw fail("E0803", "${article(v.typeName)} cannot be shown as text", site, "interpolate numbers, strings, bools or colors")

/** The whole text of a `<text>`: at most `maxStringLength` bytes. */
fun SceneRuntime.textContent(pieces: List<String>, site: String): String {
    val text = pieces.joinToString("")
    if (text.toByteArray(Charsets.UTF_8).size > maxStringLength) {
        throw fail("E0609", "the text is longer than the limit of $maxStringLength bytes", site)
    }
    return text
}

/** `size` of a `<text>`: above 0, at most 10000 points. */
fun SceneRuntime.fontSize(size: Double, site: String): Double {
    if (!(size > 0 && size <= 10_000)) {
        throw fail("E0507", "'size' must be a positive number of points up to 10000, not ${SceneText.readable(size)}", site)
    }
    return size
}

/** `fill` of a `<text>`: a color. */
fun SceneRuntime.textColor(v: SceneValue, site: String): SceneColor =
    (v as? SceneValue.C)?.v ?: throw fail("E0408", "a text's fill must be a color, not ${article(v.typeName)}", site)

/** The families `<text>` and `textWidth` may name (scenec's pinned set, Grammar.md `<text>`); the first is the default. */
val SceneRuntime.fontFamilies: List<String>
    get() = listOf("DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Sans Mono", "DejaVu Serif", "DejaVu Serif Condensed")

/** A font family the scene names that there is not. */
fun SceneRuntime.unknownFont(family: String, site: String) {
    throw fail("E0529", "there is no font family '$family'", site, "the families are " + fontFamilies.joinToString(", ") { "'$it'" })
}

/** A blend mode inside a `<clip>`: browsers and librsvg blend it differently, so it is an error. */
fun SceneRuntime.blendInsideClip(mode: String, site: String) {
    throw fail("E0316", "blend=\"$mode\" inside a <clip> blends differently in librsvg, resvg and browsers", site,
        "put the blend on a <group> around the <clip>: <group blend=\"$mode\"><clip>…</clip></group>")
}

/** A value passed to a component's parameter `name` (kind: number, int, bool, color, string, date,
 *  ints, numbers, strings, colors), converted to its type (an int widens to a number) and range-checked. */
fun SceneRuntime.argument(value: SceneValue, kind: String, min: Double?, max: Double?, name: String, site: String): SceneValue {
    fun mismatch(what: String) = fail("E0408", "'$name': expected $what, found ${article(value.typeName)}", site)
    val typed: SceneValue = when {
        kind == "number" && value is SceneValue.I -> SceneValue.N(value.v.toDouble())
        kind == "number" && value is SceneValue.N -> value
        kind == "int" && value is SceneValue.I -> value
        kind == "bool" && value is SceneValue.B -> value
        kind == "color" && value is SceneValue.C -> value
        kind == "string" && value is SceneValue.S -> value
        kind == "date" && value is SceneValue.S -> {
            if (SceneDate.parse(value.v) == null) throw fail("E0512", "'$name': '${value.v}' is not a date", site)
            value
        }
        (kind == "ints" || kind == "numbers") && value is SceneValue.L -> {
            if (kind == "ints" && value.v.any { !it.isInt }) throw mismatch("a list of ints")
            if (value.v.any { it.numeric == null }) throw mismatch("a list of numbers")
            value
        }
        kind == "strings" && value is SceneValue.L -> { if (value.v.any { it !is SceneValue.S }) throw mismatch("a list of strings"); value }
        kind == "colors" && value is SceneValue.L -> { if (value.v.any { it !is SceneValue.C }) throw mismatch("a list of colors"); value }
        else -> throw mismatch("another type")
    }
    val numbers = when (typed) { is SceneValue.L -> typed.v.mapNotNull { it.numeric }; else -> listOfNotNull(typed.numeric) }
    for (n in numbers) {
        if (min != null && n < min) throw fail("E0516", "the value for '$name' ${SceneText.readable(n)} is below the minimum ${SceneText.readable(min)}", site)
        if (max != null && n > max) throw fail("E0516", "the value for '$name' ${SceneText.readable(n)} is above the maximum ${SceneText.readable(max)}", site)
    }
    return typed
}

/** The width or height a `<use>` gives its component: a positive number. */
fun SceneRuntime.componentSide(v: Double, attribute: String, site: String): Double {
    if (!(v > 0)) throw fail("E0514", "'$attribute' of a placed component must be a positive number, not ${SceneText.readable(v)}", site)
    return v
}
