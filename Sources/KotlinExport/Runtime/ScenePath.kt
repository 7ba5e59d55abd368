// A path built as the evaluator's PathBuilder builds it (Grammar.md §10), on an android.graphics.Path:
// rectangles clockwise from the top-left corner, rounded corners as quarter arcs, ovals as one full
// turn from the rightmost point, arcs with UIKit's sweep rules. Android's arcs take degrees, clockwise
// on screen (towards increasing angles in the y-down space scenes draw in), and read a sweep modulo
// 360°: arcs are drawn in pieces of at most half a turn.
class ScenePath {
    val path = android.graphics.Path()
    private var hasCurrent = false
    var isEmpty = true
        private set

    fun move(x: Double, y: Double) {
        path.moveTo(x.toFloat(), y.toFloat())
        hasCurrent = true; isEmpty = false
    }

    private fun needsCurrentPoint(element: String, site: String) {
        if (!hasCurrent) {
            throw SceneDrawError("E0511", "<$element> needs a current point, but the path has none yet", site,
                "start the path with <move x=\"…\" y=\"…\"/>")
        }
    }

    fun line(x: Double, y: Double, site: String) {
        needsCurrentPoint("line", site)
        path.lineTo(x.toFloat(), y.toFloat())
    }

    fun quad(x: Double, y: Double, cx: Double, cy: Double, site: String) {
        needsCurrentPoint("quad", site)
        path.quadTo(cx.toFloat(), cy.toFloat(), x.toFloat(), y.toFloat())
    }

    fun curve(x: Double, y: Double, cx1: Double, cy1: Double, cx2: Double, cy2: Double, site: String) {
        needsCurrentPoint("curve", site)
        path.cubicTo(cx1.toFloat(), cy1.toFloat(), cx2.toFloat(), cy2.toFloat(), x.toFloat(), y.toFloat())
    }

    fun close(site: String) {
        needsCurrentPoint("close", site)
        path.close()
    }

    /** `<rect>`: standardized; each corner radius clamped to half the shorter side. */
    fun rect(x: Double, y: Double, width: Double, height: Double, tl0: Double, tr0: Double, br0: Double, bl0: Double, site: String) {
        for (r in listOf(tl0, tr0, br0, bl0)) {
            if (r < 0) throw SceneDrawError("E0507", "a corner radius cannot be negative (${SceneText.readable(r)})", site)
        }
        val minX = Math.min(x, x + width)
        val minY = Math.min(y, y + height)
        val w = Math.abs(width)
        val h = Math.abs(height)
        val limit = Math.min(w, h) / 2
        val tl = Math.min(tl0, limit); val tr = Math.min(tr0, limit); val br = Math.min(br0, limit); val bl = Math.min(bl0, limit)
        hasCurrent = true; isEmpty = false
        if (tl == 0.0 && tr == 0.0 && br == 0.0 && bl == 0.0) {
            path.addRect(minX.toFloat(), minY.toFloat(), (minX + w).toFloat(), (minY + h).toFloat(), android.graphics.Path.Direction.CW)
            return
        }
        val maxX = minX + w
        val maxY = minY + h
        move(minX + tl, minY)
        path.lineTo((maxX - tr).toFloat(), minY.toFloat())
        if (tr > 0) quarter(maxX - tr, minY + tr, tr, -90.0)
        path.lineTo(maxX.toFloat(), (maxY - br).toFloat())
        if (br > 0) quarter(maxX - br, maxY - br, br, 0.0)
        path.lineTo((minX + bl).toFloat(), maxY.toFloat())
        if (bl > 0) quarter(minX + bl, maxY - bl, bl, 90.0)
        path.lineTo(minX.toFloat(), (minY + tl).toFloat())
        if (tl > 0) quarter(minX + tl, minY + tl, tl, 180.0)
        path.close()
    }

    private fun quarter(cx: Double, cy: Double, r: Double, fromDegrees: Double) {
        path.arcTo(bounds(cx, cy, r, r), fromDegrees.toFloat(), 90f, false)
    }

    private fun bounds(cx: Double, cy: Double, rx: Double, ry: Double) =
        android.graphics.RectF((cx - rx).toFloat(), (cy - ry).toFloat(), (cx + rx).toFloat(), (cy + ry).toFloat())

    /** `<oval>` and `<circle>`: the ellipse in the standardized rectangle. */
    fun oval(x: Double, y: Double, width: Double, height: Double) {
        val left = Math.min(x, x + width)
        val top = Math.min(y, y + height)
        path.addOval(android.graphics.RectF(left.toFloat(), top.toFloat(), (left + Math.abs(width)).toFloat(), (top + Math.abs(height)).toFloat()),
            android.graphics.Path.Direction.CW)
        hasCurrent = true; isEmpty = false
    }

    fun circle(cx: Double, cy: Double, radius: Double, site: String) {
        if (radius < 0) throw SceneDrawError("E0507", "radius cannot be negative (${SceneText.readable(radius)})", site)
        oval(cx - radius, cy - radius, 2 * radius, 2 * radius)
    }

    /** `<arc>`: UIKit's `clockwise` (on screen); at most 64 turns. */
    fun arc(cx: Double, cy: Double, radius: Double, startAngle: Double, endAngle: Double, clockwise: Boolean, site: String) {
        if (radius < 0) throw SceneDrawError("E0507", "radius cannot be negative (${SceneText.readable(radius)})", site)
        val sweep = sweep(startAngle, endAngle, clockwise)
        if (Math.abs(sweep) > 64 * 2 * Math.PI) {
            throw SceneDrawError("E0613", "this arc sweeps more than 64 turns; the limit is 64", site,
                "angles are in radians: convert degrees with radians(…)")
        }
        pieces(cx, cy, radius, radius, startAngle, sweep)
    }

    /** An arc of `<path d=…>` (SVG's `A`, already in centre form) from the current point. */
    fun continueArc(cx: Double, cy: Double, rx: Double, ry: Double, startAngle: Double, sweep: Double) {
        pieces(cx, cy, rx, ry, startAngle, sweep)
    }

    /** The arc as `arcTo` calls of at most 180° each (Android reads a sweep modulo 360°). */
    private fun pieces(cx: Double, cy: Double, rx: Double, ry: Double, startAngle: Double, sweep: Double) {
        val count = Math.max(1.0, Math.ceil(Math.abs(sweep) / Math.PI)).toInt()
        val step = sweep / count
        val bounds = bounds(cx, cy, rx, ry)
        for (i in 0 until count) {
            path.arcTo(bounds, Math.toDegrees(startAngle + i * step).toFloat(), Math.toDegrees(step).toFloat(), false)
        }
        hasCurrent = true; isEmpty = false
    }

    companion object {
        /** UIKit's (and cairo's) sweep from `start` to `end` (PathBuilder.sweep). */
        fun sweep(start: Double, end: Double, clockwise: Boolean): Double {
            val turn = 2 * Math.PI
            return if (clockwise) {
                if (end >= start) end - start else { var d = (end - start) % turn; if (d < 0) d += turn; d }
            } else {
                if (end <= start) end - start else { var d = (end - start) % turn; if (d > 0) d -= turn; d }
            }
        }
    }
}
