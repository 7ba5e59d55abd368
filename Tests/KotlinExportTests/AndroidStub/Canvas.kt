// android.graphics.Canvas for the recorder: draws nothing, records every call as display-list
// operations (the Core Graphics recorder's rules, Tests/CoreGraphicsRecorder/CGContext.swift, in
// Android's terms):
// - `concat` opens a group that lasts until the `restore` that undoes it; transforms in a row, before
//   anything is drawn in them, make one group (their product);
// - `clipPath` opens a clip the same way; `saveLayerAlpha` and `saveLayer` open a layer with that
//   alpha (and the paint's blend mode);
// - a mask (SceneMasks in the generated runtime): `saveLayer(null, null)`, the mask's content, then
//   `saveLayer` with PorterDuff.Mode.SRC_IN and the masked drawing; the content of a luminance mask
//   is drawn in a `saveLayer` whose paint's ColorMatrixColorFilter makes the luminance the alpha,
//   over `drawColor(Color.BLACK)`. The SRC_IN layer turns the layer around it into a mask: what was
//   drawn in it so far is the content, what the SRC_IN layer holds the masked items;
// - `drawPath`, `drawPaint` and `drawText` record one operation with the paint's color (8 bits a
//   channel, its alpha the operation's opacity folded in) or shader (the paint's alpha the opacity).
package android.graphics

class Canvas {
    private sealed class Kind {
        object Root : Kind()
        class Group(val t: DoubleArray) : Kind()
        class Clip(val path: String, val rule: String) : Kind()
        class Layer(val opacity: Double, val blend: String) : Kind()
        /** The layer of a luminance mask's content; `underlaid` once its black is drawn. */
        class Luminance(var underlaid: Boolean = false) : Kind()
        /** A mask: its content, and (as the container's items) the masked drawing. */
        class Mask(val mode: String, val content: List<String>) : Kind()
        /** The SRC_IN layer of a mask: its items are the mask's masked items. */
        object Masked : Kind()
    }

    /** `luminance`: a luminance mask's content layer was closed in it (the mask's mode). */
    private class Container(var kind: Kind) { val items = ArrayList<String>(); var luminance = false }

    private val containers = arrayListOf(Container(Kind.Root))
    /** Per save: the containers open when it was made (its restore closes those opened since). */
    private val saves = ArrayList<Int>()
    private var openAtSave = 1
    /** Calls the recorder cannot express as display-list operations; a test fails on any. */
    val problems = ArrayList<String>()

    fun getSaveCount() = saves.size + 1

    fun save(): Int {
        val count = getSaveCount()
        saves.add(openAtSave)
        openAtSave = containers.size
        return count
    }

    fun saveLayerAlpha(bounds: RectF?, alpha: Int): Int {
        if (bounds != null) problems.add("saveLayerAlpha with bounds")
        val count = save()
        containers.add(Container(Kind.Layer((alpha and 255) / 255.0, "normal")))
        return count
    }

    /** A layer composited with the paint's alpha and blend mode (API 21's signature). */
    fun saveLayer(bounds: RectF?, paint: Paint?): Int {
        if (bounds != null) problems.add("saveLayer with bounds")
        if (paint?.shader != null || paint?.pathEffect != null) problems.add("saveLayer with a paint that draws")
        val filter = paint?.colorFilter
        val xfermode = paint?.xfermode
        if (paint != null && filter != null) {
            if (filter !is ColorMatrixColorFilter || !filter.array.contentEquals(luminanceToAlpha)) problems.add("a color filter other than luminance to alpha")
            if (paint.alpha != 255 || paint.blendMode != null || xfermode != null) problems.add("a luminance layer with an alpha or a blend mode")
            val count = save()
            containers.add(Container(Kind.Luminance()))
            return count
        }
        if (xfermode != null) {
            if (xfermode !is PorterDuffXfermode || xfermode.mode != PorterDuff.Mode.SRC_IN) problems.add("a transfer mode other than SRC_IN")
            val holder = containers.last()
            val kind = holder.kind
            if (kind !is Kind.Layer || kind.opacity != 1.0 || kind.blend != "normal" || containers.size <= openAtSave) {
                problems.add("a SRC_IN layer that is not the first inside a plain layer")
            } else {
                holder.kind = Kind.Mask(if (holder.luminance) "luminance" else "alpha", ArrayList(holder.items))
                holder.items.clear()
            }
            val count = save()
            containers.add(Container(Kind.Masked))
            return count
        }
        val count = save()
        containers.add(Container(Kind.Layer((paint?.alpha ?: 255) / 255.0, blendOf(paint))))
        return count
    }

    /** Only the black under a luminance mask's content (see the header). */
    fun drawColor(color: Int) {
        val kind = containers.last().kind
        if (kind is Kind.Luminance && !kind.underlaid && containers.last().items.isEmpty() && color == Color.BLACK) {
            kind.underlaid = true
        } else {
            problems.add("drawColor outside a luminance mask's content")
        }
    }

    /** The paint's blend mode as the display list's keyword. */
    private fun blendOf(paint: Paint?): String {
        val mode = paint?.blendMode ?: return "normal"
        return when (mode) {
            BlendMode.SRC_OVER -> "normal"
            BlendMode.MULTIPLY, BlendMode.SCREEN, BlendMode.OVERLAY, BlendMode.DARKEN, BlendMode.LIGHTEN, BlendMode.SOFT_LIGHT,
            BlendMode.HARD_LIGHT, BlendMode.DIFFERENCE, BlendMode.EXCLUSION -> mode.name.toLowerCase().replace('_', '-')
            else -> { problems.add("blend mode $mode"); "normal" }
        }
    }

    fun restore() {
        if (saves.isEmpty()) { problems.add("restore without save"); return }
        close(openAtSave)
        openAtSave = saves.removeAt(saves.size - 1)
    }

    fun restoreToCount(saveCount: Int) {
        if (saveCount < 1 || saveCount > getSaveCount()) { problems.add("restoreToCount($saveCount)"); return }
        while (getSaveCount() > saveCount) restore()
    }

    fun concat(matrix: Matrix?) {
        if (matrix == null) return
        val v = matrix.values
        if (!matrix.isAffine()) problems.add("a perspective matrix")
        // a, b, c, d, tx, ty as the display list's transform.
        val local = doubleArrayOf(v[0].toDouble(), v[3].toDouble(), v[1].toDouble(), v[4].toDouble(), v[2].toDouble(), v[5].toDouble())
        val top = containers.last()
        val kind = top.kind
        if (kind is Kind.Group && containers.size > openAtSave) {
            if (top.items.isEmpty()) {
                top.kind = Kind.Group(product(local, kind.t))
            } else {
                close(containers.size - 1)
                containers.add(Container(Kind.Group(product(local, kind.t))))
            }
        } else {
            containers.add(Container(Kind.Group(local)))
        }
    }

    fun translate(dx: Float, dy: Float) {
        val m = Matrix(); m.setValues(floatArrayOf(1f, 0f, dx, 0f, 1f, dy, 0f, 0f, 1f)); concat(m)
    }

    fun scale(sx: Float, sy: Float) {
        val m = Matrix(); m.setValues(floatArrayOf(sx, 0f, 0f, 0f, sy, 0f, 0f, 0f, 1f)); concat(m)
    }

    fun clipPath(path: Path): Boolean {
        containers.add(Container(Kind.Clip(Json.path(path), rule(path))))
        return true
    }

    fun drawPath(path: Path, paint: Paint) {
        val (p, opacity) = paintOf(paint)
        when (paint.style) {
            Paint.Style.FILL -> record("fill", "\"path\":${Json.path(path)},\"paint\":$p,\"rule\":\"${rule(path)}\",\"opacity\":${Json.n(opacity)}", paint)
            Paint.Style.STROKE -> {
                val effect = paint.pathEffect
                if (effect != null && effect !is DashPathEffect) problems.add("a path effect other than dashes")
                val dash = (effect as? DashPathEffect)?.intervals?.map { it.toDouble() } ?: emptyList()
                val phase = (effect as? DashPathEffect)?.phase?.toDouble() ?: 0.0
                if (paint.strokeWidth == 0f) problems.add("a stroke width of 0 is a hairline on Android")
                val style = "{\"width\":${Json.n(paint.strokeWidth.toDouble())},\"cap\":\"${paint.strokeCap.name.toLowerCase()}\"," +
                    "\"join\":\"${paint.strokeJoin.name.toLowerCase()}\",\"miterLimit\":${Json.n(paint.strokeMiter.toDouble())}," +
                    "\"dash\":[${dash.joinToString(",") { Json.n(it) }}],\"dashPhase\":${Json.n(phase)}}"
                record("stroke", "\"path\":${Json.path(path)},\"paint\":$p,\"style\":$style,\"opacity\":${Json.n(opacity)}", paint)
            }
            else -> problems.add("paint style ${paint.style}")
        }
    }

    fun drawPaint(paint: Paint) {
        val (p, opacity) = paintOf(paint)
        record("paint", "\"paint\":$p,\"opacity\":${Json.n(opacity)}", paint)
    }

    fun drawText(text: String, x: Float, y: Float, paint: Paint) {
        if (paint.shader != null) problems.add("text with a shader")
        val anchor = when (paint.textAlign) { Paint.Align.LEFT -> "start"; Paint.Align.CENTER -> "middle"; Paint.Align.RIGHT -> "end" }
        val face = paint.typeface
        if (face == null) problems.add("text without a typeface")
        record("text", "\"string\":${Json.s(text)},\"position\":[${Json.n(x.toDouble())},${Json.n(y.toDouble())}],\"anchor\":\"$anchor\"," +
            "\"fontFamily\":${Json.s(face?.familyName ?: "")},\"fontSize\":${Json.n(paint.textSize.toDouble())},\"fontWeight\":${face?.weight ?: 400}," +
            "\"color\":${Json.color(paint.color)},\"opacity\":1", paint)
    }

    /** The paint as the display list's paint, and the operation's opacity. */
    private fun paintOf(paint: Paint): Pair<String, Double> {
        val shader = paint.shader ?: return Pair("{\"color\":${Json.color(paint.color)}}", 1.0)
        val opacity = paint.alpha / 255.0
        fun stops(colors: IntArray, positions: FloatArray?): String {
            if (positions != null && positions.size != colors.size) problems.add("gradient positions and colors differ in count")
            return colors.indices.joinToString(",", "[", "]") { i ->
                val offset = positions?.get(i)?.toDouble() ?: (if (colors.size == 1) 0.0 else i.toDouble() / (colors.size - 1))
                "{\"offset\":${Json.n(offset)},\"color\":${Json.color(colors[i])}}"
            }
        }
        fun extend(tile: Shader.TileMode): String = when (tile) {
            Shader.TileMode.CLAMP -> "both"
            Shader.TileMode.DECAL -> "none"
            else -> { problems.add("tile mode $tile"); "none" }
        }
        return when (shader) {
            is LinearGradient -> Pair("{\"linearGradient\":{\"stops\":${stops(shader.colors, shader.positions)}," +
                "\"start\":[${Json.n(shader.x0.toDouble())},${Json.n(shader.y0.toDouble())}],\"end\":[${Json.n(shader.x1.toDouble())},${Json.n(shader.y1.toDouble())}]," +
                "\"extend\":\"${extend(shader.tile)}\"}}", opacity)
            is RadialGradient -> Pair("{\"radialGradient\":{\"stops\":${stops(shader.colors, shader.positions)}," +
                "\"startCenter\":[${Json.n(shader.startX.toDouble())},${Json.n(shader.startY.toDouble())}],\"startRadius\":${Json.n(shader.startRadius.toDouble())}," +
                "\"endCenter\":[${Json.n(shader.endX.toDouble())},${Json.n(shader.endY.toDouble())}],\"endRadius\":${Json.n(shader.endRadius.toDouble())}," +
                "\"extend\":\"${extend(shader.tile)}\"}}", opacity)
            is SweepGradient -> {
                // The start angle is the local matrix's rotation, which must turn about the center.
                val m = shader.localMatrix?.values ?: floatArrayOf(1f, 0f, 0f, 0f, 1f, 0f, 0f, 0f, 1f)
                val movedX = m[0] * shader.cx + m[1] * shader.cy + m[2] - shader.cx
                val movedY = m[3] * shader.cx + m[4] * shader.cy + m[5] - shader.cy
                if (Math.abs(movedX) > 1e-3 || Math.abs(movedY) > 1e-3) problems.add("a sweep gradient turned about another point than its center")
                if (Math.abs(m[0] * m[4] - m[1] * m[3] - 1f) > 1e-4 || Math.abs(m[0] - m[4]) > 1e-4) problems.add("a sweep gradient's matrix is not a rotation")
                val angle = Math.atan2(m[3].toDouble(), m[0].toDouble())
                Pair("{\"conicGradient\":{\"stops\":${stops(shader.colors, shader.positions)}," +
                    "\"center\":[${Json.n(shader.cx.toDouble())},${Json.n(shader.cy.toDouble())}],\"startAngle\":${Json.n(angle)}}}", opacity)
            }
            else -> { problems.add("a shader the recorder does not know"); Pair("{\"color\":${Json.color(0)}}", 1.0) }
        }
    }

    private fun rule(path: Path) = when (path.fillType) {
        Path.FillType.WINDING -> "nonzero"
        Path.FillType.EVEN_ODD -> "evenodd"
        else -> { problems.add("inverse fill type"); "nonzero" }
    }

    private fun record(kind: String, body: String, paint: Paint) {
        val blend = blendOf(paint)
        if (blend != "normal" && kind == "text") problems.add("text with a blend mode")
        val blendKey = if (blend == "normal") "" else ",\"blend\":\"$blend\""
        containers.last().items.add("{\"$kind\":{$body$blendKey,\"source\":${Json.source}}}")
    }

    private fun close(downTo: Int) {
        while (containers.size > Math.max(1, downTo)) {
            val closed = containers.removeAt(containers.size - 1)
            val kind = closed.kind
            if (kind is Kind.Luminance) {
                if (!kind.underlaid) problems.add("a luminance mask's content without its black")
                containers.last().luminance = true
            }
            if (closed.items.isEmpty()) continue  // a container in which nothing was drawn draws nothing
            // The SRC_IN layer's items are the mask's masked items; a luminance layer's, its content.
            if (kind is Kind.Masked || kind is Kind.Luminance) { containers.last().items.addAll(closed.items); continue }
            // A mask whose content draws nothing shows nothing.
            if (kind is Kind.Mask && kind.content.isEmpty()) continue
            val items = closed.items.joinToString(",", "[", "]")
            containers.last().items.add(when (kind) {
                is Kind.Group -> "{\"group\":{\"transform\":[${kind.t.joinToString(",") { Json.n(it) }}],\"items\":$items,\"source\":${Json.source}}}"
                is Kind.Clip -> "{\"clip\":{\"path\":${kind.path},\"rule\":\"${kind.rule}\",\"items\":$items,\"source\":${Json.source}}}"
                is Kind.Layer -> "{\"layer\":{\"opacity\":${Json.n(kind.opacity)}" +
                    (if (kind.blend == "normal") "" else ",\"blend\":\"${kind.blend}\"") + ",\"items\":$items,\"source\":${Json.source}}}"
                is Kind.Mask ->
                    "{\"mask\":{\"mode\":\"${kind.mode}\",\"content\":${kind.content.joinToString(",", "[", "]")},\"items\":$items,\"source\":${Json.source}}}"
                is Kind.Luminance, Kind.Masked -> items
                Kind.Root -> items
            })
        }
    }

    /** What was drawn, every open container closed, as the display list's JSON. */
    fun displayListJSON(width: Double, height: Double): String {
        if (saves.isNotEmpty()) problems.add("${saves.size} save without restore")
        close(1)
        return "{\"width\":${Json.n(width)},\"height\":${Json.n(height)},\"items\":${containers[0].items.joinToString(",", "[", "]")}}"
    }

    companion object {
        /** The generated runtime's luminance weights (SceneMasks.luminanceToAlpha): alpha only. */
        val luminanceToAlpha = floatArrayOf(0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f, 0.2125f, 0.7154f, 0.0721f, 0f, 0f)

        /** t1 applied first, then t2. */
        fun product(t1: DoubleArray, t2: DoubleArray) = doubleArrayOf(
            t1[0] * t2[0] + t1[1] * t2[2], t1[0] * t2[1] + t1[1] * t2[3],
            t1[2] * t2[0] + t1[3] * t2[2], t1[2] * t2[1] + t1[3] * t2[3],
            t1[4] * t2[0] + t1[5] * t2[2] + t2[4], t1[4] * t2[1] + t1[5] * t2[3] + t2[5])
    }
}

/** The display list's JSON shapes (Sources/DisplayList/DisplayListCoding.swift). */
object Json {
    const val source = "{\"file\":0,\"start\":0,\"end\":0}"

    fun n(v: Double): String = if (v.isNaN() || v.isInfinite()) "null" else if (v == Math.rint(v) && Math.abs(v) < 1e15) v.toLong().toString() else v.toString()

    fun s(text: String): String {
        val out = StringBuilder("\"")
        for (ch in text) {
            when {
                ch == '"' -> out.append("\\\"")
                ch == '\\' -> out.append("\\\\")
                ch < ' ' -> out.append(String.format("\\u%04x", ch.toInt()))
                else -> out.append(ch)
            }
        }
        return out.append("\"").toString()
    }

    fun color(argb: Int): String {
        fun c(shift: Int) = n(((argb ushr shift) and 255) / 255.0)
        return "{\"red\":${c(16)},\"green\":${c(8)},\"blue\":${c(0)},\"alpha\":${c(24)}}"
    }

    fun path(path: Path): String = path.segments.joinToString(",", "[", "]") { s ->
        when (s) {
            is Segment.Move -> "{\"move\":[${n(s.x)},${n(s.y)}]}"
            is Segment.Line -> "{\"line\":[${n(s.x)},${n(s.y)}]}"
            is Segment.Quad -> "{\"quad\":[[${n(s.cx)},${n(s.cy)}],[${n(s.x)},${n(s.y)}]]}"
            is Segment.Cubic -> "{\"cubic\":[[${n(s.c1x)},${n(s.c1y)}],[${n(s.c2x)},${n(s.c2y)}],[${n(s.x)},${n(s.y)}]]}"
            is Segment.Arc -> "{\"arc\":[${n(s.cx)},${n(s.cy)},${n(s.rx)},${n(s.ry)},${n(s.start)},${n(s.sweep)}]}"
            Segment.Close -> "{\"close\":true}"
        }
    }
}
