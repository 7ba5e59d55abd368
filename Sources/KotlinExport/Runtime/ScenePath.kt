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
    /** The segments the evaluator's PathBuilder would hold (its `count`), which the display list's size limit counts. */
    var segmentCount = 0
        private set
    // The current point and the subpath's start in doubles, as the evaluator's PathBuilder has them:
    // an arc starting elsewhere is joined by a line, one segment more.
    private var currentX = 0.0
    private var currentY = 0.0
    private var startX = 0.0
    private var startY = 0.0
    private var hasStart = false

    private fun setCurrent(x: Double, y: Double) { currentX = x; currentY = y; hasCurrent = true; isEmpty = false }

    fun move(x: Double, y: Double) {
        path.moveTo(x.toFloat(), y.toFloat())
        setCurrent(x, y); startX = x; startY = y; hasStart = true
        segmentCount += 1
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
        setCurrent(x, y); segmentCount += 1
    }

    fun quad(x: Double, y: Double, cx: Double, cy: Double, site: String) {
        needsCurrentPoint("quad", site)
        path.quadTo(cx.toFloat(), cy.toFloat(), x.toFloat(), y.toFloat())
        setCurrent(x, y); segmentCount += 1
    }

    fun curve(x: Double, y: Double, cx1: Double, cy1: Double, cx2: Double, cy2: Double, site: String) {
        needsCurrentPoint("curve", site)
        path.cubicTo(cx1.toFloat(), cy1.toFloat(), cx2.toFloat(), cy2.toFloat(), x.toFloat(), y.toFloat())
        setCurrent(x, y); segmentCount += 1
    }

    fun close(site: String) {
        needsCurrentPoint("close", site)
        path.close()
        if (hasStart) setCurrent(startX, startY)
        segmentCount += 1
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
        if (tl == 0.0 && tr == 0.0 && br == 0.0 && bl == 0.0) {
            path.addRect(minX.toFloat(), minY.toFloat(), (minX + w).toFloat(), (minY + h).toFloat(), android.graphics.Path.Direction.CW)
            setCurrent(minX, minY); startX = minX; startY = minY; hasStart = true
            segmentCount += 5
            return
        }
        val maxX = minX + w
        val maxY = minY + h
        move(minX + tl, minY)
        side(maxX - tr, minY)
        if (tr > 0) quarter(maxX - tr, minY + tr, tr, -90.0)
        side(maxX, maxY - br)
        if (br > 0) quarter(maxX - br, maxY - br, br, 0.0)
        side(minX + bl, maxY)
        if (bl > 0) quarter(minX + bl, maxY - bl, bl, 90.0)
        side(minX, minY + tl)
        if (tl > 0) quarter(minX + tl, minY + tl, tl, 180.0)
        path.close()
        setCurrent(startX, startY)
        segmentCount += 1
    }

    private fun side(x: Double, y: Double) {
        path.lineTo(x.toFloat(), y.toFloat())
        setCurrent(x, y); segmentCount += 1
    }

    /** A rounded corner, joined by a line where its start is not exactly the current point (a rounding
     *  error away, as the evaluator's PathBuilder joins it: one segment more). */
    private fun quarter(cx: Double, cy: Double, r: Double, fromDegrees: Double) {
        val start = Math.toRadians(fromDegrees)
        val (s0, c0) = SceneRuntime.exactSinCos(start)
        val (s1, c1) = SceneRuntime.exactSinCos(start + Math.PI / 2)
        // The join drawn as the line it is in the evaluator: in floats Android's arcTo would see no gap.
        if (currentX != cx + r * c0 || currentY != cy + r * s0) { path.lineTo((cx + r * c0).toFloat(), (cy + r * s0).toFloat()); segmentCount += 1 }
        path.arcTo(bounds(cx, cy, r, r), fromDegrees.toFloat(), 90f, false)
        setCurrent(cx + r * c1, cy + r * s1)
        segmentCount += 1
    }

    private fun bounds(cx: Double, cy: Double, rx: Double, ry: Double) =
        android.graphics.RectF((cx - rx).toFloat(), (cy - ry).toFloat(), (cx + rx).toFloat(), (cy + ry).toFloat())

    /** `<oval>` and `<circle>`: the ellipse in the standardized rectangle. */
    fun oval(x: Double, y: Double, width: Double, height: Double) {
        val left = Math.min(x, x + width)
        val top = Math.min(y, y + height)
        path.addOval(android.graphics.RectF(left.toFloat(), top.toFloat(), (left + Math.abs(width)).toFloat(), (top + Math.abs(height)).toFloat()),
            android.graphics.Path.Direction.CW)
        setCurrent(left + Math.abs(width), top + Math.abs(height) / 2); startX = currentX; startY = currentY; hasStart = true
        segmentCount += 3  // a move, a full arc, a close
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
        val (s0, c0) = SceneRuntime.exactSinCos(startAngle)
        val (s1, c1) = SceneRuntime.exactSinCos(startAngle + sweep)
        val x0 = cx + radius * c0
        val y0 = cy + radius * s0
        // The arc, after a move to its start or a line from the current point when it is elsewhere.
        segmentCount += if (hasCurrent && currentX == x0 && currentY == y0) 1 else 2
        if (!hasStart) { startX = x0; startY = y0; hasStart = true }
        pieces(cx, cy, radius, radius, startAngle, sweep)
        setCurrent(cx + radius * c1, cy + radius * s1)
    }

    /** An arc of `<path d=…>` (SVG's `A`, already in centre form) from the current point. */
    fun continueArc(cx: Double, cy: Double, rx: Double, ry: Double, startAngle: Double, sweep: Double) {
        segmentCount += if (isEmpty) 2 else 1
        pieces(cx, cy, rx, ry, startAngle, sweep)
    }

    /**
     * An arc of `<path d=…>` whose numbers are known only when drawn (interpolated): DisplayList's
     * `SVGArc.centerArc` line for line (SVG 2, "Conversion from endpoint to center parameterization"),
     * then drawn as the generator draws a constant one, and checked as the evaluator checks it.
     */
    fun svgArc(fromX: Double, fromY: Double, rxIn: Double, ryIn: Double, rotation: Double, largeArc: Boolean, sweep: Boolean,
               x: Double, y: Double, site: String) {
        if (fromX == x && fromY == y) return
        var rx = Math.abs(rxIn); var ry = Math.abs(ryIn)
        if (rx == 0.0 || ry == 0.0) { line(x, y, site); return }
        var phi = 0.0
        if (rx != ry) {
            val quarter = rotation / 90
            if (quarter != Math.rint(quarter)) phi = rotation * Math.PI / 180
            else if ((quarter % 2).toInt() != 0) { val t = rx; rx = ry; ry = t }
        }
        val sinPhi = if (phi == 0.0) 0.0 else Math.sin(phi)
        val cosPhi = if (phi == 0.0) 1.0 else Math.cos(phi)
        val dx = (fromX - x) / 2; val dy = (fromY - y) / 2
        val x1 = if (phi == 0.0) dx else cosPhi * dx + sinPhi * dy
        val y1 = if (phi == 0.0) dy else -sinPhi * dx + cosPhi * dy
        val lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if (lambda > 1) { rx *= Math.sqrt(lambda); ry *= Math.sqrt(lambda) }
        val numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        val denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = Math.sqrt(Math.max(0.0, numerator) / denominator)
        if (largeArc == sweep) k = -k
        val cx1 = k * rx * y1 / ry; val cy1 = -k * ry * x1 / rx
        val start = Math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = Math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start
        if (sweep && delta < 0) delta += 2 * Math.PI
        if (!sweep && delta > 0) delta -= 2 * Math.PI
        fun within(vararg values: Double) { for (v in values) SceneRuntime.coordinate(SceneValue.N(v), "'d'", site) }
        if (phi == 0.0) {
            val cx = cx1 + (fromX + x) / 2; val cy = cy1 + (fromY + y) / 2
            within(cx, cy, rx, ry)
            continueArc(cx, cy, rx, ry, start, delta)
            return
        }
        val cx = cosPhi * cx1 - sinPhi * cy1 + (fromX + x) / 2
        val cy = sinPhi * cx1 + cosPhi * cy1 + (fromY + y) / 2
        fun placeX(u: Double, v: Double) = cx + cosPhi * rx * u - sinPhi * ry * v
        fun placeY(u: Double, v: Double) = cy + sinPhi * rx * u + cosPhi * ry * v
        val pieces = Math.max(1.0, Math.ceil(Math.abs(delta) / (Math.PI / 2))).toInt()
        val step = delta / pieces
        val t = 4.0 / 3.0 * Math.tan(step / 4)
        for (i in 0 until pieces) {
            val a = start + i * step; val b = a + step
            val sa = Math.sin(a); val ca = Math.cos(a); val sb = Math.sin(b); val cb = Math.cos(b)
            val endX = if (i == pieces - 1) x else placeX(cb, sb)
            val endY = if (i == pieces - 1) y else placeY(cb, sb)
            val c1x = placeX(ca - t * sa, sa + t * ca); val c1y = placeY(ca - t * sa, sa + t * ca)
            val c2x = placeX(cb + t * sb, sb - t * cb); val c2y = placeY(cb + t * sb, sb - t * cb)
            within(c1x, c1y, c2x, c2y)
            curve(endX, endY, c1x, c1y, c2x, c2y, site)
        }
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
