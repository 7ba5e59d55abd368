/* Reference pictures of conic gradients for check_conic.py (built by it with cc and pkg-config).
 *
 *   conic_reference OUT W H CX CY ANGLE STOPS ROTATION PX PY SHAPE [numbers…]
 *
 * The gradient is computed here pixel by pixel, independently of scenec's wedges: at each of 16×16
 * sample points of a pixel, the direction from the center (CX, CY) in user space gives
 * t = (atan2 − ANGLE) / 2π wrapped into 0…1 (clockwise on the y-down canvas), the color at t is
 * interpolated between the STOPS ("offset:r,g,b,a;…", 0…1 values, non-premultiplied, as SVG and
 * Core Graphics interpolate), premultiplied, and the samples averaged. That image is the source
 * cairo draws the SHAPE with, in the user space rotated by ROTATION radians about (PX, PY):
 *   paint                                   the whole canvas
 *   circle X Y R                            a filled circle
 *   rect X Y W H                            a filled rectangle
 *   ring X Y R START END WIDTH              an arc from START to END (clockwise), stroked with
 *                                           round caps
 */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STOPS 32
#define SAMPLES 16

static double offsets[MAX_STOPS], colors[MAX_STOPS][4];
static int stopCount;

/* The non-premultiplied color at t: before the first stop its color, after the last its color,
   a later stop winning where two share an offset. */
static void colorAt(double t, double out[4]) {
    if (t < offsets[0]) { memcpy(out, colors[0], sizeof colors[0]); return; }
    if (t >= offsets[stopCount - 1]) { memcpy(out, colors[stopCount - 1], sizeof colors[0]); return; }
    int i = 0;
    while (i + 1 < stopCount && offsets[i + 1] <= t) i++;
    double span = offsets[i + 1] - offsets[i], f = span > 0 ? (t - offsets[i]) / span : 1;
    for (int c = 0; c < 4; c++) out[c] = colors[i][c] + (colors[i + 1][c] - colors[i][c]) * f;
}

int main(int argc, char **argv) {
    if (argc < 12) { fprintf(stderr, "usage: conic_reference OUT W H CX CY ANGLE STOPS ROTATION PX PY SHAPE [numbers…]\n"); return 2; }
    int w = atoi(argv[2]), h = atoi(argv[3]);
    double cx = atof(argv[4]), cy = atof(argv[5]), angle = atof(argv[6]);
    char *stops = strdup(argv[7]);
    for (char *tok = strtok(stops, ";"); tok; tok = strtok(NULL, ";")) {
        if (stopCount == MAX_STOPS) { fprintf(stderr, "too many stops\n"); return 2; }
        double *c = colors[stopCount];
        if (sscanf(tok, "%lf:%lf,%lf,%lf,%lf", &offsets[stopCount], &c[0], &c[1], &c[2], &c[3]) != 5) {
            fprintf(stderr, "bad stop %s\n", tok); return 2;
        }
        stopCount++;
    }
    if (stopCount == 0) { fprintf(stderr, "no stops\n"); return 2; }
    double rotation = atof(argv[8]), px = atof(argv[9]), py = atof(argv[10]);
    const char *shape = argv[11];
    double v[6] = {0};
    for (int i = 12; i < argc && i < 18; i++) v[i - 12] = atof(argv[i]);

    /* The gradient in device pixels: a device point is taken back into user space (the inverse
       rotation about the pivot) before its direction from the center is measured. */
    cairo_surface_t *field = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    unsigned char *data = cairo_image_surface_get_data(field);
    int stride = cairo_image_surface_get_stride(field);
    const double turn = 2 * M_PI, cr0 = cos(-rotation), sr0 = sin(-rotation);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            double sum[4] = {0};
            for (int j = 0; j < SAMPLES; j++) {
                for (int i = 0; i < SAMPLES; i++) {
                    double dx = x + (i + 0.5) / SAMPLES - px, dy = y + (j + 0.5) / SAMPLES - py;
                    double ux = px + cr0 * dx - sr0 * dy, uy = py + sr0 * dx + cr0 * dy;
                    double t = (atan2(uy - cy, ux - cx) - angle) / turn;
                    t -= floor(t);
                    double c[4];
                    colorAt(t, c);
                    for (int k = 0; k < 3; k++) sum[k] += c[k] * c[3];
                    sum[3] += c[3];
                }
            }
            unsigned int a = (unsigned int)lround(sum[3] / (SAMPLES * SAMPLES) * 255);
            unsigned int r = (unsigned int)lround(sum[0] / (SAMPLES * SAMPLES) * 255);
            unsigned int g = (unsigned int)lround(sum[1] / (SAMPLES * SAMPLES) * 255);
            unsigned int b = (unsigned int)lround(sum[2] / (SAMPLES * SAMPLES) * 255);
            *(unsigned int *)(data + y * stride + 4 * x) = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
    cairo_surface_mark_dirty(field);

    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_surface(cr, field, 0, 0);
    cairo_translate(cr, px, py);
    cairo_rotate(cr, rotation);
    cairo_translate(cr, -px, -py);
    if (!strcmp(shape, "paint")) {
        cairo_paint(cr);
    } else if (!strcmp(shape, "circle")) {
        cairo_arc(cr, v[0], v[1], v[2], 0, turn);
        cairo_fill(cr);
    } else if (!strcmp(shape, "rect")) {
        cairo_rectangle(cr, v[0], v[1], v[2], v[3]);
        cairo_fill(cr);
    } else if (!strcmp(shape, "ring")) {
        cairo_arc(cr, v[0], v[1], v[2], v[3], v[4]);
        cairo_set_line_width(cr, v[5]);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_stroke(cr);
    } else {
        fprintf(stderr, "unknown shape %s\n", shape); return 2;
    }
    cairo_surface_write_to_png(s, argv[1]);
    return cairo_status(cr) != CAIRO_STATUS_SUCCESS;
}
