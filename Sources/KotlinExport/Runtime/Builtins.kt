// The builtin functions, all in this one place, ported from Sources/SceneEvaluator/Builtins.swift
// (through the Swift runtime's port) with the same results and the same failures (the static
// checker has already checked the argument counts). Adding a builtin: a branch in `run`.
class SceneBuiltins(private val name: String, private val values: List<SceneValue>, private val site: String) {
    private fun fail(code: String, message: String, help: String? = null) = SceneDrawError(code, message, site, help)
    private fun article(typeName: String) = SceneRuntime.article(typeName)
    private fun readable(v: Double) = SceneText.readable(v)

    private fun argument(i: Int): SceneValue =
        if (i < values.size) values[i] else throw fail("E0409", "$name() is missing argument ${i + 1}")

    private fun number(i: Int): Double {
        val v = argument(i)
        return v.numeric ?: throw fail("E0408", "$name() needs a number here, not ${article(v.typeName)}")
    }

    private fun coordinate(i: Int): Double {
        val v = number(i)
        if (Math.abs(v) > SceneRuntime.maxCoordinate) {
            throw fail("E0611", "${readable(v)} is too large for a coordinate; the limit is ±1000000000",
                "coordinates, sizes and angles must be within ±1000000000")
        }
        return v
    }

    private fun unit(i: Int, what: String): Double {
        val v = number(i)
        if (!(v >= 0 && v <= 1)) throw fail("E0506", "$what must be between 0 and 1, not ${readable(v)}")
        return v
    }

    private fun channel(i: Int): Double {
        val v = number(i)
        if (!(v >= 0 && v <= 255)) throw fail("E0506", "color channels run from 0 to 255, not ${readable(v)}")
        return v
    }

    private fun list(i: Int): List<SceneValue> {
        val v = argument(i)
        return (v as? SceneValue.L)?.v ?: throw fail("E0408", "$name() needs a list, not ${article(v.typeName)}")
    }

    private fun numberList(i: Int): List<SceneValue> {
        val items = list(i)
        val other = items.firstOrNull { it.numeric == null }
        if (other != null) throw fail("E0408", "$name() needs a list of numbers, not a list of ${other.typeName}s")
        return items
    }

    private fun color(i: Int): SceneColor {
        val v = argument(i)
        return (v as? SceneValue.C)?.v ?: throw fail("E0408", "$name() needs a color here, not ${article(v.typeName)}")
    }

    private fun gradient(i: Int): SceneGradient {
        val v = argument(i)
        return (v as? SceneValue.G)?.v
            ?: throw fail("E0408", "$name() needs a gradient declared with <gradient name=…>, not ${article(v.typeName)}")
    }

    private fun int(i: Int, what: String): Long {
        val v = argument(i)
        return (v as? SceneValue.I)?.v ?: throw fail("E0408", "$name() needs an int $what, not ${article(v.typeName)}")
    }

    private fun result(v: Double) = SceneRuntime.finite(v, site)

    private fun numbers(): List<SceneValue> {
        if (values.size == 1 && values[0] is SceneValue.L) {
            val items = numberList(0)
            if (items.isEmpty()) throw fail("E0513", "$name() of an empty list")
            return items
        }
        for (i in values.indices) number(i)
        return values
    }

    private fun overflow() = fail("E0502", "integer overflow", SceneRuntime.overflowHelp)

    fun run(): SceneValue = when (name) {
        "min", "max" -> {
            if (values.size == 1 && values[0].numeric != null) throw fail("E0409", "$name() needs two or more numbers, or a list")
            val items = numbers()
            var best = items[0]
            for (item in items.drop(1)) {
                val better = if (name == "min") item.numeric!! < best.numeric!! else item.numeric!! > best.numeric!!
                if (better) best = item
            }
            if (items.all { it.isInt }) best else SceneValue.N(best.numeric!!)
        }
        "abs" -> {
            val v = argument(0)
            if (v is SceneValue.I) {
                if (v.v == Long.MIN_VALUE) throw overflow()
                SceneValue.I(Math.abs(v.v))
            } else result(Math.abs(number(0)))
        }
        "sqrt" -> {
            val v = number(0)
            if (v < 0) throw fail("E0506", "$name() of a negative number (${readable(v)})")
            result(Math.sqrt(v))
        }
        "pow" -> result(Math.pow(number(0), number(1)))
        "sin" -> result(SceneRuntime.exactSinCos(number(0)).first)
        "cos" -> result(SceneRuntime.exactSinCos(number(0)).second)
        "tan" -> {
            val (s, c) = SceneRuntime.exactSinCos(number(0))
            if (c == 0.0) throw fail("E0503", "$name() is infinite at this angle")
            result(s / c)
        }
        "asin", "acos" -> {
            val v = number(0)
            if (!(v >= -1 && v <= 1)) throw fail("E0506", "$name() needs a value between -1 and 1, not ${readable(v)}")
            result(if (name == "asin") Math.asin(v) else Math.acos(v))
        }
        "atan" -> result(Math.atan(number(0)))
        "atan2" -> result(Math.atan2(number(0), number(1)))
        "floor", "ceil", "round" -> {
            if (argument(0) is SceneValue.I) values[0]
            else {
                val v = number(0)
                result(when (name) { "floor" -> Math.floor(v); "ceil" -> Math.ceil(v); else -> SceneText.roundHalfAway(v) })
            }
        }
        "int" -> {
            if (argument(0) is SceneValue.I) values[0]
            else {
                val t = number(0).let { if (it < 0) Math.ceil(it) else Math.floor(it) }
                if (!(t >= -9.223372036854775808e18 && t < 9.223372036854775808e18)) {
                    throw fail("E0506", "this number is too large for an int (ints run to ±9.2e18)")
                }
                SceneValue.I(t.toLong())
            }
        }
        "number" -> SceneValue.N(number(0))
        "clamp" -> {
            val x = number(0)
            val low = number(1)
            val high = number(2)
            if (!(low <= high)) throw fail("E0515", "$name() needs low ≤ high, but ${readable(low)} > ${readable(high)}")
            val v = Math.min(Math.max(x, low), high)
            if (values.all { it.isInt } && v == Math.floor(v) && Math.abs(v) < 9.2e18) SceneValue.I(v.toLong()) else result(v)
        }
        "radians" -> result(number(0) * Math.PI / 180)
        "degrees" -> result(number(0) * 180 / Math.PI)
        "count" -> SceneValue.I(list(0).size.toLong())
        "sum" -> {
            val items = numberList(0)
            if (items.all { it.isInt }) {
                var total = 0L
                for (item in items) total = try { Math.addExact(total, (item as SceneValue.I).v) } catch (e: ArithmeticException) { throw overflow() }
                SceneValue.I(total)
            } else result(items.fold(0.0) { t, v -> t + v.numeric!! })
        }
        "runningSum" -> {
            val items = numberList(0)
            val totals = ArrayList<SceneValue>()
            if (items.all { it.isInt }) {
                var total = 0L
                for (item in items) {
                    total = try { Math.addExact(total, (item as SceneValue.I).v) } catch (e: ArithmeticException) { throw overflow() }
                    totals.add(SceneValue.I(total))
                }
            } else {
                var total = 0.0
                for (item in items) { total += item.numeric!!; totals.add(result(total)) }
            }
            SceneValue.L(totals)
        }
        "slice" -> {
            val items = list(0)
            fun bound(i: Int, what: String): Int {
                val v = int(i, what)
                if (v < 0 || v > items.size) {
                    throw fail("E0504", "$what $v is out of range for a list of ${items.size} element${if (items.size == 1) "" else "s"}",
                        "start and end run from 0 to count(list) (${items.size})")
                }
                return v.toInt()
            }
            val start = bound(1, "start")
            val end = bound(2, "end")
            if (start > end) throw fail("E0515", "$name() needs start ≤ end, but $start > $end")
            SceneValue.L(items.subList(start, end).toList())
        }
        "rgb" -> SceneValue.C(SceneColor.rgb255(channel(0), channel(1), channel(2)))
        "rgba" -> SceneValue.C(SceneColor.rgb255(channel(0), channel(1), channel(2), unit(3, "alpha")))
        "white" -> {
            val w = unit(0, "white")
            SceneValue.C(SceneColor(w, w, w, if (values.size == 2) unit(1, "alpha") else 1.0))
        }
        "hsb" -> {
            val h = unit(0, "hue")
            val s = unit(1, "saturation")
            val b = unit(2, "brightness")
            SceneValue.C(SceneColorMath.hsb(h, s, b, if (values.size == 4) unit(3, "alpha") else 1.0))
        }
        "withAlpha" -> SceneValue.C(color(0).withAlpha(unit(1, "alpha")))
        "mix" -> SceneValue.C(SceneColorMath.mix(color(0), color(1), unit(2, "the mix fraction t")))
        "lighter", "darker" -> {
            val c = color(0)
            val amount = unit(1, "the amount")
            SceneValue.C(if (name == "lighter") SceneColorMath.lighter(c, amount) else SceneColorMath.darker(c, amount))
        }
        "linear" -> {
            val g = gradient(0)
            SceneValue.P(ScenePaint.Linear(g, coordinate(1), coordinate(2), coordinate(3), coordinate(4)))
        }
        "radial" -> radial()
        "conic" -> conic()
        "replace" -> {
            val items = list(0).toMutableList()
            val i = int(1, "index")
            if (i < 0 || i >= items.size) throw SceneRuntime.outOfRange(i, items.size, site)
            val new = argument(2)
            if (!SceneValue.sameListKind(new, items[0])) {
                throw fail("E0408", "$name() cannot put ${article(new.typeName)} in a list of ${items[0].listKindName}")
            }
            items[i.toInt()] = new
            SceneValue.L(items)
        }
        "format" -> {
            val v = number(0)
            val decimals = argument(1)
            if (decimals !is SceneValue.I || decimals.v < 0 || decimals.v > 10) {
                throw fail("E0506", "$name() takes a whole number of decimals from 0 to 10", "for example format(average, 1) gives 4.6")
            }
            SceneValue.S(SceneText.fixed(v, decimals.v.toInt()))
        }
        "textWidth" -> textWidth()
        "addDays" -> {
            val date = date(0)
            val n = argument(1)
            if (n !is SceneValue.I) throw fail("E0408", "$name() adds a whole number of days, not ${article(n.typeName)}")
            val sum = try { Math.addExact(date.dayNumber, n.v) } catch (e: ArithmeticException) { Long.MAX_VALUE }
            val result = SceneDate.fromDayNumber(sum) ?: throw fail("E0512", "the date falls outside the years 1 to 9999")
            SceneValue.S(result.text)
        }
        "weekday" -> SceneValue.I(date(0).weekday.toLong())
        "dayName", "dayInitial" -> {
            val day = SceneDate.weekdayNames[date(0).weekday]
            SceneValue.S(if (name == "dayName") day else day.substring(0, 1))
        }
        "log", "log10", "exp" -> exponential()
        "red", "green", "blue", "alpha", "hue", "saturation", "lightness", "luminance", "contrast" -> colorComponent()
        "upper", "lower", "length", "truncate", "join" -> text()
        else -> throw fail("E0000", "$name() is not in this runtime; export the scene again with this version of scenec")
    }

    // The logarithms, the color functions and the string functions, as Sources/SceneEvaluator's
    // Builtins+Exponential, Builtins+Color and Builtins+Strings define them (Grammar.md section 6).
    private fun exponential(): SceneValue {
        val x = number(0)
        if (name == "exp") return result(Math.exp(x))
        if (!(x > 0)) {
            throw fail("E0506", "$name() needs a number above 0, not ${readable(x)}",
                "a logarithm exists only for numbers above 0; test the value first, for example x > 0 ? $name(x) : 0")
        }
        return result(if (name == "log") Math.log(x) else Math.log10(x))
    }

    private fun colorComponent(): SceneValue {
        val c = color(0)
        return SceneValue.N(when (name) {
            "red" -> c.red * 255
            "green" -> c.green * 255
            "blue" -> c.blue * 255
            "alpha" -> c.alpha
            "hue" -> SceneColorMath.hsl(c).first
            "saturation" -> Math.min(1.0, SceneColorMath.hsl(c).second)
            "lightness" -> SceneColorMath.hsl(c).third
            "luminance" -> luminance(c)
            else -> {
                val la = luminance(c)
                val lb = luminance(color(1))
                (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
            }
        })
    }

    /** WCAG 2's relative luminance, alpha ignored. */
    private fun luminance(c: SceneColor): Double {
        fun linear(v: Double) = if (v <= 0.04045) v / 12.92 else Math.pow((v + 0.055) / 1.055, 2.4)
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    private fun text(): SceneValue = when (name) {
        "join" -> {
            val items = list(0)
            val separator = string(1)
            val out = StringBuilder()
            for ((i, item) in items.withIndex()) {
                val shown = SceneText.of(item) ?: throw fail("E0408", "$name() cannot show ${article(item.typeName)} as text")
                if (i > 0) out.append(separator)
                out.append(shown)
                fitting(out.toString())
            }
            SceneValue.S(out.toString())
        }
        "truncate" -> {
            val s = string(0)
            val n = argument(1)
            if (n !is SceneValue.I) {
                throw fail("E0408", "$name() keeps a whole number of characters, not ${article(n.typeName)}", "convert it with int(…)")
            }
            if (n.v < 1) throw fail("E0506", "$name() keeps at least 1 character, not ${n.v}")
            SceneValue.S(truncated(s, n.v))
        }
        "length" -> { val s = string(0); SceneValue.I(s.codePointCount(0, s.length).toLong()) }
        else -> SceneValue.S(fitting(caseMapped(string(0), name == "upper")))
    }

    private fun string(i: Int): String {
        val v = argument(i)
        return (v as? SceneValue.S)?.v ?: throw fail("E0408", "$name() needs a string here, not ${article(v.typeName)}")
    }

    private fun fitting(s: String): String {
        if (s.toByteArray(Charsets.UTF_8).size > SceneRuntime.maxStringLength) {
            throw fail("E0609", "$name() makes a string longer than the limit of ${SceneRuntime.maxStringLength} bytes", "shorten the text")
        }
        return s
    }

    /** Each code point by Unicode's full case mapping on its own: no locale, no context. */
    private fun caseMapped(s: String, upper: Boolean): String {
        val out = StringBuilder()
        var i = 0
        while (i < s.length) {
            val cp = s.codePointAt(i)
            val one = String(Character.toChars(cp))
            out.append(if (upper) one.toUpperCase(java.util.Locale.ROOT) else one.toLowerCase(java.util.Locale.ROOT))
            i += Character.charCount(cp)
        }
        return out.toString()
    }

    /** At most n code points: the first n − 1 less trailing spaces, and "…", when the text is longer. */
    private fun truncated(s: String, n: Long): String {
        val count = s.codePointCount(0, s.length)
        if (count <= n) return s
        var kept = s.substring(0, s.offsetByCodePoints(0, (n - 1).toInt()))
        while (kept.endsWith(" ")) kept = kept.substring(0, kept.length - 1)
        return kept + "\u2026"
    }

    private fun radial(): SceneValue {
        val g = gradient(0)
        val x0 = coordinate(1); val y0 = coordinate(2); val r0 = coordinate(3)
        val x1 = coordinate(4); val y1 = coordinate(5); val r1 = coordinate(6)
        for (r in listOf(r0, r1)) {
            if (r < 0) throw fail("E0521", "$name() needs a radius of 0 or more, not ${readable(r)}", "a radius of 0 makes that circle a point (a focal point)")
        }
        // Nested as the dump prints the values (4 decimals): what the SVG writer can draw.
        fun printed(v: Double) = SceneText.roundHalfAway(v * 10_000) / 10_000
        val dx = printed(x1) - printed(x0)
        val dy = printed(y1) - printed(y0)
        val distance = Math.sqrt(dx * dx + dy * dy)
        if (!(distance < Math.abs(printed(r1) - printed(r0)))) {
            throw fail("E0522", "$name()'s circles are not nested",
                "put one circle strictly inside the other (the distance between the centers less than the difference of the radii)")
        }
        return SceneValue.P(ScenePaint.Radial(g, x0, y0, r0, x1, y1, r1))
    }

    /** `textWidth(text, size[, font[, weight]])`: measured with Android's text engine as `<text>` draws it. */
    private fun textWidth(): SceneValue {
        val v = argument(0)
        val text = SceneText.of(v) ?: throw fail("E0408", "$name() measures a string, not ${article(v.typeName)}")
        val length = text.codePointCount(0, text.length)
        if (length > 1000) throw fail("E0617", "$name() measures at most 1000 characters, not $length")
        val size = number(1)
        if (!(size > 0 && size <= 10_000)) throw fail("E0506", "the font size must be above 0 and at most 10000 points, not ${readable(size)}")
        var family = SceneRuntime.fontFamilies[0]
        if (values.size >= 3) {
            val f = argument(2)
            if (f !is SceneValue.S) throw fail("E0408", "$name() needs a font family name, not ${article(f.typeName)}")
            if (f.v !in SceneRuntime.fontFamilies) {
                throw fail("E0529", "there is no font family '${f.v}'", "the families are " + SceneRuntime.fontFamilies.joinToString(", ") { "'$it'" })
            }
            family = f.v
        }
        var weight = 400
        if (values.size == 4) {
            val w = argument(3)
            weight = when {
                w == SceneValue.S("normal") -> 400
                w == SceneValue.S("bold") -> 700
                w is SceneValue.I && w.v >= 100 && w.v <= 900 && w.v % 100 == 0L -> w.v.toInt()
                else -> throw fail("E0506", "the weight is 'normal', 'bold' or 100, 200, … 900")
            }
        }
        return result(SceneDraw.textWidth(text, family, size, weight))
    }

    /** `conic(g, cx, cy, angle)`: the evaluator's ConicPaint (Sources/SceneEvaluator/ConicPaint.swift). */
    private fun conic(): SceneValue {
        val g = gradient(0)
        val cx = coordinate(1); val cy = coordinate(2); val angle = coordinate(3)
        if (Math.abs(angle) > 64 * 2 * Math.PI) {
            throw fail("E0540", "$name()'s start angle ${readable(angle)} is more than 64 turns from 0",
                "angles are radians: write radians(${readable(angle)}) for degrees")
        }
        return SceneValue.P(ScenePaint.Conic(g, cx, cy, angle))
    }

    private fun date(i: Int): SceneDate {
        val v = argument(i)
        if (v !is SceneValue.S) throw fail("E0408", "$name() needs a date such as '2026-11-21', not ${article(v.typeName)}")
        return SceneDate.parse(v.v) ?: throw fail("E0512", "'${v.v}' is not a date; write YYYY-MM-DD, such as '2026-11-21'")
    }
}
