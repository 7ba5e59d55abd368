// The only file that touches librsvg and cairo. Everything it creates is released on every path
// (each C object is released by a `defer` right after it is known to exist), and nothing here is
// shared between calls, so calls on several threads at once are safe.
import CLibRSVG

enum Rasterizer {
    /// Renders an SVG document as rsvg-convert does: one handle from memory (no base file, so no
    /// external loads) at 96 DPI, an ARGB32 surface of ⌈w×scale⌉ × ⌈h×scale⌉ that starts
    /// transparent, `cairo_scale(scale, scale)`, the natural size as the viewport, then PNG
    /// (through PNGEncoder: the same pixels as rsvg-convert's file, encoded faster).
    static func png(svg: String, scale: Double, maxPixels: Int) throws(RasterError) -> [UInt8] {
        var error: UnsafeMutablePointer<GError>? = nil
        let document = Array(svg.utf8)
        let loaded = document.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error)
        }
        guard let handle = loaded else {
            throw RasterError("librsvg could not read the SVG document: \(take(&error)); "
                              + "this is a bug in scenec's SVG backend — please report it with the scene")
        }
        defer { g_object_unref(handle) }
        rsvg_handle_set_dpi(handle, 96)

        var width = 0.0, height = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0 else {
            throw RasterError("librsvg found no width and height in the SVG document; "
                              + "this is a bug in scenec's SVG backend — please report it with the scene")
        }
        // Before any pixel memory is allocated.
        let size = try PNGBackend.pixelSize(width: width, height: height, scale: scale, maxPixels: maxPixels)

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height)) else {
            throw RasterError("cairo could not create a \(size.width)×\(size.height) image: out of memory")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "create a \(size.width)×\(size.height) image")
        guard let cr = cairo_create(surface) else {
            throw RasterError("cairo could not create a drawing context: out of memory")
        }
        defer { cairo_destroy(cr) }
        try check(cairo_status(cr), "create a drawing context")

        cairo_scale(cr, scale, scale)
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
            throw RasterError("librsvg could not render the SVG document: \(take(&error))")
        }
        try check(cairo_status(cr), "draw the image")
        cairo_surface_flush(surface)
        try check(cairo_surface_status(surface), "draw the image")

        guard let pixels = cairo_image_surface_get_data(surface) else {
            throw RasterError("cairo could not give the pixels of the \(size.width)×\(size.height) image")
        }
        return try PNGEncoder.encode(pixels: pixels, width: size.width, height: size.height,
                                     stride: Int(cairo_image_surface_get_stride(surface)))
    }

    /// The message of a GError, which is then freed.
    private static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        guard let e = error else { return "unknown error" }
        let message = e.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_clear_error(&error)
        return message
    }

    private static func check(_ status: cairo_status_t, _ doing: String) throws(RasterError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
        if status == CAIRO_STATUS_NO_MEMORY {
            throw RasterError("cairo could not \(doing): \(reason) — lower --scale or --size, or free memory")
        }
        throw RasterError("cairo could not \(doing): \(reason)")
    }
}
