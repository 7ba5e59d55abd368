/* Reference pictures drawn by cairo for check_paint.py (built by it with cc and pkg-config):
 *
 *   paint_reference radial OUT W H x0 y0 r0 x1 y1 r1 EXTEND STOPS
 *     cairo's radial pattern: the same two-circle model as Core Graphics' drawRadialGradient.
 *     EXTEND is none, before, after or both; STOPS is "offset:r,g,b,a;…" (0…1 values).
 *   paint_reference blend OUT W H MODE  {x y w h r g b a  x y w h r g b a}…
 *     per group, a backdrop rectangle, then a source rectangle drawn with cairo's operator for
 *     MODE (cairo's blend operators are PDF's, as Core Graphics' CGBlendMode are), on a
 *     transparent surface.
 *   paint_reference layer OUT W H MODE  {x y w h r g b a}×3
 *     a rectangle, then two more in a group (a transparency layer) composited with MODE.
 *   paint_reference shadow OUT W H MODE ALPHA DX DY SIGMA R G B A INNER  {x y w h r g b a}…
 *     the first rectangle drawn normally (the backdrop), the others onto a transparent image (one
 *     shape, or a transparency layer; the first normally, the others with the mode INNER, which
 *     blend with the image only), which is then composited as Core Graphics
 *     composites a drawing under setShadow and HTML canvas specifies it ("drawing model"): the
 *     shadow (the image's alpha blurred by a Gaussian of deviation SIGMA pixels, moved by DX, DY,
 *     in the color R G B A), faded by ALPHA and composited with MODE, then the image, faded by
 *     ALPHA and composited with MODE. The blur is computed here, pixel by pixel.
 */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static const double FULL_TURN = 6.283185307179586;

static int radial(int argc, char **argv) {
    if (argc != 13) { fprintf(stderr, "radial: 11 arguments expected\n"); return 2; }
    int w = atoi(argv[3]), h = atoi(argv[4]);
    double x0 = atof(argv[5]), y0 = atof(argv[6]), r0 = atof(argv[7]);
    double x1 = atof(argv[8]), y1 = atof(argv[9]), r1 = atof(argv[10]);
    const char *extend = argv[11];
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_pattern_t *p = cairo_pattern_create_radial(x0, y0, r0, x1, y1, r1);
    char *stops = strdup(argv[12]);
    for (char *tok = strtok(stops, ";"); tok; tok = strtok(NULL, ";")) {
        double o, r, g, b, a;
        if (sscanf(tok, "%lf:%lf,%lf,%lf,%lf", &o, &r, &g, &b, &a) != 5) { fprintf(stderr, "bad stop %s\n", tok); return 2; }
        cairo_pattern_add_color_stop_rgba(p, o, r, g, b, a);
    }
    int before = !strcmp(extend, "before") || !strcmp(extend, "both");
    int after = !strcmp(extend, "after") || !strcmp(extend, "both");
    /* cairo has NONE (Core Graphics' options: []) and PAD (both options). One side only, for
       nested circles: the padded pattern, cut to where that side's circles lie. t > 1 lies
       outside the end circle when it is the larger one, inside it otherwise; t < 0 inside the
       start circle when it is the smaller one, outside it otherwise. */
    cairo_pattern_set_extend(p, (before || after) ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE);
    if (before != after) {
        int growing = r1 >= r0;
        double cx = after ? x0 : x1, cy = after ? y0 : y1, r = after ? r0 : r1;
        int keepInside = after ? !growing : growing;
        if (!keepInside) cairo_rectangle(cr, -1, -1, w + 2, h + 2);
        cairo_new_sub_path(cr);
        cairo_arc(cr, cx, cy, r, 0, FULL_TURN);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
        cairo_clip(cr);
    }
    cairo_set_source(cr, p);
    cairo_paint(cr);
    cairo_surface_write_to_png(s, argv[2]);
    return cairo_status(cr) != CAIRO_STATUS_SUCCESS;
}

static const struct { const char *name; cairo_operator_t op; } MODES[] = {
    {"normal", CAIRO_OPERATOR_OVER}, {"multiply", CAIRO_OPERATOR_MULTIPLY}, {"screen", CAIRO_OPERATOR_SCREEN},
    {"overlay", CAIRO_OPERATOR_OVERLAY}, {"darken", CAIRO_OPERATOR_DARKEN}, {"lighten", CAIRO_OPERATOR_LIGHTEN},
    {"color-dodge", CAIRO_OPERATOR_COLOR_DODGE}, {"color-burn", CAIRO_OPERATOR_COLOR_BURN},
    {"hard-light", CAIRO_OPERATOR_HARD_LIGHT}, {"soft-light", CAIRO_OPERATOR_SOFT_LIGHT},
    {"difference", CAIRO_OPERATOR_DIFFERENCE}, {"exclusion", CAIRO_OPERATOR_EXCLUSION},
    {"hue", CAIRO_OPERATOR_HSL_HUE}, {"saturation", CAIRO_OPERATOR_HSL_SATURATION},
    {"color", CAIRO_OPERATOR_HSL_COLOR}, {"luminosity", CAIRO_OPERATOR_HSL_LUMINOSITY},
};

static int blend(int argc, char **argv) {
    if (argc < 22 || (argc - 6) % 16 != 0) { fprintf(stderr, "blend: OUT W H MODE and groups of 16 numbers expected\n"); return 2; }
    int w = atoi(argv[3]), h = atoi(argv[4]);
    int found = -1;
    for (size_t i = 0; i < sizeof MODES / sizeof *MODES; i++) if (!strcmp(MODES[i].name, argv[5])) found = (int)i;
    if (found < 0) { fprintf(stderr, "unknown mode %s\n", argv[5]); return 2; }
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    /* Each group: a backdrop rectangle drawn normally, then a source rectangle with MODE. */
    for (int g = 6; g < argc; g += 16) {
        double v[16];
        for (int i = 0; i < 16; i++) v[i] = atof(argv[g + i]);
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
        cairo_rectangle(cr, v[0], v[1], v[2], v[3]);
        cairo_set_source_rgba(cr, v[4], v[5], v[6], v[7]);
        cairo_fill(cr);
        cairo_set_operator(cr, MODES[found].op);
        cairo_rectangle(cr, v[8], v[9], v[10], v[11]);
        cairo_set_source_rgba(cr, v[12], v[13], v[14], v[15]);
        cairo_fill(cr);
    }
    cairo_surface_write_to_png(s, argv[2]);
    return cairo_status(cr) != CAIRO_STATUS_SUCCESS;
}

/* layer OUT W H MODE {x y w h r g b a}×3: the first rectangle drawn normally, the other two drawn
   normally into a group (Core Graphics' transparency layer) composited with MODE. */
static int layer(int argc, char **argv) {
    if (argc != 6 + 24) { fprintf(stderr, "layer: OUT W H MODE and 3 groups of 8 numbers expected\n"); return 2; }
    int w = atoi(argv[3]), h = atoi(argv[4]);
    int found = -1;
    for (size_t i = 0; i < sizeof MODES / sizeof *MODES; i++) if (!strcmp(MODES[i].name, argv[5])) found = (int)i;
    if (found < 0) { fprintf(stderr, "unknown mode %s\n", argv[5]); return 2; }
    double v[24];
    for (int i = 0; i < 24; i++) v[i] = atof(argv[6 + i]);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    for (int r = 0; r < 3; r++) {
        if (r == 1) cairo_push_group(cr);
        double *q = v + 8 * r;
        cairo_rectangle(cr, q[0], q[1], q[2], q[3]);
        cairo_set_source_rgba(cr, q[4], q[5], q[6], q[7]);
        cairo_fill(cr);
    }
    cairo_pop_group_to_source(cr);
    cairo_set_operator(cr, MODES[found].op);
    cairo_paint(cr);
    cairo_surface_write_to_png(s, argv[2]);
    return cairo_status(cr) != CAIRO_STATUS_SUCCESS;
}

static int find_mode(const char *name) {
    for (size_t i = 0; i < sizeof MODES / sizeof *MODES; i++) if (!strcmp(MODES[i].name, name)) return (int)i;
    return -1;
}

/* The weight of pixel k (of the kernel centered on 0) for a Gaussian of deviation sigma: its
   integral over the pixel, so that small deviations keep their total. */
static double gaussian_weight(int k, double sigma) {
    double s = sigma * sqrt(2.0);
    return 0.5 * (erf((k + 0.5) / s) - erf((k - 0.5) / s));
}

/* The alpha of `image` blurred by a Gaussian (separably, transparent outside), into `out` (w × h). */
static void blur_alpha(cairo_surface_t *image, double sigma, double *out, int w, int h) {
    cairo_surface_flush(image);
    unsigned char *data = cairo_image_surface_get_data(image);
    int stride = cairo_image_surface_get_stride(image);
    double *row = calloc((size_t)w * h, sizeof *row);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) out[y * w + x] = (((uint32_t *)(data + y * stride))[x] >> 24) / 255.0;
    if (sigma <= 0) { free(row); return; }
    int reach = (int)ceil(5 * sigma) + 1;
    double *kernel = malloc((2 * reach + 1) * sizeof *kernel);
    for (int k = -reach; k <= reach; k++) kernel[k + reach] = gaussian_weight(k, sigma);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double sum = 0;
            for (int k = -reach; k <= reach; k++) if (x + k >= 0 && x + k < w) sum += kernel[k + reach] * out[y * w + x + k];
            row[y * w + x] = sum;
        }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double sum = 0;
            for (int k = -reach; k <= reach; k++) if (y + k >= 0 && y + k < h) sum += kernel[k + reach] * row[(y + k) * w + x];
            out[y * w + x] = sum;
        }
    free(kernel);
    free(row);
}

static int shadow(int argc, char **argv) {
    if (argc < 15 + 16 || (argc - 15) % 8 != 0) {
        fprintf(stderr, "shadow: OUT W H MODE ALPHA DX DY SIGMA R G B A INNER and groups of 8 numbers expected\n");
        return 2;
    }
    int w = atoi(argv[3]), h = atoi(argv[4]);
    int found = find_mode(argv[5]), inner = find_mode(argv[14]);
    if (found < 0 || inner < 0) { fprintf(stderr, "unknown mode %s or %s\n", argv[5], argv[14]); return 2; }
    double alpha = atof(argv[6]), dx = atof(argv[7]), dy = atof(argv[8]), sigma = atof(argv[9]);
    double color[4] = {atof(argv[10]), atof(argv[11]), atof(argv[12]), atof(argv[13])};
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *icr = cairo_create(image);
    for (int g = 15; g < argc; g += 8) {
        double v[8];
        for (int i = 0; i < 8; i++) v[i] = atof(argv[g + i]);
        cairo_t *target = g == 15 ? cr : icr;
        if (g > 15 + 8) cairo_set_operator(icr, MODES[inner].op);
        cairo_rectangle(target, v[0], v[1], v[2], v[3]);
        cairo_set_source_rgba(target, v[4], v[5], v[6], v[7]);
        cairo_fill(target);
    }
    /* The shadow: the blurred alpha in the shadow's color, premultiplied. */
    double *blurred = malloc((size_t)w * h * sizeof *blurred);
    blur_alpha(image, sigma, blurred, w, h);
    cairo_surface_t *cast = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_surface_flush(cast);
    unsigned char *data = cairo_image_surface_get_data(cast);
    int stride = cairo_image_surface_get_stride(cast);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double a = color[3] * blurred[y * w + x];
            uint32_t px = (uint32_t)lround(a * 255) << 24 | (uint32_t)lround(color[0] * a * 255) << 16
                | (uint32_t)lround(color[1] * a * 255) << 8 | (uint32_t)lround(color[2] * a * 255);
            ((uint32_t *)(data + y * stride))[x] = px;
        }
    cairo_surface_mark_dirty(cast);
    cairo_set_operator(cr, MODES[found].op);
    cairo_set_source_surface(cr, cast, dx, dy);
    cairo_paint_with_alpha(cr, alpha);
    cairo_set_source_surface(cr, image, 0, 0);
    cairo_paint_with_alpha(cr, alpha);
    cairo_surface_write_to_png(s, argv[2]);
    free(blurred);
    return cairo_status(cr) != CAIRO_STATUS_SUCCESS;
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "shadow")) return shadow(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "layer")) return layer(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "radial")) return radial(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "blend")) return blend(argc, argv);
    fprintf(stderr, "usage: paint_reference radial|blend|layer|shadow OUT …\n");
    return 2;
}
