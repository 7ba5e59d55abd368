// android.graphics.Path for the recorder: the display list's segments, with Android's documented
// behaviour: `addRect` and `addOval` start a contour of their own (clockwise: a rectangle from its
// top-left corner, an oval from its rightmost point), `arcTo` joins the arc to the current point with
// a line (or starts it with a move on an empty path), angles in degrees clockwise on screen.
package android.graphics

sealed class Segment {
    class Move(val x: Double, val y: Double) : Segment()
    class Line(val x: Double, val y: Double) : Segment()
    class Quad(val cx: Double, val cy: Double, val x: Double, val y: Double) : Segment()
    class Cubic(val c1x: Double, val c1y: Double, val c2x: Double, val c2y: Double, val x: Double, val y: Double) : Segment()
    class Arc(val cx: Double, val cy: Double, val rx: Double, val ry: Double, val start: Double, val sweep: Double) : Segment()
    object Close : Segment()
}

class Path {
    enum class Direction { CW, CCW }
    enum class FillType { WINDING, EVEN_ODD, INVERSE_WINDING, INVERSE_EVEN_ODD }

    var fillType = FillType.WINDING
    internal val segments = ArrayList<Segment>()
    private var current: Pair<Double, Double>? = null
    private var contourStart: Pair<Double, Double>? = null

    fun isEmpty() = segments.isEmpty()

    fun moveTo(x: Float, y: Float) {
        segments.add(Segment.Move(x.toDouble(), y.toDouble()))
        current = Pair(x.toDouble(), y.toDouble()); contourStart = current
    }

    /** Android starts a contour at (0, 0) where there is no current point. */
    private fun injectMove() { if (current == null) moveTo(0f, 0f) }

    fun lineTo(x: Float, y: Float) {
        injectMove()
        segments.add(Segment.Line(x.toDouble(), y.toDouble())); current = Pair(x.toDouble(), y.toDouble())
    }

    fun quadTo(x1: Float, y1: Float, x2: Float, y2: Float) {
        injectMove()
        segments.add(Segment.Quad(x1.toDouble(), y1.toDouble(), x2.toDouble(), y2.toDouble())); current = Pair(x2.toDouble(), y2.toDouble())
    }

    fun cubicTo(x1: Float, y1: Float, x2: Float, y2: Float, x3: Float, y3: Float) {
        injectMove()
        segments.add(Segment.Cubic(x1.toDouble(), y1.toDouble(), x2.toDouble(), y2.toDouble(), x3.toDouble(), y3.toDouble()))
        current = Pair(x3.toDouble(), y3.toDouble())
    }

    fun close() {
        if (current == null) return
        segments.add(Segment.Close); current = contourStart
    }

    fun addRect(left: Float, top: Float, right: Float, bottom: Float, dir: Direction) {
        if (dir != Direction.CW) throw UnsupportedOperationException("the recorder takes clockwise rectangles")
        moveTo(left, top); lineTo(right, top); lineTo(right, bottom); lineTo(left, bottom); close()
    }

    fun addOval(oval: RectF, dir: Direction) {
        if (dir != Direction.CW) throw UnsupportedOperationException("the recorder takes clockwise ovals")
        val cx = (oval.left.toDouble() + oval.right.toDouble()) / 2
        val cy = (oval.top.toDouble() + oval.bottom.toDouble()) / 2
        val rx = (oval.right.toDouble() - oval.left.toDouble()) / 2
        val ry = (oval.bottom.toDouble() - oval.top.toDouble()) / 2
        moveTo((cx + rx).toFloat(), cy.toFloat())
        segments.add(Segment.Arc(cx, cy, rx, ry, 0.0, 2 * Math.PI))
        current = Pair(cx + rx, cy)
        close()
    }

    /** The arc of the oval from `startAngle`, sweeping `sweepAngle` degrees (clockwise on screen when
     *  positive; Android reads it modulo 360°, so the recorder refuses more than a turn). */
    fun arcTo(oval: RectF, startAngle: Float, sweepAngle: Float, forceMoveTo: Boolean) {
        if (Math.abs(sweepAngle) > 360f) throw IllegalArgumentException("a sweep of more than 360° is read modulo 360")
        val cx = (oval.left.toDouble() + oval.right.toDouble()) / 2
        val cy = (oval.top.toDouble() + oval.bottom.toDouble()) / 2
        val rx = (oval.right.toDouble() - oval.left.toDouble()) / 2
        val ry = (oval.bottom.toDouble() - oval.top.toDouble()) / 2
        val start = Math.toRadians(startAngle.toDouble())
        val sweep = Math.toRadians(sweepAngle.toDouble())
        val sx = cx + rx * Math.cos(start)
        val sy = cy + ry * Math.sin(start)
        val here = current
        if (forceMoveTo || here == null) moveTo(sx.toFloat(), sy.toFloat())
        else if (!near(here.first, sx) || !near(here.second, sy)) lineTo(sx.toFloat(), sy.toFloat())
        segments.add(Segment.Arc(cx, cy, rx, ry, start, sweep))
        current = Pair(cx + rx * Math.cos(start + sweep), cy + ry * Math.sin(start + sweep))
    }

    /** Within float rounding: the arc's start where the last point already is. */
    private fun near(a: Double, b: Double) = Math.abs(a - b) <= 1e-4 * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)))
}
