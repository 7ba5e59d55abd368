/* The reference for check_wrapped_text.py (built by it with cc and pkg-config): wrapped text laid
 * out and drawn here with Pango and cairo, independently of scenec's Swift code, following
 * Grammar.md section 19 ("Wrapped text") step by step.
 *
 *   wrap_reference OUT.png W H SCALE < BLOCKS
 *
 * Each line of BLOCKS is one <text>: "size|width|maxLines|lineHeight|x|y|align|baseline|text"
 * (maxLines 0: none). Words are measured as librsvg lays text out (Pango's cairo font map over
 * the fontconfig configuration the environment names, glyph positions not rounded, hinting off, a
 * letter spacing of 0 so no ligatures), the greedy lines are drawn in DejaVu Sans on white at
 * SCALE, and each drawn line is printed as "block<TAB>text<TAB>x<TAB>baseline" (the anchor point;
 * block counts the lines of BLOCKS from 0).
 */
#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static PangoContext *context;

static PangoLayout *layout_of(const char *text, double size) {
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *d = pango_font_description_new();
    pango_font_description_set_family(d, "DejaVu Sans");
    pango_font_description_set_weight(d, PANGO_WEIGHT_NORMAL);
    pango_font_description_set_absolute_size(d, size * PANGO_SCALE);
    pango_layout_set_font_description(layout, d);
    pango_font_description_free(d);
    PangoAttrList *attributes = pango_attr_list_new();
    pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(0));
    pango_layout_set_attributes(layout, attributes);
    pango_attr_list_unref(attributes);
    pango_layout_set_text(layout, text, -1);
    return layout;
}

static double measure(const char *text, double size) {
    PangoLayout *layout = layout_of(text, size);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    g_object_unref(layout);
    return (double)logical.width / PANGO_SCALE;
}

#define MAX_LINES 64
#define MAX_TEXT 4096

/* Grammar.md's steps 1-5 for a text without line feeds (the check's texts have none). */
static int wrap(const char *text, double size, double width, int max_lines, char lines[MAX_LINES][MAX_TEXT]) {
    char copy[MAX_TEXT], line[MAX_TEXT] = "", candidate[2 * MAX_TEXT];
    snprintf(copy, sizeof copy, "%s", text);
    int count = 0, more = 0;
    for (char *word = strtok(copy, " "); word; word = strtok(NULL, " ")) {
        if (more) break;
        if (!line[0]) { snprintf(line, sizeof line, "%s", word); continue; }
        snprintf(candidate, sizeof candidate, "%s %s", line, word);
        if (measure(candidate, size) <= width) { snprintf(line, sizeof line, "%s", candidate); continue; }
        snprintf(lines[count++], MAX_TEXT, "%s", line);
        if (count == max_lines) { more = 1; break; }
        snprintf(line, sizeof line, "%s", word);
    }
    if (!more) {
        if (line[0]) snprintf(lines[count++], MAX_TEXT, "%s", line);
        return count;
    }
    /* The last allowed line ends in an ellipsis measured to fit. */
    char *last = lines[count - 1], fitting[MAX_TEXT] = "";
    snprintf(candidate, sizeof candidate, "%s\xe2\x80\xa6", last);
    if (measure(candidate, size) <= width) { snprintf(last, MAX_TEXT, "%s", candidate); return count; }
    size_t length = strlen(last);
    for (size_t end = 1; end <= length; end++) {
        if ((last[end] & 0xC0) == 0x80) continue;  /* whole UTF-8 characters only */
        char prefix[MAX_TEXT];
        snprintf(prefix, sizeof prefix, "%.*s", (int)end, last);
        size_t n = strlen(prefix);
        while (n && prefix[n - 1] == ' ') prefix[--n] = 0;
        snprintf(candidate, sizeof candidate, "%s\xe2\x80\xa6", prefix);
        if (measure(candidate, size) > width) break;
        snprintf(fitting, sizeof fitting, "%s", prefix);
    }
    snprintf(last, MAX_TEXT, "%s\xe2\x80\xa6", fitting);
    return count;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: wrap_reference OUT.png W H SCALE < BLOCKS\n"); return 2; }
    double scale = atof(argv[4]);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(atoi(argv[2]) * scale),
                                                          (int)(atoi(argv[3]) * scale));
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, scale, scale);
    PangoFontMap *map = pango_cairo_font_map_new();
    context = pango_font_map_create_context(map);
    pango_context_set_round_glyph_positions(context, 0);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);

    static char lines[MAX_LINES][MAX_TEXT];
    char input[MAX_TEXT];
    const double ascent = 1901.0 / 2048.0, descent = 483.0 / 2048.0;
    int block = -1;
    while (fgets(input, sizeof input, stdin)) {
        input[strcspn(input, "\n")] = 0;
        char align[16], baseline[16];
        double size, width, line_height, x, y;
        int max_lines, offset = 0;
        block++;
        if (sscanf(input, "%lf|%lf|%d|%lf|%lf|%lf|%15[^|]|%15[^|]|%n", &size, &width, &max_lines, &line_height, &x, &y,
                   align, baseline, &offset) < 8 || !offset) {
            fprintf(stderr, "bad block: %s\n", input);
            return 2;
        }
        int count = wrap(input + offset, size, width, max_lines, lines);
        double first = y;
        if (!strcmp(baseline, "top")) first = y + ascent * size;
        if (!strcmp(baseline, "bottom")) first = y - descent * size - (count - 1) * line_height;
        if (!strcmp(baseline, "middle")) first = y + (ascent - descent) / 2 * size - (count - 1) * line_height / 2;
        double anchor = !strcmp(align, "middle") ? x + width / 2 : !strcmp(align, "end") ? x + width : x;
        for (int i = 0; i < count; i++) {
            double base = first + i * line_height, advance = measure(lines[i], size);
            double start = !strcmp(align, "middle") ? anchor - advance / 2 : !strcmp(align, "end") ? anchor - advance : anchor;
            PangoLayout *layout = layout_of(lines[i], size);
            pango_cairo_update_context(cr, context);
            cairo_set_source_rgb(cr, 0, 0, 0);
            cairo_move_to(cr, start, base - (double)pango_layout_get_baseline(layout) / PANGO_SCALE);
            pango_cairo_show_layout(cr, layout);
            g_object_unref(layout);
            printf("%d\t%s\t%.4f\t%.4f\n", block, lines[i], anchor, base);
        }
    }
    cairo_surface_write_to_png(surface, argv[1]);
    return 0;
}
