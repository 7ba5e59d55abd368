// The only file that touches Pango.
import CPango
import SceneFonts
import Synchronization

/// Text measured exactly as librsvg 2.54 lays it out for the PNG and PDF backends: Pango's cairo
/// font map over the process's fontconfig configuration, which `PinnedFonts.pin()` has replaced
/// by the pinned fonts; a layout with the family, weight and absolute size of the `<text>`, glyph
/// positions not rounded, hinting off (as librsvg's font options), and the width taken from the
/// layout's logical extents, as librsvg computes a text chunk's advance for `text-anchor`.
/// Unhinted, unrounded advances scale linearly, so the width at 1× is the width at any scale.
public final class PangoMeasurer: @unchecked Sendable {
    /// One per process: Pango's font map caches fonts, and every compilation shares it.
    public static let shared = PangoMeasurer()

    /// Pango objects are not thread-safe; the lock guards the context and the caches (the fields
    /// below are only touched while it is held, hence `@unchecked Sendable`).
    private let lock = Mutex(())
    private var context: OpaquePointer?
    private var fontMap: UnsafeMutablePointer<PangoFontMap>?
    /// Project fonts added when the context was made: Pango keeps the font list it first read, so
    /// the context is made again (and the caches emptied) when fonts were added since.
    private var fontCount = -1
    private var widths: [Key: Double] = [:]
    /// Per family and weight, the characters known to have a glyph (ASCII is never asked).
    private var covered: [String: Set<UInt32>] = [:]

    /// Widths remembered before the cache is emptied (a few MB at most).
    static let maxCachedWidths = 10_000

    private struct Key: Hashable { let string: String, family: String, size: Double, weight: Int }

    private init() {}

    /// The advance width of one line of `string`, in points (see the type's comment); nil when
    /// Pango has no fonts.
    public func width(of string: String, family: String, size: Double, weight: Int) -> Double? {
        lock.withLock { _ in
            let key = Key(string: string, family: family, size: size, weight: weight)
            if fontCount == PinnedFonts.addedCount, let known = widths[key] { return known }
            guard let layout = layout(string, family: family, size: size, weight: weight) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let width = Double(logical.width) / Double(PANGO_SCALE)
            if widths.count >= 4096 { widths.removeAll(keepingCapacity: true) }
            // Bounded: a long-lived process (the preview, the fuzzer) measures ever new strings.
            if widths.count >= Self.maxCachedWidths { widths.removeAll(keepingCapacity: true) }
            widths[key] = width
            return width
        }
    }

    /// The characters of `string` that no pinned or project font has, each once, in order.
    public func missingCharacters(in string: String, family: String, weight: Int) -> [Unicode.Scalar] {
        // Printable ASCII is in every pinned family: most texts need no layout at all.
        guard string.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value > 0x7E }) else { return [] }
        return lock.withLock { _ in
            let cacheKey = "\(family)|\(weight)"
            let known = fontCount == PinnedFonts.addedCount ? covered[cacheKey] ?? [] : []
            guard string.unicodeScalars.contains(where: { $0.value > 0x7E && !known.contains($0.value) }) else { return [] }
            guard let layout = layout(string, family: family, size: 100, weight: weight) else { return [] }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var missingOffsets: Set<Int> = []
            let iterator = pango_layout_get_iter(layout)
            defer { pango_layout_iter_free(iterator) }
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                    let glyphs = run.pointee.glyphs
                else { continue }
                for i in 0..<Int(glyphs.pointee.num_glyphs) where glyphs.pointee.glyphs[i].glyph & Self.unknownGlyphFlag != 0 {
                    missingOffsets.insert(Int(item.pointee.offset) + Int(glyphs.pointee.log_clusters[i]))
                }
            } while pango_layout_iter_next_run(iterator) != 0
            var missing: [Unicode.Scalar] = []
            var seen: Set<UInt32> = []
            var offset = 0
            var newlyCovered = known
            for scalar in string.unicodeScalars {
                if missingOffsets.contains(offset) {
                    if seen.insert(scalar.value).inserted { missing.append(scalar) }
                } else if scalar.value > 0x7E {
                    newlyCovered.insert(scalar.value)
                }
                offset += String(scalar).utf8.count
            }
            if newlyCovered.count < 100_000 { covered[cacheKey] = newlyCovered }
            return missing.filter { !newlyCovered.contains($0.value) }
        }
    }

    /// PANGO_GLYPH_UNKNOWN_FLAG: the glyph is the hex box drawn for a character no font has.
    private static let unknownGlyphFlag: PangoGlyph = 0x1000_0000

    /// A new layout of one line (the caller unrefs it); nil when Pango has no context (no fonts).
    private func layout(_ string: String, family: String, size: Double, weight: Int) -> OpaquePointer? {
        guard let context = sharedContext() else { return nil }
        guard let layout = pango_layout_new(context) else { return nil }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: PangoWeight.RawValue(weight)))
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        // librsvg always sets a letter-spacing attribute (0 by default); Pango then shapes without
        // ligatures ("fi" stays two glyphs), and so must the measurement.
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(0))
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_text(layout, string, Int32(clamping: string.utf8.count))
        return layout
    }

    /// The context, made on first use after the pinned fonts are installed (Pango's fontconfig
    /// font map reads the process's current configuration when it first loads fonts).
    private func sharedContext() -> OpaquePointer? {
        let count = PinnedFonts.addedCount
        if let context, count == fontCount { return context }
        if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
        if let fontMap { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        (context, fontMap, fontCount) = (nil, nil, count)
        widths.removeAll()
        covered.removeAll()
        guard (try? PinnedFonts.pin()) != nil, let fontMap = pango_cairo_font_map_new(),
            let made = pango_font_map_create_context(fontMap)
        else { return nil }
        self.fontMap = fontMap
        pango_context_set_round_glyph_positions(made, 0)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(made, options)
        cairo_font_options_destroy(options)
        context = made
        return made
    }
}
