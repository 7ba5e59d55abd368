/* Reference pictures of masks drawn by cairo for check_masks.py (built by it with cc and pkg-config):
 *
 *   mask_reference OUT W H < OPERATIONS
 *
 * One operation per line, drawn onto the current image (the canvas at first, transparent):
 *   rect X Y W H R G B A [OPERATOR]   a rectangle in a color (0…1, alpha not premultiplied),
 *                                     with cairo's operator (multiply, …; default over)
 *   linear X Y W H X0 Y0 X1 Y1 R G B A R G B A
 *                                     a rectangle filled with a two-stop linear gradient, padded
 *   matrix A B C D TX TY              the transform of the operations that follow (any image)
 *   content                           starts a mask's content: a new transparent image
 *   body                              ends the content, starts the masked body: a new transparent image
 *   end MODE                          ends the body: the body's image is painted onto the image
 *                                     under them through a mask made from the content's image:
 *                                     its alpha (MODE alpha), or 0.2125·R + 0.7154·G + 0.0721·B of
 *                                     its premultiplied channels (MODE luminance), computed here
 *                                     pixel by pixel into an A8 surface (cairo_mask_surface).
 * Masks nest. The images are the canvas' size, in canvas pixels.
 */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAX_DEPTH 16

static int w, h;
static cairo_matrix_t matrix;
static cairo_t *stack[2 * MAX_DEPTH + 1];
static int depth;

static cairo_t *image(void) {
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_surface_destroy(s);
    return cr;
}

static cairo_operator_t operator_named(const char *name) {
    if (!strcmp(name, "multiply")) return CAIRO_OPERATOR_MULTIPLY;
    if (!strcmp(name, "screen")) return CAIRO_OPERATOR_SCREEN;
    if (!strcmp(name, "difference")) return CAIRO_OPERATOR_DIFFERENCE;
    return CAIRO_OPERATOR_OVER;
}

/* The content's image as an A8 surface: its alpha, or its luminance (premultiplied, so times alpha). */
static cairo_surface_t *mask_surface(cairo_surface_t *content, int luminance) {
    cairo_surface_flush(content);
    cairo_surface_t *m = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h);
    cairo_surface_flush(m);
    unsigned char *src = cairo_image_surface_get_data(content), *dst = cairo_image_surface_get_data(m);
    int ss = cairo_image_surface_get_stride(content), ds = cairo_image_surface_get_stride(m);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            uint32_t p = *(uint32_t *)(src + y * ss + 4 * x);  /* native-endian premultiplied ARGB */
            double a = (p >> 24) & 255, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            double v = luminance ? 0.2125 * r + 0.7154 * g + 0.0721 * b : a;
            dst[y * ds + x] = (unsigned char)(v + 0.5 > 255 ? 255 : v + 0.5);
        }
    }
    cairo_surface_mark_dirty(m);
    return m;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: mask_reference OUT W H < OPERATIONS\n"); return 2; }
    w = atoi(argv[2]); h = atoi(argv[3]);
    cairo_matrix_init_identity(&matrix);
    stack[0] = image();
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        char op[32] = "";
        if (sscanf(line, "%31s", op) != 1) continue;
        cairo_t *cr = stack[depth];
        if (!strcmp(op, "rect")) {
            double x, y, rw, rh, r, g, b, a;
            char name[32] = "over";
            if (sscanf(line, "rect %lf %lf %lf %lf %lf %lf %lf %lf %31s", &x, &y, &rw, &rh, &r, &g, &b, &a, name) < 8) goto bad;
            cairo_set_matrix(cr, &matrix);
            cairo_set_operator(cr, operator_named(name));
            cairo_set_source_rgba(cr, r, g, b, a);
            cairo_rectangle(cr, x, y, rw, rh);
            cairo_fill(cr);
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
        } else if (!strcmp(op, "linear")) {
            double x, y, rw, rh, x0, y0, x1, y1, c[8];
            if (sscanf(line, "linear %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &x, &y, &rw, &rh,
                       &x0, &y0, &x1, &y1, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]) != 16) goto bad;
            cairo_set_matrix(cr, &matrix);
            cairo_pattern_t *p = cairo_pattern_create_linear(x0, y0, x1, y1);
            cairo_pattern_add_color_stop_rgba(p, 0, c[0], c[1], c[2], c[3]);
            cairo_pattern_add_color_stop_rgba(p, 1, c[4], c[5], c[6], c[7]);
            cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD);
            cairo_set_source(cr, p);
            cairo_rectangle(cr, x, y, rw, rh);
            cairo_fill(cr);
            cairo_pattern_destroy(p);
        } else if (!strcmp(op, "matrix")) {
            if (sscanf(line, "matrix %lf %lf %lf %lf %lf %lf", &matrix.xx, &matrix.yx, &matrix.xy, &matrix.yy,
                       &matrix.x0, &matrix.y0) != 6) goto bad;
        } else if (!strcmp(op, "content") || !strcmp(op, "body")) {
            if (depth >= 2 * MAX_DEPTH) { fprintf(stderr, "masks nested too deeply\n"); return 2; }
            stack[++depth] = image();
        } else if (!strcmp(op, "end")) {
            char mode[32] = "";
            if (sscanf(line, "end %31s", mode) != 1 || depth < 2) goto bad;
            cairo_t *body = stack[depth--], *content = stack[depth--];
            cairo_surface_t *m = mask_surface(cairo_get_target(content), !strcmp(mode, "luminance"));
            cairo_t *under = stack[depth];
            cairo_identity_matrix(under);
            cairo_set_source_surface(under, cairo_get_target(body), 0, 0);
            cairo_mask_surface(under, m, 0, 0);
            cairo_surface_destroy(m);
            cairo_destroy(body);
            cairo_destroy(content);
        } else {
            goto bad;
        }
        continue;
    bad:
        fprintf(stderr, "bad operation: %s", line);
        return 2;
    }
    if (depth != 0) { fprintf(stderr, "a mask is not ended\n"); return 2; }
    return cairo_surface_write_to_png(cairo_get_target(stack[0]), argv[1]) == CAIRO_STATUS_SUCCESS ? 0 : 1;
}
