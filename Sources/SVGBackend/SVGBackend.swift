import DisplayList

/// Writes a display list as an SVG 1.1 document that librsvg, resvg and Chromium draw alike.
///
/// The output is deterministic and reads well in review:
/// - the header is `<?xml …?>` and `<svg xmlns=… version="1.1" width=… height=… viewBox="0 0 W H">`;
///   one element per line, two spaces of indentation per level, the file ends with `</svg>\n`;
/// - every number goes through `NumberFormat.format` (4 decimals, trimmed, no `-0`, no exponent);
/// - ids are numbered in document order, `g1, g2, …` for gradients and `clip1, clip2, …` for clip
///   paths; each definition is written inline right before its first use and reused when an
///   identical definition is needed again (a gradient or clip path is interpreted in the user space
///   of the element that references it, so reuse across groups is exact);
/// - attributes of a `<path>` always come in this order (each one only when it applies):
///   `d, fill, fill-rule, fill-opacity, stroke, stroke-opacity, stroke-width, stroke-linecap,
///   stroke-linejoin, stroke-miterlimit, stroke-dasharray, stroke-dashoffset`;
///   `<g>` has `transform` or `clip-path`; `<linearGradient>` has
///   `id, gradientUnits, x1, y1, x2, y2`; `<stop>` has `offset, stop-color, stop-opacity`;
///   `<clipPath>` has `id` and holds one `<path d=… clip-rule=…/>`.
///
/// Core Graphics semantics that SVG spells differently:
/// - a fill says nothing about stroke; a stroke says `fill="none"`; `stroke-miterlimit` is written
///   whenever it is not SVG's default 4 (Core Graphics' default is 10); butt caps and miter joins
///   (SVG's defaults) are omitted; `stroke-dasharray` only for a dash list with a positive length;
/// - colors are `#rrggbb`; color alpha × item opacity becomes `fill-opacity` / `stroke-opacity`;
///   with a gradient, stop alphas become `stop-opacity` and the item opacity `fill-opacity`;
/// - arcs become `A` commands, split into n = max(1, ⌈|sweep|/π⌉) equal pieces (see `PathData`);
/// - `drawLinearGradient` paints only the band between the start and end lines unless told to
///   extend: the parts that must not be painted are cut away with a polygon (see `RegionGeometry`).
///   A `.paint` item becomes a `<path>` covering the canvas, mapped into the current user space and
///   cut to the band; a gradient `.fill` / `.stroke` that does not extend both ways is wrapped in a
///   `<g clip-path>` whose clip is that band polygon.
///
/// Nothing in a display list makes it trap: non-finite numbers count as 0, absurdly large ones are
/// clamped, and groups whose accumulated transform is singular are left out (they draw nothing).
public enum SVGBackend {
    /// The SVG document text for a display list. Deterministic: the same list gives the same bytes.
    public static func render(_ list: DisplayList) -> String {
        var writer = SVGWriter(width: list.width, height: list.height, expectedItems: list.operationCount)
        writer.writeDocument(list.items)
        return writer.finish()
    }

    /// `render(list)`'s bytes handed to `emit` in pieces of about a megabyte as they are written,
    /// so a large document is never held whole (`scenec render -o x.svg` writes it to its file).
    public static func stream(_ list: DisplayList, to emit: (UnsafeRawBufferPointer) -> Void) {
        withoutActuallyEscaping(emit) { emit in
            var writer = SVGWriter(width: list.width, height: list.height, expectedItems: list.operationCount, flush: emit)
            writer.writeDocument(list.items)
            _ = writer.finish()
        }
    }

    /// The SVG for the live preview, which shows it inline in a page: `render`'s document with
    /// `data-op="N"` on every element that draws (N: its item's index in a pre-order walk of the
    /// display list, groups and clips counted, so the page can name the element behind a shape)
    /// and every id prefixed with `idPrefix` (so that several drawings can share one page).
    /// Never written to a file: `render` stays the deterministic output.
    public static func annotatedRender(_ list: DisplayList, idPrefix: String) -> String {
        var writer = SVGWriter(
            width: list.width, height: list.height, expectedItems: list.operationCount,
            annotate: true, idPrefix: idPrefix)
        writer.writeDocument(list.items)
        return writer.finish()
    }

    /// The document with what a rasterizer checks before parsing it (see `SVGDocument`).
    public static func document(_ list: DisplayList) -> SVGDocument {
        SVGDocument(text: render(list), width: list.width, height: list.height)
    }
}
