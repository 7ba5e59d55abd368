#ifndef SCENEC_CLIBPNG_SHIM_H
#define SCENEC_CLIBPNG_SHIM_H
/* libpng, for the PNG backend's encoder. Only Sources/PNGBackend/PNGEncoder.swift imports this module.

   libpng reports errors by longjmp, which Swift cannot catch, so the whole encoder is this one C
   function: Swift hands it the pixels and gets bytes or a status back. */
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *bytes; /* malloc'd; the caller frees it with scenec_png_free */
    size_t count;
    size_t capacity;
} scenec_png_output;

enum { SCENEC_PNG_OK = 0, SCENEC_PNG_NO_MEMORY = 1, SCENEC_PNG_FAILED = 2 };

static void scenec_png_write(png_structp png, png_bytep data, png_size_t length) {
    scenec_png_output *out = (scenec_png_output *)png_get_io_ptr(png);
    if (length > SIZE_MAX - out->count) png_error(png, "out of memory");
    if (out->count + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 4096;
        while (capacity < out->count + length) capacity = capacity > SIZE_MAX / 2 ? SIZE_MAX : capacity * 2;
        unsigned char *grown = (unsigned char *)realloc(out->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        out->bytes = grown;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->count, data, length);
    out->count += length;
}

static void scenec_png_flush(png_structp png) { (void)png; }

/* Errors go back through png_jmpbuf (libpng's default handler would also print to stderr). */
static void scenec_png_error(png_structp png, png_const_charp message) {
    (void)message;
    longjmp(png_jmpbuf(png), 1);
}

static void scenec_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/* Encodes cairo's ARGB32 pixels (premultiplied, one native-endian uint32 per pixel, rows `stride`
   bytes apart) as an 8-bit PNG, as cairo_surface_write_to_png does: RGB when every pixel is opaque,
   otherwise RGBA with the color un-premultiplied by cairo's rounding, and a white bKGD chunk. So the
   pixels read back are exactly cairo's. Unlike cairo, rows are not filtered and zlib runs at level 6:
   for flat vector art that is about twice as fast to encode and gives files as small or smaller
   (Benchmarks/bench.py and README "Performance"). Deterministic: no time or text chunks. */
static inline int scenec_png_encode(const unsigned char *pixels, int width, int height, int stride,
                                    scenec_png_output *out) {
    out->bytes = NULL;
    out->count = 0;
    out->capacity = 0;
    if (width <= 0 || height <= 0 || stride < width * 4) return SCENEC_PNG_FAILED;

    int opaque = 1;
    for (int y = 0; y < height && opaque; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 0xFF) { opaque = 0; break; }
        }
    }
    const int channels = opaque ? 3 : 4;

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, scenec_png_error, scenec_png_warning);
    if (!png) return SCENEC_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    unsigned char *volatile line = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(line);
        free(out->bytes);
        out->bytes = NULL;
        out->count = out->capacity = 0;
        return SCENEC_PNG_FAILED;
    }
    line = (unsigned char *)malloc((size_t)width * 4);
    if (!line) png_error(png, "out of memory");

    png_set_write_fn(png, out, scenec_png_write, scenec_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_color_16 white;
    memset(&white, 0, sizeof white);
    white.red = white.green = white.blue = white.gray = 0xFF;
    png_set_bKGD(png, info, &white);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, 6);
    png_write_info(png, info);

    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        unsigned char *o = line;
        for (int x = 0; x < width; x++) {
            uint32_t p = row[x];
            unsigned a = p >> 24, r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
            if (channels == 3) {
                o[0] = (unsigned char)r; o[1] = (unsigned char)g; o[2] = (unsigned char)b;
                o += 3;
            } else if (a == 0) {
                o[0] = o[1] = o[2] = o[3] = 0;
                o += 4;
            } else {
                /* cairo's unpremultiply_data */
                o[0] = (unsigned char)((r * 255 + a / 2) / a);
                o[1] = (unsigned char)((g * 255 + a / 2) / a);
                o[2] = (unsigned char)((b * 255 + a / 2) / a);
                o[3] = (unsigned char)a;
                o += 4;
            }
        }
        png_write_row(png, line);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(line);
    return SCENEC_PNG_OK;
}

static inline void scenec_png_free(scenec_png_output *out) {
    free(out->bytes);
    out->bytes = NULL;
    out->count = out->capacity = 0;
}
#endif
