// The operators, as Sources/SceneEvaluator/ExpressionEvaluator.swift computes them: ints stay ints
// (overflow is an error), a number result must be finite, -0 becomes 0, division by zero is an
// error. `and`, `or` and `?:` are written out by the generator (they evaluate one side only).
object SceneRuntime {
    const val maxLoopIterations = 2_000_000L
    const val maxListLength = 100_000
    const val maxStringLength = 65_536
    const val maxCoordinate = 1e9
    const val divisionHelp = "the divisor is 0 here; test it first, for example b == 0 ? 0 : a / b"
    const val overflowHelp = "use numbers (write 1.0) for large values"

    fun fail(code: String, message: String, site: String, help: String? = null) = SceneDrawError(code, message, site, help)

    fun article(typeName: String) = when (typeName) { "int" -> "an int"; "none" -> "none"; else -> "a $typeName" }

    // MARK: reading values where the drawing needs them

    fun number(v: SceneValue, what: String, site: String): Double =
        v.numeric ?: throw fail("E0408", "$what must be a number, not ${article(v.typeName)}", site)

    fun bool(v: SceneValue, site: String): Boolean =
        (v as? SceneValue.B)?.v ?: throw fail("E0408", "a condition must be a bool, not ${article(v.typeName)}", site)

    /** A number that reaches the drawing: at most ±1e9. */
    fun coordinate(v: SceneValue, what: String, site: String): Double {
        val n = number(v, what, site)
        if (Math.abs(n) > maxCoordinate) {
            throw fail("E0611", "${SceneText.readable(n)} is too large for a coordinate; the limit is ±1000000000", site,
                "coordinates, sizes and angles must be within ±1000000000")
        }
        return n
    }

    // MARK: operators

    fun finite(value: Double, site: String): SceneValue {
        if (value.isNaN() || value.isInfinite()) {
            throw fail("E0503", "result is not a finite number", site, "the result is too large for a number; check the operands")
        }
        return SceneValue.N(value)
    }

    fun negate(v: SceneValue, site: String): SceneValue = when (v) {
        is SceneValue.I -> if (v.v == Long.MIN_VALUE) throw fail("E0502", "integer overflow", site, overflowHelp) else SceneValue.I(-v.v)
        is SceneValue.N -> SceneValue.N(-v.v)
        else -> throw fail("E0408", "'-' needs a number, not ${article(v.typeName)}", site)
    }

    fun plus(v: SceneValue, site: String): SceneValue =
        if (v.numeric != null) v else throw fail("E0408", "'+' needs a number, not ${article(v.typeName)}", site)

    fun not(v: SceneValue, site: String): SceneValue =
        if (v is SceneValue.B) SceneValue.B(!v.v) else throw fail("E0408", "'not' needs a bool, not ${article(v.typeName)}", site)

    /** The operand of `and` / `or`. */
    fun logical(v: SceneValue, op: String, site: String): Boolean =
        (v as? SceneValue.B)?.v ?: throw fail("E0408", "'$op' needs bools, not ${article(v.typeName)}", site)

    /** The test of `?:`. */
    fun condition(v: SceneValue, site: String): Boolean =
        (v as? SceneValue.B)?.v ?: throw fail("E0408", "the condition before '?' must be a bool, not ${article(v.typeName)}", site)

    fun binary(op: String, left: SceneValue, right: SceneValue, site: String): SceneValue {
        when (op) {
            "==", "!=" -> {
                val l = left.numeric
                val r = right.numeric
                val same: Boolean = if (l != null && r != null) {
                    l == r
                } else if (left is SceneValue.L && right is SceneValue.L) {
                    left.v.size == right.v.size && left.v.zip(right.v).all { (x, y) ->
                        val a = x.numeric
                        val b = y.numeric
                        if (a != null && b != null) a == b else x == y
                    }
                } else if (left.typeName == right.typeName) {
                    left == right
                } else {
                    throw fail("E0408", "cannot compare ${article(left.typeName)} with ${article(right.typeName)}", site)
                }
                return SceneValue.B(if (op == "==") same else !same)
            }
            "<", "<=", ">", ">=" -> {
                val l = left.numeric
                val r = right.numeric
                if (l == null || r == null) {
                    val value = if (l == null) left else right
                    throw fail("E0408", "'$op' compares numbers, not ${article(value.typeName)}", site)
                }
                if (left is SceneValue.I && right is SceneValue.I) {
                    val c = left.v.compareTo(right.v)
                    return SceneValue.B(when (op) { "<" -> c < 0; "<=" -> c <= 0; ">" -> c > 0; else -> c >= 0 })
                }
                return SceneValue.B(when (op) { "<" -> l < r; "<=" -> l <= r; ">" -> l > r; else -> l >= r })
            }
            "+" -> {
                if (left is SceneValue.S && right is SceneValue.S) {
                    val joined = left.v + right.v
                    if (joined.toByteArray(Charsets.UTF_8).size > maxStringLength) {
                        throw fail("E0609", "string is longer than the limit of $maxStringLength bytes", site, "shorten the text")
                    }
                    return SceneValue.S(joined)
                }
                return arithmetic(op, left, right, site)
            }
            else -> return arithmetic(op, left, right, site)
        }
    }

    private fun arithmetic(op: String, left: SceneValue, right: SceneValue, site: String): SceneValue {
        val l = left.numeric ?: throw fail("E0408", "'$op' needs numbers, not ${article(left.typeName)}", site)
        val r = right.numeric ?: throw fail("E0408", "'$op' needs numbers, not ${article(right.typeName)}", site)
        if (left is SceneValue.I && right is SceneValue.I) {
            val a = left.v
            val b = right.v
            try {
                return when (op) {
                    "+" -> SceneValue.I(Math.addExact(a, b))
                    "-" -> SceneValue.I(Math.subtractExact(a, b))
                    "*" -> SceneValue.I(Math.multiplyExact(a, b))
                    "//", "%" -> {
                        if (b == 0L) throw fail("E0501", "division by zero", site, divisionHelp)
                        if (a == Long.MIN_VALUE && b == -1L) throw fail("E0502", "integer overflow", site, overflowHelp)
                        SceneValue.I(if (op == "//") a / b else a % b)
                    }
                    "/" -> {
                        if (b == 0L) throw fail("E0501", "division by zero", site, divisionHelp)
                        SceneValue.N(a.toDouble() / b.toDouble())
                    }
                    else -> throw fail("E0408", "'$op' is not arithmetic", site)
                }
            } catch (e: ArithmeticException) {
                throw fail("E0502", "integer overflow", site, overflowHelp)
            }
        }
        val value = when (op) {
            "+" -> l + r
            "-" -> l - r
            "*" -> l * r
            "/" -> { if (r == 0.0) throw fail("E0501", "division by zero", site, divisionHelp); l / r }
            "%" -> { if (r == 0.0) throw fail("E0501", "division by zero", site, divisionHelp); l % r }
            "//" -> throw fail("E0408", "'//' divides ints, not numbers", site, "use floor(a / b) for numbers, or '/' for exact division")
            else -> throw fail("E0408", "'$op' is not arithmetic", site)
        }
        return finite(value, site)
    }

    /** `list[index]`. */
    fun index(base: SceneValue, position: SceneValue, site: String): SceneValue {
        if (base !is SceneValue.L) throw fail("E0408", "only lists can be indexed, not ${article(base.typeName)}", site)
        if (position !is SceneValue.I) {
            throw fail("E0408", "a list index must be an int, not ${article(position.typeName)}", site,
                if (position.numeric != null) "convert it with int(…)" else null)
        }
        val items = base.v
        val i = position.v
        if (i < 0 || i >= items.size) throw outOfRange(i, items.size, site)
        return items[i.toInt()]
    }

    fun outOfRange(i: Long, count: Int, site: String) =
        fail("E0504", "index $i is out of range for a list of $count element${if (count == 1) "" else "s"}", site,
            if (count == 0) "the list is empty" else "valid indices are 0 to ${count - 1}")

    /** A list literal: one kind of element, at most `maxListLength`. */
    fun list(elements: List<SceneValue>, site: String): SceneValue {
        if (elements.size > maxListLength) {
            throw fail("E0608", "list has ${elements.size} elements; the limit is $maxListLength", site, "make the list shorter")
        }
        for (element in elements) {
            if (element.numeric == null && element !is SceneValue.S && element !is SceneValue.C) {
                throw fail("E0408", "lists hold numbers, strings or colors, not ${article(element.typeName)}", site)
            }
            if (!SceneValue.sameListKind(elements[0], element)) {
                throw fail("E0408", "a list holds one kind of element: this is ${article(element.typeName)} in a list of ${elements[0].listKindName}", site)
            }
        }
        return SceneValue.L(elements)
    }

    /** The values of `<for var from to|through step>`, counted and reserved first. */
    fun range(fromValue: SceneValue, endValue: SceneValue, stepValue: SceneValue, inclusive: Boolean, budget: SceneBudget, site: String): List<SceneValue> {
        for (v in listOf(fromValue, endValue, stepValue)) {
            if (v.numeric == null) throw fail("E0408", "a loop bound must be a number, not ${article(v.typeName)}", site)
        }
        val stepHelp = "a loop with step 0 never ends: count up with a positive step, down with a negative one"
        val half = Long.MAX_VALUE / 2
        if (fromValue is SceneValue.I && endValue is SceneValue.I && stepValue is SceneValue.I) {
            val from = fromValue.v
            val step = stepValue.v
            if (step == 0L) throw fail("E0508", "'step' cannot be 0", site, stepHelp)
            val ratio = (endValue.v.toDouble() - from.toDouble()) / step.toDouble()
            val n = Math.max(0.0, if (inclusive) Math.floor(ratio) + 1 else Math.ceil(ratio))
            budget.reserve(if (n > half.toDouble()) half else n.toLong(), site)
            val values = ArrayList<SceneValue>()
            var k = 0L
            while (k.toDouble() < n) {
                try {
                    values.add(SceneValue.I(Math.addExact(from, Math.multiplyExact(k, step))))
                } catch (e: ArithmeticException) {
                    break
                }
                k += 1
            }
            return values
        }
        val from = fromValue.numeric!!
        val end = endValue.numeric!!
        val step = stepValue.numeric!!
        if (step == 0.0) throw fail("E0508", "'step' cannot be 0", site, stepHelp)
        // Values are from + k·step; an inclusive end within a millionth of a step still counts.
        val ratio = (end - from) / step
        val n = Math.max(0.0, if (inclusive) Math.floor(ratio + 1e-6) + 1 else Math.ceil(ratio - 1e-6))
        if (n.isNaN() || n.isInfinite()) throw fail("E0503", "the loop's range is not finite", site)
        budget.reserve(if (n > half.toDouble()) half else n.toLong(), site)
        val values = ArrayList<SceneValue>()
        var k = 0L
        while (k.toDouble() < n) {
            values.add(SceneValue.N(from + k.toDouble() * step))
            k += 1
        }
        return values
    }

    /** The elements of `<for var in=list>`, reserved first. */
    fun elements(list: SceneValue, budget: SceneBudget, site: String): List<SceneValue> {
        if (list !is SceneValue.L) throw fail("E0408", "'in' must be a list, not ${article(list.typeName)}", site)
        budget.reserve(list.v.size.toLong(), site)
        return list.v
    }

    /** `builtin(…)`: SceneBuiltins, where every builtin function is. */
    fun call(function: String, values: List<SceneValue>, site: String): SceneValue = SceneBuiltins(function, values, site).run()
}
