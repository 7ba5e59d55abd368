// The only file that touches librsvg and cairo. Everything it creates is released on every path
// (each C object is released by a `defer` right after it is known to exist), and nothing here is
// shared between calls, so calls on several threads at once are safe.
import CLibRSVG
import RasterImage

enum Rasterizer {
    /// Renders an SVG document as rsvg-convert does: one handle from memory (no base file, so no
    /// external loads) at 96 DPI, an ARGB32 surface of ⌈w×scale⌉ × ⌈h×scale⌉ that starts
    /// transparent, `cairo_scale(scale, scale)`, the natural size as the viewport. The pixels are
    /// those of rsvg-convert's PNG file: cairo's, un-premultiplied as its PNG writer does it.
    static func image(svg: String, scale: Double, maxPixels: Int) throws(RasterError) -> RGBAImage {
        var error: UnsafeMutablePointer<GError>? = nil
        let document = Array(svg.utf8)
        let loaded = document.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error)
        }
        guard let handle = loaded else {
            throw RasterError(
                .internalError,
                "librsvg could not read the SVG document: \(take(&error)); "
                    + "this is a bug in scenec's SVG backend — please report it with the scene")
        }
        defer { g_object_unref(handle) }
        rsvg_handle_set_dpi(handle, 96)

        var width = 0.0, height = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0 else {
            throw RasterError(
                .internalError,
                "librsvg found no width and height in the SVG document; "
                    + "this is a bug in scenec's SVG backend — please report it with the scene")
        }
        // Before any pixel memory is allocated.
        let size = try PNGBackend.pixelSize(width: width, height: height, scale: scale, maxPixels: maxPixels)

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height)) else {
            throw RasterError(.outOfMemory, "cairo could not create a \(size.width)×\(size.height) image: out of memory")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "create a \(size.width)×\(size.height) image")
        guard let cr = cairo_create(surface) else {
            throw RasterError(.outOfMemory, "cairo could not create a drawing context: out of memory")
        }
        defer { cairo_destroy(cr) }
        try check(cairo_status(cr), "create a drawing context")

        cairo_scale(cr, scale, scale)
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
            throw RasterError(.internalError, "librsvg could not render the SVG document: \(take(&error))")
        }
        try check(cairo_status(cr), "draw the image")
        cairo_surface_flush(surface)
        try check(cairo_surface_status(surface), "draw the image")

        guard let pixels = cairo_image_surface_get_data(surface) else {
            throw RasterError(.internalError, "cairo could not give the pixels of the \(size.width)×\(size.height) image")
        }
        return straightRGBA(pixels, width: size.width, height: size.height, stride: Int(cairo_image_surface_get_stride(surface)))
    }

    /// Renders an SVG document as a one-page vector PDF: the same librsvg handle as `image` (from
    /// memory, 96 DPI), drawn onto a cairo PDF surface of the document's natural size, one SVG user
    /// unit (a scene point) to one PDF point. Shapes stay paths and text stays text, in the pinned
    /// fonts, which cairo embeds as subsets. The bytes depend only on the document: cairo 1.16 writes
    /// the time of the render as /CreationDate unless told otherwise, and an empty date removes it
    /// (the creation and modification dates are both removed); the creator is "scenec".
    static func pdf(svg: String) throws(RasterError) -> [UInt8] {
        var error: UnsafeMutablePointer<GError>? = nil
        let document = Array(svg.utf8)
        let loaded = document.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error)
        }
        guard let handle = loaded else {
            throw RasterError(
                .internalError,
                "librsvg could not read the SVG document: \(take(&error)); "
                    + "this is a bug in scenec's SVG backend — please report it with the scene")
        }
        defer { g_object_unref(handle) }
        rsvg_handle_set_dpi(handle, 96)

        var width = 0.0, height = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0 else {
            throw RasterError(
                .internalError,
                "librsvg found no width and height in the SVG document; "
                    + "this is a bug in scenec's SVG backend — please report it with the scene")
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw RasterError(.tooSmall, "the page would be \(width)×\(height) points; a PDF page needs a positive size")
        }

        // cairo calls the write function with each piece of the file as it makes it.
        let sink = PDFSink()
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<PDFSink>.fromOpaque(closure).takeUnretainedValue().bytes
                        .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, context.toOpaque(), width, height)
        else {
            throw RasterError(.outOfMemory, "cairo could not create a PDF surface: out of memory")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "create a \(width)×\(height)-point PDF page")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "scenec")

        do {
            guard let cr = cairo_create(surface) else {
                throw RasterError(.outOfMemory, "cairo could not create a drawing context: out of memory")
            }
            defer { cairo_destroy(cr) }
            try check(cairo_status(cr), "create a drawing context")
            var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
            guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
                throw RasterError(.internalError, "librsvg could not render the SVG document: \(take(&error))")
            }
            try check(cairo_status(cr), "draw the PDF page")
        }
        // Finishing writes the page, the fonts and the trailer through the write function.
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface), "write the PDF")
        return sink.bytes
    }

    /// cairo's ARGB32 (premultiplied, one native-endian 32-bit word per pixel, rows `stride` bytes
    /// apart) as straight RGBA8, rounded exactly as cairo's PNG writer (`unpremultiply_data`) rounds,
    /// so the pixels equal what rsvg-convert's file decodes to and survive an encode-decode round trip.
    private static func straightRGBA(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> RGBAImage {
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            var o = 0
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                for x in 0..<width {
                    let word = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                    let a = word >> 24, r = word >> 16 & 0xFF, g = word >> 8 & 0xFF, b = word & 0xFF
                    switch a {
                    case 0xFF:
                        out[o] = UInt8(r); out[o + 1] = UInt8(g); out[o + 2] = UInt8(b); out[o + 3] = 0xFF
                    case 0:
                        out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0
                    default:
                        out[o] = UInt8((r * 255 + a / 2) / a)
                        out[o + 1] = UInt8((g * 255 + a / 2) / a)
                        out[o + 2] = UInt8((b * 255 + a / 2) / a)
                        out[o + 3] = UInt8(a)
                    }
                    o += 4
                }
            }
            count = o
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Where a PDF surface's bytes go (the write function's closure).
    private final class PDFSink {
        var bytes: [UInt8] = []
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
            throw RasterError(.outOfMemory, "cairo could not \(doing): \(reason)")
        }
        throw RasterError(.internalError, "cairo could not \(doing): \(reason)")
    }
}

extension Rasterizer {
    /// `librsvg 2.54.7 cairo 1.16.0`: the libraries loaded at run time.
    static var libraryVersions: String {
        "librsvg \(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version) cairo " + String(cString: cairo_version_string())
    }
}
