// How generated code draws with android.graphics: each operation the evaluator would put in the
// display list becomes one Canvas call with a Paint of its own. Android's graphics take floats and
// 8-bit colors: values are computed in doubles, as the evaluator does, and rounded once, here.
// An operation's opacity is folded into its paint's alpha (a color's alpha times the opacity); a
// blend mode is the paint's BlendMode (API 29), a blended group a layer composited with it.

/** A stroke's geometry (the display list's StrokeStyle). */
class SceneStroke {
    var width = 1.0
    var cap = "butt"
    var join = "miter"
    var miterLimit = 10.0
    var dash: List<Double> = emptyList()
    var dashPhase = 0.0
}

/** How a scene's natural size fits the frame it is drawn in (PaintCode's resizing behaviours). */
enum class SceneResizing {
    /** The whole scene, as large as fits, centered; its proportions kept. */
    ASPECT_FIT,
    /** The frame covered, centered, proportions kept; what overflows is still drawn. */
    ASPECT_FILL,
    /** The scene stretched to the frame. */
    STRETCH,
    /** The natural size, centered in the frame. */
    CENTER;

    /** x, y, width, height the scene's size is drawn into inside the frame; null when a side is 0 or not finite. */
    fun apply(width: Double, height: Double, x: Double, y: Double, frameWidth: Double, frameHeight: Double): DoubleArray? {
        val values = listOf(width, height, x, y, frameWidth, frameHeight)
        if (values.any { it.isNaN() || it.isInfinite() } || !(width > 0) || !(height > 0) || frameWidth == 0.0 || frameHeight == 0.0) return null
        val left = Math.min(x, x + frameWidth)
        val top = Math.min(y, y + frameHeight)
        val w = Math.abs(frameWidth)
        val h = Math.abs(frameHeight)
        var scaleX = w / width
        var scaleY = h / height
        when (this) {
            ASPECT_FIT -> { scaleX = Math.min(scaleX, scaleY); scaleY = scaleX }
            ASPECT_FILL -> { scaleX = Math.max(scaleX, scaleY); scaleY = scaleX }
            STRETCH -> {}
            CENTER -> { scaleX = 1.0; scaleY = 1.0 }
        }
        return doubleArrayOf(left + (w - width * scaleX) / 2, top + (h - height * scaleY) / 2, width * scaleX, height * scaleY)
    }
}

/** Transforms as the evaluator composes them (a, b, c, d, tx, ty): exact quarter turns, a group's
 *  translate · rotate about the pivot · scale, in that order from the parent's side. */
object SceneTransforms {
    /** t1 applied first, then t2 (the evaluator's `concatenating`, term for term). */
    fun product(t1: DoubleArray, t2: DoubleArray) = doubleArrayOf(
        t1[0] * t2[0] + t1[1] * t2[2], t1[0] * t2[1] + t1[1] * t2[3],
        t1[2] * t2[0] + t1[3] * t2[2], t1[2] * t2[1] + t1[3] * t2[3],
        t1[4] * t2[0] + t1[5] * t2[2] + t2[4], t1[4] * t2[1] + t1[5] * t2[3] + t2[5])

    val identity = doubleArrayOf(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    fun isIdentity(t: DoubleArray) = t[0] == 1.0 && t[1] == 0.0 && t[2] == 0.0 && t[3] == 1.0 && t[4] == 0.0 && t[5] == 0.0

    fun translation(x: Double, y: Double) = doubleArrayOf(1.0, 0.0, 0.0, 1.0, x, y)

    /** `<concatenate a b c d tx ty>`: any affine matrix, as the evaluator reads it. */
    fun concatenation(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) = doubleArrayOf(a, b, c, d, tx, ty)

    fun scale(x: Double, y: Double) = doubleArrayOf(x, 0.0, 0.0, y, 0.0, 0.0)

    fun rotation(angle: Double, pivotX: Double, pivotY: Double): DoubleArray {
        val (s, c) = SceneRuntime.exactSinCos(angle)
        val turn = doubleArrayOf(c, s, -s, c, 0.0, 0.0)
        if (pivotX == 0.0 && pivotY == 0.0) return turn
        return product(product(translation(-pivotX, -pivotY), turn), translation(pivotX, pivotY))
    }

    /** `<group x y rotate pivotX pivotY scaleX scaleY>`. */
    fun group(x: Double, y: Double, rotate: Double, pivotX: Double, pivotY: Double, scaleX: Double, scaleY: Double) =
        product(product(scale(scaleX, scaleY), rotation(rotate, pivotX, pivotY)), translation(x, y))

    /** The transform as android.graphics.Matrix: x' = a·x + c·y + tx, y' = b·x + d·y + ty. */
    fun matrix(t: DoubleArray): android.graphics.Matrix {
        val m = android.graphics.Matrix()
        m.setValues(floatArrayOf(t[0].toFloat(), t[2].toFloat(), t[4].toFloat(), t[1].toFloat(), t[3].toFloat(), t[5].toFloat(), 0f, 0f, 1f))
        return m
    }
}

/** Drawing calls: the paints of one operation, and the operation. */
object SceneDraw {
    fun argb(c: SceneColor, opacity: Double): Int = android.graphics.Color.argb(
        SceneColor.byte(c.alpha * opacity), SceneColor.byte(c.red), SceneColor.byte(c.green), SceneColor.byte(c.blue))

    private fun tileMode(extend: String) =
        if (extend == "both") android.graphics.Shader.TileMode.CLAMP else android.graphics.Shader.TileMode.DECAL

    /** A paint for one operation: its color with the opacity folded into the alpha, or its gradient
     *  (Android needs two stops at least: a lone stop is given twice, which paints the same). */
    fun paint(p: ScenePaint, opacity: Double, blend: String = "normal"): android.graphics.Paint {
        val paint = android.graphics.Paint(android.graphics.Paint.ANTI_ALIAS_FLAG)
        if (blend != "normal") paint.blendMode = blendMode(blend)
        when (p) {
            is ScenePaint.Solid -> { paint.color = argb(p.color, opacity); return paint }
            is ScenePaint.Linear -> paint.shader = android.graphics.LinearGradient(p.x0.toFloat(), p.y0.toFloat(), p.x1.toFloat(), p.y1.toFloat(),
                colors(p.gradient), positions(p.gradient), tileMode(p.gradient.extend))
            is ScenePaint.Radial -> paint.shader = if (p.r0 == 0.0 && p.x0 == p.x1 && p.y0 == p.y1 && p.r1 > 0) {
                android.graphics.RadialGradient(p.x1.toFloat(), p.y1.toFloat(), p.r1.toFloat(), colors(p.gradient), positions(p.gradient),
                    tileMode(p.gradient.extend))
            } else {
                // Two circles: the constructor of API 31.
                android.graphics.RadialGradient(p.x0.toFloat(), p.y0.toFloat(), p.r0.toFloat(), p.x1.toFloat(), p.y1.toFloat(), p.r1.toFloat(),
                    colors(p.gradient).map { android.graphics.Color.pack(it) }.toLongArray(), positions(p.gradient), tileMode(p.gradient.extend))
            }
            // SweepGradient starts at 3 o'clock and turns clockwise on Android's y-down canvas, as
            // scenec's conic gradient does from angle 0: the start angle is a rotation about the center.
            is ScenePaint.Conic -> paint.shader = android.graphics.SweepGradient(p.cx.toFloat(), p.cy.toFloat(), colors(p.gradient),
                positions(p.gradient)).also { sweep ->
                val turn = android.graphics.Matrix()
                turn.setRotate(Math.toDegrees(p.angle).toFloat(), p.cx.toFloat(), p.cy.toFloat())
                sweep.setLocalMatrix(turn)
            }
        }
        paint.alpha = SceneColor.byte(opacity)
        return paint
    }

    /** A scene's blend mode (a CSS keyword, such as "soft-light") as android.graphics.BlendMode (API 29). */
    fun blendMode(word: String): android.graphics.BlendMode = android.graphics.BlendMode.valueOf(word.toUpperCase(java.util.Locale.ROOT).replace('-', '_'))

    /** A blended `<group>`: its drawing in a layer composited with the blend mode; the caller restores it. */
    fun blendLayer(blend: String, canvas: android.graphics.Canvas?) {
        if (canvas == null) return
        val paint = android.graphics.Paint()
        paint.blendMode = blendMode(blend)
        canvas.saveLayer(null, paint)
    }

    private fun twice(g: SceneGradient) = g.offsets.size == 1

    private fun colors(g: SceneGradient): IntArray {
        val colors = g.colors.map { argb(it, 1.0) }
        return (if (twice(g)) colors + colors else colors).toIntArray()
    }

    private fun positions(g: SceneGradient): FloatArray {
        val offsets = g.offsets.map { it.toFloat() }
        return (if (twice(g)) offsets + offsets else offsets).toFloatArray()
    }

    /** A shape's fill, then its stroke: two operations on one path. */
    fun shape(path: ScenePath, fill: ScenePaint?, stroke: ScenePaint?, style: SceneStroke, evenOdd: Boolean, opacity: Double,
              blend: String, canvas: android.graphics.Canvas?) {
        // null: the checking pass, which computes everything and draws nothing (see `draw`).
        if (canvas == null || path.isEmpty) return
        path.path.fillType = if (evenOdd) android.graphics.Path.FillType.EVEN_ODD else android.graphics.Path.FillType.WINDING
        if (fill != null) {
            val paint = paint(fill, opacity, blend)
            paint.style = android.graphics.Paint.Style.FILL
            canvas.drawPath(path.path, paint)
        }
        // A stroke of width 0 draws nothing (as in SVG); on Android it would be a hairline.
        if (stroke != null && style.width > 0) {
            val paint = paint(stroke, opacity, blend)
            paint.style = android.graphics.Paint.Style.STROKE
            paint.strokeWidth = style.width.toFloat()
            paint.strokeCap = when (style.cap) {
                "round" -> android.graphics.Paint.Cap.ROUND; "square" -> android.graphics.Paint.Cap.SQUARE; else -> android.graphics.Paint.Cap.BUTT
            }
            paint.strokeJoin = when (style.join) {
                "round" -> android.graphics.Paint.Join.ROUND; "bevel" -> android.graphics.Paint.Join.BEVEL; else -> android.graphics.Paint.Join.MITER
            }
            paint.strokeMiter = style.miterLimit.toFloat()
            if (style.dash.isNotEmpty()) {
                // Android takes an even count of intervals: an odd list is repeated, as SVG repeats it.
                val dash = if (style.dash.size % 2 == 1) style.dash + style.dash else style.dash
                paint.pathEffect = android.graphics.DashPathEffect(dash.map { it.toFloat() }.toFloatArray(), style.dashPhase.toFloat())
            }
            canvas.drawPath(path.path, paint)
        }
    }

    /** `<paint>`: the whole clip region. */
    fun region(p: ScenePaint, opacity: Double, blend: String, canvas: android.graphics.Canvas?) {
        canvas?.drawPaint(paint(p, opacity, blend))
    }

    /** `<clip>`: the path, with its rule, clips until the enclosing restore. */
    fun clip(path: ScenePath, evenOdd: Boolean, canvas: android.graphics.Canvas?) {
        if (canvas == null) return
        path.path.fillType = if (evenOdd) android.graphics.Path.FillType.EVEN_ODD else android.graphics.Path.FillType.WINDING
        canvas.clipPath(path.path)
    }

    /** `<layer opacity>`: an offscreen layer composited with its alpha; the caller restores it. */
    fun layer(opacity: Double, canvas: android.graphics.Canvas?) {
        canvas?.saveLayerAlpha(null, SceneColor.byte(opacity))
    }

    /** The scene's family in a CSS weight, as Android's text engine finds it. */
    fun typeface(family: String, weight: Int): android.graphics.Typeface = when (weight) {
        400 -> android.graphics.Typeface.create(family, android.graphics.Typeface.NORMAL)
        700 -> android.graphics.Typeface.create(family, android.graphics.Typeface.BOLD)
        // Other CSS weights: the weight constructor of API 28.
        else -> android.graphics.Typeface.create(android.graphics.Typeface.create(family, android.graphics.Typeface.NORMAL), weight, false)
    }

    /** `textWidth(…)`: the advance width of one line, as `drawText` lays it out (`Paint.measureText`). */
    fun textWidth(string: String, family: String, size: Double, weight: Int): Double {
        val paint = android.graphics.Paint(android.graphics.Paint.ANTI_ALIAS_FLAG)
        paint.textSize = size.toFloat()
        paint.typeface = typeface(family, weight)
        return paint.measureText(string).toDouble()
    }

    /** One line of text whose baseline starts (`start`), is centered (`middle`) or ends (`end`) at
     *  (x, y), in the family, size and CSS weight given, with Android's text engine. */
    fun text(string: String, x: Double, y: Double, anchor: String, family: String, size: Double, weight: Int, color: SceneColor,
             opacity: Double, canvas: android.graphics.Canvas?) {
        if (canvas == null || string.length == 0) return
        val paint = android.graphics.Paint(android.graphics.Paint.ANTI_ALIAS_FLAG)
        paint.color = argb(color, opacity)
        paint.textSize = size.toFloat()
        paint.typeface = typeface(family, weight)
        paint.textAlign = when (anchor) {
            "middle" -> android.graphics.Paint.Align.CENTER; "end" -> android.graphics.Paint.Align.RIGHT; else -> android.graphics.Paint.Align.LEFT
        }
        canvas.drawText(string, x.toFloat(), y.toFloat(), paint)
    }
}
