// `<mask>` (Grammar.md section 11, "Masks") on android.graphics: the mask's content is drawn into a
// layer first (the evaluator's order: content, then the masked drawing), then the masked drawing into
// a layer composited onto it with PorterDuff.Mode.SRC_IN, which keeps it where the content's alpha
// is, and nothing where the content drew nothing (a mask whose content or body draws nothing shows
// nothing). A luminance mask's content is drawn over opaque black in a layer whose
// ColorMatrixColorFilter makes 0.2125·R + 0.7154·G + 0.0721·B its alpha: over black the channels
// are the premultiplied ones, so transparent parts have no luminance (the display list's rule).

object SceneMasks {
    /** Alpha out of the sRGB channels: the display list's luminance weights (DisplayList/Mask.swift). */
    val luminanceToAlpha = floatArrayOf(
        0f, 0f, 0f, 0f, 0f,
        0f, 0f, 0f, 0f, 0f,
        0f, 0f, 0f, 0f, 0f,
        0.2125f, 0.7154f, 0.0721f, 0f, 0f)

    /** Before the mask's content. */
    fun beginContent(luminance: Boolean, canvas: android.graphics.Canvas?) {
        if (canvas == null) return
        canvas.saveLayer(null, null)
        if (luminance) {
            val paint = android.graphics.Paint()
            paint.colorFilter = android.graphics.ColorMatrixColorFilter(android.graphics.ColorMatrix(luminanceToAlpha))
            canvas.saveLayer(null, paint)
            canvas.drawColor(android.graphics.Color.BLACK)
        }
    }

    /** After the mask's content, before the masked drawing. */
    fun beginMasked(luminance: Boolean, canvas: android.graphics.Canvas?) {
        if (canvas == null) return
        if (luminance) canvas.restore()
        val paint = android.graphics.Paint()
        paint.xfermode = android.graphics.PorterDuffXfermode(android.graphics.PorterDuff.Mode.SRC_IN)
        canvas.saveLayer(null, paint)
    }

    /** After the masked drawing: both layers composited. */
    fun end(canvas: android.graphics.Canvas?) {
        if (canvas == null) return
        canvas.restore()
        canvas.restore()
    }
}
