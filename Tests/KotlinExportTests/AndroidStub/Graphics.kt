// Test support for `scenec export --kotlin` (docs/export.md, "How the Kotlin is proved"): the
// android.graphics classes generated Kotlin calls, with Android's documented names and signatures
// (floats, 8-bit ARGB ints, degrees), drawing nothing. Canvas (Recorder.kt) records every call as
// display-list operations, written as the display list's JSON (Sources/DisplayList/DisplayListCoding.swift).
package android.graphics

class RectF(@JvmField var left: Float, @JvmField var top: Float, @JvmField var right: Float, @JvmField var bottom: Float) {
    constructor() : this(0f, 0f, 0f, 0f)
    fun width() = right - left
    fun height() = bottom - top
}

/** A 3×3 matrix; only the affine part is used: x' = MSCALE_X·x + MSKEW_X·y + MTRANS_X, y' = MSKEW_Y·x + MSCALE_Y·y + MTRANS_Y. */
class Matrix {
    internal val values = floatArrayOf(1f, 0f, 0f, 0f, 1f, 0f, 0f, 0f, 1f)
    fun setValues(v: FloatArray) { for (i in 0 until 9) values[i] = v[i] }
    fun getValues(v: FloatArray) { for (i in 0 until 9) v[i] = values[i] }
    fun isAffine() = values[6] == 0f && values[7] == 0f && values[8] == 1f
    /** A rotation by `degrees` (clockwise on the y-down canvas) about (px, py). */
    fun setRotate(degrees: Float, px: Float, py: Float) {
        val r = Math.toRadians(degrees.toDouble())
        val c = Math.cos(r); val s = Math.sin(r)
        setValues(floatArrayOf(c.toFloat(), (-s).toFloat(), (px - c * px + s * py).toFloat(),
            s.toFloat(), c.toFloat(), (py - s * px - c * py).toFloat(), 0f, 0f, 1f))
    }
}

class Color {
    companion object {
        @JvmStatic fun argb(alpha: Int, red: Int, green: Int, blue: Int): Int =
            (alpha and 255 shl 24) or (red and 255 shl 16) or (green and 255 shl 8) or (blue and 255)
        const val BLACK = -0x1000000
        /** An sRGB color int as a color long (API 26): the int in the upper 32 bits, color space 0 (sRGB). */
        @JvmStatic fun pack(color: Int): Long = (color.toLong() and 0xffffffffL) shl 32
    }
}

open class Shader {
    enum class TileMode { CLAMP, REPEAT, MIRROR, DECAL }
    /** The shader's own transform, applied before the canvas's (null: the identity). */
    var localMatrix: Matrix? = null
        private set
    fun setLocalMatrix(matrix: Matrix?) {
        localMatrix = matrix?.let { m -> Matrix().also { copy -> copy.setValues(m.values) } }
    }
}

/** Colors around (cx, cy) from 3 o'clock, clockwise on screen; positions 0…1 of the turn. */
class SweepGradient(val cx: Float, val cy: Float, val colors: IntArray, val positions: FloatArray?) : Shader()

class LinearGradient(val x0: Float, val y0: Float, val x1: Float, val y1: Float, val colors: IntArray, val positions: FloatArray?,
                     val tile: Shader.TileMode) : Shader()

class RadialGradient : Shader {
    val startX: Float; val startY: Float; val startRadius: Float
    val endX: Float; val endY: Float; val endRadius: Float
    val colors: IntArray
    val positions: FloatArray?
    val tile: TileMode

    constructor(centerX: Float, centerY: Float, radius: Float, colors: IntArray, stops: FloatArray?, tileMode: TileMode) {
        if (!(radius > 0)) throw IllegalArgumentException("ending radius must be > 0")
        startX = centerX; startY = centerY; startRadius = 0f; endX = centerX; endY = centerY; endRadius = radius
        this.colors = colors; positions = stops; tile = tileMode
    }

    /** API 31: two circles, colors as color longs. */
    constructor(startX: Float, startY: Float, startRadius: Float, endX: Float, endY: Float, endRadius: Float, colors: LongArray,
                stops: FloatArray?, tileMode: TileMode) {
        if (startRadius < 0 || endRadius < 0) throw IllegalArgumentException("radius must be >= 0")
        this.startX = startX; this.startY = startY; this.startRadius = startRadius
        this.endX = endX; this.endY = endY; this.endRadius = endRadius
        this.colors = colors.map { (it ushr 32).toInt().also { _ -> if (it and 63L != 0L) throw IllegalArgumentException("not sRGB") } }.toIntArray()
        positions = stops; tile = tileMode
    }
}

/** API 29. */
enum class BlendMode {
    CLEAR, SRC, DST, SRC_OVER, DST_OVER, SRC_IN, DST_IN, SRC_OUT, DST_OUT, SRC_ATOP, DST_ATOP, XOR, PLUS, MODULATE, SCREEN,
    OVERLAY, DARKEN, LIGHTEN, COLOR_DODGE, COLOR_BURN, HARD_LIGHT, SOFT_LIGHT, DIFFERENCE, EXCLUSION, MULTIPLY, HUE, SATURATION,
    COLOR, LUMINOSITY
}

open class PathEffect

/** Compositing modes (API 1). */
class PorterDuff {
    enum class Mode { CLEAR, SRC, DST, SRC_OVER, DST_OVER, SRC_IN, DST_IN, SRC_OUT, DST_OUT, SRC_ATOP, DST_ATOP, XOR, DARKEN, LIGHTEN, MULTIPLY, SCREEN, ADD, OVERLAY }
}

open class Xfermode

class PorterDuffXfermode(val mode: PorterDuff.Mode) : Xfermode()

/** A 4×5 matrix, row by row: R' G' B' A' from R G B A and a constant. */
class ColorMatrix(src: FloatArray) {
    internal val array = src.copyOf(20)
    fun getArray(): FloatArray = array
}

open class ColorFilter

class ColorMatrixColorFilter(matrix: ColorMatrix) : ColorFilter() {
    internal val array = matrix.getArray().copyOf()
}

class DashPathEffect(val intervals: FloatArray, val phase: Float) : PathEffect() {
    init { if (intervals.size < 2 || intervals.size % 2 != 0) throw ArrayIndexOutOfBoundsException("intervals: an even count, at least 2") }
}

class Typeface private constructor(val familyName: String, val weight: Int) {
    companion object {
        const val NORMAL = 0
        const val BOLD = 1
        @JvmStatic fun create(familyName: String?, style: Int): Typeface = Typeface(familyName ?: "sans-serif", if (style and BOLD != 0) 700 else 400)
        /** API 28. */
        @JvmStatic fun create(family: Typeface?, weight: Int, @Suppress("UNUSED_PARAMETER") italic: Boolean): Typeface {
            if (weight < 1 || weight > 1000) throw IllegalArgumentException("weight")
            return Typeface(family?.familyName ?: "sans-serif", weight)
        }
    }
}

class Paint() {
    constructor(flags: Int) : this() { this.flags = flags }

    enum class Style { FILL, STROKE, FILL_AND_STROKE }
    enum class Cap { BUTT, ROUND, SQUARE }
    enum class Join { MITER, ROUND, BEVEL }
    enum class Align { LEFT, CENTER, RIGHT }

    companion object {
        const val ANTI_ALIAS_FLAG = 1
    }

    var flags = 0
    var color: Int = 0xff000000.toInt()
    /** The color's alpha; with a shader, what the shader's colors are multiplied by. */
    var alpha: Int
        get() = color ushr 24
        set(value) { color = (color and 0x00ffffff) or ((value and 255) shl 24) }
    var style = Style.FILL
    var strokeWidth = 0f
    var strokeCap = Cap.BUTT
    var strokeJoin = Join.MITER
    var strokeMiter = 4f
    var shader: Shader? = null
    var pathEffect: PathEffect? = null
    var textSize = 12f
    var typeface: Typeface? = null
    var textAlign = Align.LEFT
    /** API 29; null is SRC_OVER. */
    var blendMode: BlendMode? = null
    var xfermode: Xfermode? = null
    var colorFilter: ColorFilter? = null

    /** The advance width of `text` in this paint's typeface and size: measured by the test with Pango
     *  under the pinned fonts, as scenec measures (see `TextMeasure`). */
    fun measureText(text: String): Float =
        TextMeasure.width(text, typeface?.familyName ?: "sans-serif", textSize, typeface?.weight ?: 400)
}

/** Text measured by the process that runs the stub (KotlinHarness, with scenec's PangoMeasurer): a
 *  request `MEASURE <text> <family> <size> <weight>` on standard output (text and family in base64),
 *  the width in points on standard input. */
internal object TextMeasure {
    fun width(text: String, family: String, size: Float, weight: Int): Float {
        val base64 = java.util.Base64.getEncoder()
        println("MEASURE " + base64.encodeToString(text.toByteArray(Charsets.UTF_8)) + " "
            + base64.encodeToString(family.toByteArray(Charsets.UTF_8)) + " " + size.toDouble() + " " + weight)
        System.out.flush()
        val answer = readLine() ?: throw IllegalStateException("nothing answered the text measurement")
        return answer.trim().toFloat()
    }
}
