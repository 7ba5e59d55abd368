// Colors, dates and numbers as text: ported from Sources/SceneEvaluator (ColorMath.swift,
// CalendarDate.swift, Builtins.fixed) and Sources/DisplayList/NumberFormat.swift, with the same results.
object SceneColorMath {
    private fun clamp(v: Double) = Math.min(1.0, Math.max(0.0, v))

    fun mix(a: SceneColor, b: SceneColor, t: Double): SceneColor {
        val wa = 1 - t
        val alpha = a.alpha * wa + b.alpha * t
        fun channel(x: Double, y: Double) = if (alpha > 0) clamp((x * a.alpha * wa + y * b.alpha * t) / alpha) else x * wa + y * t
        return SceneColor(channel(a.red, b.red), channel(a.green, b.green), channel(a.blue, b.blue), clamp(alpha))
    }

    fun lighter(c: SceneColor, amount: Double): SceneColor {
        val (h, s, l) = hsl(c)
        return fromHSL(h, s, l + (1 - l) * amount, c.alpha)
    }

    fun darker(c: SceneColor, amount: Double): SceneColor {
        val (h, s, l) = hsl(c)
        return fromHSL(h, s, l * (1 - amount), c.alpha)
    }

    /** UIColor(hue:saturation:brightness:alpha:). */
    fun hsb(h: Double, s: Double, v: Double, alpha: Double): SceneColor {
        val sector = (h * 6) % 6
        val i = Math.floor(sector).toInt()
        val f = sector - i
        val p = v * (1 - s)
        val q = v * (1 - s * f)
        val t = v * (1 - s * (1 - f))
        return when (i) {
            0 -> SceneColor(v, t, p, alpha)
            1 -> SceneColor(q, v, p, alpha)
            2 -> SceneColor(p, v, t, alpha)
            3 -> SceneColor(p, q, v, alpha)
            4 -> SceneColor(t, p, v, alpha)
            else -> SceneColor(v, p, q, alpha)
        }
    }

    fun hsl(c: SceneColor): Triple<Double, Double, Double> {
        val high = Math.max(c.red, Math.max(c.green, c.blue))
        val low = Math.min(c.red, Math.min(c.green, c.blue))
        val lightness = (high + low) / 2
        val chroma = high - low
        if (!(chroma > 0)) return Triple(0.0, 0.0, lightness)
        val saturation = chroma / (1 - Math.abs(2 * lightness - 1))
        var h = when (high) {
            c.red -> ((c.green - c.blue) / chroma) % 6
            c.green -> (c.blue - c.red) / chroma + 2
            else -> (c.red - c.green) / chroma + 4
        }
        if (h < 0) h += 6
        return Triple(h / 6, saturation, lightness)
    }

    private fun fromHSL(hue: Double, saturation: Double, lightness: Double, alpha: Double): SceneColor {
        val chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
        val h = hue * 6
        val x = chroma * (1 - Math.abs(h % 2 - 1))
        val rgb = when (Math.floor(h).toInt()) {
            0 -> Triple(chroma, x, 0.0)
            1 -> Triple(x, chroma, 0.0)
            2 -> Triple(0.0, chroma, x)
            3 -> Triple(0.0, x, chroma)
            4 -> Triple(x, 0.0, chroma)
            else -> Triple(chroma, 0.0, x)
        }
        val m = lightness - chroma / 2
        return SceneColor(clamp(rgb.first + m), clamp(rgb.second + m), clamp(rgb.third + m), alpha)
    }
}

/** A proleptic Gregorian date, years 1 to 9999, written YYYY-MM-DD. */
class SceneDate(val year: Long, val month: Long, val day: Long) {
    val dayNumber: Long get() {
        val y = if (month <= 2) year - 1 else year
        val era = (if (y >= 0) y else y - 399) / 400
        val yearOfEra = y - era * 400
        val dayOfYear = (153 * (month + (if (month > 2) -3 else 9)) + 2) / 5 + day - 1
        val dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    val weekday: Int get() = (((dayNumber % 7) + 7 + 4) % 7).toInt()

    val text: String get() = String.format(java.util.Locale.ROOT, "%04d-%02d-%02d", year, month, day)

    companion object {
        val weekdayNames = listOf("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")

        fun daysIn(month: Long, year: Long): Long = when (month) {
            2L -> if ((year % 4 == 0L && year % 100 != 0L) || year % 400 == 0L) 29 else 28
            4L, 6L, 9L, 11L -> 30
            else -> 31
        }

        fun parse(text: String): SceneDate? {
            val parts = text.split("-")
            if (parts.size != 3 || parts[0].length != 4 || parts[1].length != 2 || parts[2].length != 2) return null
            if (!parts.all { p -> p.all { it in '0'..'9' } }) return null
            val y = parts[0].toLong()
            val m = parts[1].toLong()
            val d = parts[2].toLong()
            if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysIn(m, y)) return null
            return SceneDate(y, m, d)
        }

        fun fromDayNumber(z0: Long): SceneDate? {
            if (z0 > 1_000_000_000L || z0 < -1_000_000_000L) return null
            val z = z0 + 719_468
            val era = (if (z >= 0) z else z - 146_096) / 146_097
            val dayOfEra = z - era * 146_097
            val yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            val dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            val mp = (5 * dayOfYear + 2) / 153
            val d = dayOfYear - (153 * mp + 2) / 5 + 1
            val m = if (mp < 10) mp + 3 else mp - 9
            val y = yearOfEra + era * 400 + (if (m <= 2) 1 else 0)
            if (y < 1 || y > 9999) return null
            return SceneDate(y, m, d)
        }
    }
}

/** Numbers as text: `format`, `{value}` in `<text>`, and numbers in messages. */
object SceneText {
    /** Swift's `rounded()`: halves away from zero. */
    fun roundHalfAway(v: Double): Double {
        if (v.isNaN() || v.isInfinite()) return v
        val a = Math.abs(v)
        val f = Math.floor(a)
        val r = if (a - f >= 0.5) f + 1 else f
        return if (v < 0) -r else r
    }

    /** `format(x, decimals)`: exactly `decimals` digits, halves away from zero, never "-0". */
    fun fixed(x: Double, decimals: Int): String {
        val v = if (x.isNaN() || x.isInfinite()) 0.0 else x
        var scale = 1.0
        for (i in 0 until decimals) scale *= 10
        val a = Math.abs(v)
        var whole = Math.floor(a)
        var fraction = roundHalfAway((a - whole) * scale)
        if (fraction >= scale) { fraction -= scale; whole += 1 }
        val digits = fraction.toLong().toString()
        val fractionText = "0".repeat(Math.max(0, decimals - digits.length)) + digits
        val sign = if (v < 0 && (whole != 0.0 || fraction != 0.0)) "-" else ""
        return sign + integerDigits(whole) + (if (decimals > 0) ".$fractionText" else "")
    }

    /** The decimal digits of a whole, non-negative double of any size. */
    fun integerDigits(value: Double): String = java.math.BigDecimal(value).toBigInteger().toString()

    /** A number as `<text>` shows it: 4 decimals, trailing zeros trimmed, within ±1e15, never "-0". */
    fun shortNumber(value: Double): String {
        if (value.isNaN() || value.isInfinite()) return "0"
        val clamped = Math.min(Math.max(value, -1e15), 1e15)
        val scaled = roundHalfAway(clamped * 10_000)
        if (scaled == 0.0) return "0"
        val magnitude = Math.abs(scaled)
        val integerPart = Math.floor(magnitude / 10_000)
        var fraction = (magnitude - integerPart * 10_000).toLong()
        var fractionDigits = 4
        while (fraction != 0L && fraction % 10 == 0L) { fraction /= 10; fractionDigits -= 1 }
        var text = (if (scaled < 0) "-" else "") + integerPart.toLong().toString()
        if (fraction != 0L) {
            val digits = fraction.toString()
            text += "." + "0".repeat(fractionDigits - digits.length) + digits
        }
        return text
    }

    /** How a number reads in messages (6 decimals, trailing zeros trimmed). */
    fun readable(value: Double): String {
        if (value.isNaN()) return "NaN"
        if (value.isInfinite()) return if (value < 0) "-infinity" else "infinity"
        if (Math.abs(value) >= 1e15) return value.toString()
        var text = String.format(java.util.Locale.ROOT, "%.6f", value).trimEnd('0').trimEnd('.')
        if (text == "-0") text = "0"
        return text
    }

    /** The text `<text>` draws for a value, or null for a value that has none. */
    fun of(value: SceneValue): String? = when (value) {
        is SceneValue.I -> value.v.toString()
        is SceneValue.N -> shortNumber(value.v)
        is SceneValue.B -> if (value.v) "true" else "false"
        is SceneValue.S -> value.v
        is SceneValue.C -> value.v.hexRGBA
        is SceneValue.L -> {
            val parts = value.v.map { of(it) }
            if (parts.any { it == null }) null else parts.joinToString(", ")
        }
        else -> null
    }
}

/** sin and cos exact at multiples of π/2 (DisplayList's `exactSinCos`). */
fun SceneRuntime.exactSinCos(angle: Double): Pair<Double, Double> {
    val quarter = angle / (Math.PI / 2)
    val rounded = SceneText.roundHalfAway(quarter)
    if (Math.abs(quarter - rounded) < 1e-12 && Math.abs(rounded) < 1e15) {
        return when (rounded.toLong().toInt() and 3) {
            0 -> Pair(0.0, 1.0)
            1 -> Pair(1.0, 0.0)
            2 -> Pair(0.0, -1.0)
            else -> Pair(-1.0, 0.0)
        }
    }
    return Pair(Math.sin(angle), Math.cos(angle))
}
