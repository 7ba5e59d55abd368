// The runtime every generated Kotlin file embeds (scenec export --kotlin): the scene language's
// values and operators with the evaluator's semantics (Sources/SceneEvaluator, as the Swift runtime
// in Sources/SwiftExportRuntime ports them), so that generated drawing code computes what `scenec
// dump` shows and fails where it fails, never throwing into the app. Kotlin 1.3 syntax.

/** What a generated `draw` returns when the scene cannot be drawn with these values: the failure
 *  `scenec` reports, with its code (docs/diagnostics.md), the `file:line:col` and what to do. */
class SceneDrawError(val code: String, override val message: String, val location: String, val help: String? = null) :
    RuntimeException(message) {
    override fun toString(): String = "$location: error[$code]: $message" + (if (help != null) "\n  help: $help" else "")
}

/** A non-premultiplied sRGB color, channels clamped into 0…1 (NaN to 0) as the display list's. */
class SceneColor(red: Double, green: Double, blue: Double, alpha: Double = 1.0) {
    val red = unit(red)
    val green = unit(green)
    val blue = unit(blue)
    val alpha = unit(alpha)

    fun withAlpha(alpha: Double) = SceneColor(red, green, blue, alpha)

    /** `#rrggbbaa`, as scenec shows colors. */
    val hexRGBA: String get() = "#" + listOf(red, green, blue, alpha).joinToString("") { String.format("%02x", byte(it)) }

    override fun equals(other: Any?) = other is SceneColor && red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
    override fun hashCode() = listOf(red, green, blue, alpha).hashCode()
    override fun toString() = hexRGBA

    companion object {
        fun unit(v: Double): Double = if (v.isNaN()) 0.0 else Math.min(1.0, Math.max(0.0, v))
        fun rgb255(r: Double, g: Double, b: Double, alpha: Double = 1.0) = SceneColor(r / 255, g / 255, b / 255, alpha)
        /** An 8-bit channel, rounded half up (as the display list's `Color.byte`). */
        fun byte(v: Double): Int = if (v.isNaN() || v.isInfinite()) 0 else Math.round(Math.min(1.0, Math.max(0.0, v)) * 255).toInt()
    }
}

/** A gradient as `<gradient>` declares it: stops, not yet placed. */
class SceneGradient(offsets: List<Double>, colors: List<SceneColor>, val extend: String) {
    val offsets: List<Double>
    val colors: List<SceneColor>

    init {
        val ordered = ArrayList<Double>()
        for (offset in offsets) ordered.add(Math.max(SceneColor.unit(offset), if (ordered.isEmpty()) 0.0 else ordered.last()))
        if (ordered.isEmpty()) {
            this.offsets = listOf(0.0); this.colors = listOf(SceneColor(0.0, 0.0, 0.0, 0.0))
        } else {
            this.offsets = ordered; this.colors = colors
        }
    }

    override fun equals(other: Any?) = other is SceneGradient && offsets == other.offsets && colors == other.colors && extend == other.extend
    override fun hashCode() = offsets.hashCode() * 31 + colors.hashCode()
}

/** A placed paint: a color, `linear(g, …)`, `radial(g, …)` or `conic(g, …)`. */
sealed class ScenePaint {
    data class Solid(val color: SceneColor) : ScenePaint()
    data class Linear(val gradient: SceneGradient, val x0: Double, val y0: Double, val x1: Double, val y1: Double) : ScenePaint()
    data class Radial(val gradient: SceneGradient, val x0: Double, val y0: Double, val r0: Double,
                      val x1: Double, val y1: Double, val r1: Double) : ScenePaint()
    data class Conic(val gradient: SceneGradient, val cx: Double, val cy: Double, val angle: Double) : ScenePaint()
}

/** A value of the scene language: `int` (64 bits) and `number` are distinct (ints widen to numbers). */
sealed class SceneValue {
    data class I(val v: Long) : SceneValue()
    class N(v: Double) : SceneValue() {
        /** -0 is 0, so that equal numbers are equal values. */
        val v: Double = if (v == 0.0) 0.0 else v
        override fun equals(other: Any?) = other is N && v == other.v
        override fun hashCode() = v.hashCode()
    }
    data class B(val v: Boolean) : SceneValue()
    data class S(val v: String) : SceneValue()
    data class C(val v: SceneColor) : SceneValue()
    data class L(val v: List<SceneValue>) : SceneValue()
    data class G(val v: SceneGradient) : SceneValue()
    data class P(val v: ScenePaint) : SceneValue()
    object None : SceneValue()

    val numeric: Double? get() = when (this) { is I -> v.toDouble(); is N -> v; else -> null }
    val isInt: Boolean get() = this is I

    val typeName: String get() = when (this) {
        is I -> "int"; is N -> "number"; is B -> "bool"; is S -> "string"; is C -> "color"; is L -> "list"
        is G -> "gradient"; is P -> "paint"; None -> "none"
    }

    val listKindName: String get() = if (numeric != null) "numbers" else typeName + "s"

    companion object {
        fun int(v: Long): SceneValue = I(v)
        fun int(v: Int): SceneValue = I(v.toLong())
        fun number(v: Double): SceneValue = N(v)
        fun bool(v: Boolean): SceneValue = B(v)
        fun string(v: String): SceneValue = S(v)
        fun color(v: SceneColor): SceneValue = C(v)
        fun list(v: List<SceneValue>): SceneValue = L(v)
        fun sameListKind(a: SceneValue, b: SceneValue): Boolean =
            (a is S && b is S) || (a is C && b is C) || (a.numeric != null && b.numeric != null)
    }
}
