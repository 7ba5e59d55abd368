#ifndef SCENEC_CLIBPNG_SHIM_H
#define SCENEC_CLIBPNG_SHIM_H
/* libpng, for the PNG backend's codec. Only Sources/PNGBackend/PNGCodec.swift imports this module.

   libpng reports errors by longjmp, which Swift cannot catch, so every call into libpng that can
   fail happens in one of the C functions below, each with its own setjmp: Swift hands them bytes
   or pixels and gets a status (and libpng's message) back. */
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    SCENEC_PNG_OK = 0,
    SCENEC_PNG_NO_MEMORY = 1,
    SCENEC_PNG_FAILED = 2,    /* libpng refused the data; the message says why */
    SCENEC_PNG_NOT_PNG = 3,   /* no PNG signature */
    SCENEC_PNG_TRUNCATED = 4, /* the bytes end before the image does */
    SCENEC_PNG_TOO_LARGE = 5  /* over the caller's pixel budget, found before any pixel memory exists */
};

/* ---------------------------------------------------------------- encoding */

typedef struct {
    unsigned char *bytes; /* malloc'd; the caller frees it with scenec_png_free */
    size_t count;
    size_t capacity;
} scenec_png_output;

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

/* Encodes straight RGBA8 pixels (rows of width × 4 bytes, one after another) as an 8-bit PNG, as
   cairo_surface_write_to_png does: RGB (color type 2) when every pixel is opaque, otherwise RGBA (6),
   and a white bKGD chunk. Given the pixels cairo's writer un-premultiplies, the file decodes to
   exactly its pixels. Unlike cairo, rows are not filtered and zlib runs at level 6: for flat vector
   art that is about twice as fast to encode and gives files as small or smaller (Benchmarks/bench.py
   and docs/performance.md). Deterministic: no time or text chunks. */
static inline int scenec_png_encode_rgba(const unsigned char *rgba, int width, int height, scenec_png_output *out) {
    out->bytes = NULL;
    out->count = 0;
    out->capacity = 0;
    if (width <= 0 || height <= 0 || width > INT32_MAX / 4) return SCENEC_PNG_FAILED;
    const size_t stride = (size_t)width * 4;

    int opaque = 1;
    for (int y = 0; y < height && opaque; y++) {
        const unsigned char *row = rgba + (size_t)y * stride;
        for (int x = 0; x < width; x++) {
            if (row[4 * x + 3] != 0xFF) { opaque = 0; break; }
        }
    }

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, scenec_png_error, scenec_png_warning);
    if (!png) return SCENEC_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(out->bytes);
        out->bytes = NULL;
        out->count = out->capacity = 0;
        return SCENEC_PNG_FAILED;
    }

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
    /* For RGB, libpng drops the fourth byte of each pixel itself, so rows are passed as they are. */
    if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);

    for (int y = 0; y < height; y++) png_write_row(png, rgba + (size_t)y * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return SCENEC_PNG_OK;
}

static inline void scenec_png_free(scenec_png_output *out) {
    free(out->bytes);
    out->bytes = NULL;
    out->count = out->capacity = 0;
}

/* ---------------------------------------------------------------- decoding */

/* One decoding in progress: begin reads the header and checks the size, Swift allocates the pixel
   memory, rows fills it, end releases libpng. Swift allocates the struct (its address must not move
   while libpng holds it as its error and read pointer) and calls end on every path after begin. */
typedef struct {
    png_structp png;
    png_infop info;
    const unsigned char *bytes;
    size_t count;
    size_t offset;
    int truncated;
    uint32_t width;
    uint32_t height;
    char message[256];
} scenec_png_decoder;

static void scenec_png_decode_error(png_structp png, png_const_charp message) {
    scenec_png_decoder *d = (scenec_png_decoder *)png_get_error_ptr(png);
    snprintf(d->message, sizeof d->message, "%s", message ? message : "unknown error");
    longjmp(png_jmpbuf(png), 1);
}

static void scenec_png_read(png_structp png, png_bytep data, png_size_t length) {
    scenec_png_decoder *d = (scenec_png_decoder *)png_get_io_ptr(png);
    if (length > d->count - d->offset) {
        d->truncated = 1;
        png_error(png, "the file ends before the image does");
    }
    memcpy(data, d->bytes + d->offset, length);
    d->offset += length;
}

/* The status of a longjmp out of libpng. */
static inline int scenec_png_failure(const scenec_png_decoder *d) {
    if (d->truncated) return SCENEC_PNG_TRUNCATED;
    /* libpng's allocation failures say "Out of memory" (or "out of memory" from png_malloc_warn). */
    if (strstr(d->message, "ut of memory") || strstr(d->message, "Insufficient memory")) return SCENEC_PNG_NO_MEMORY;
    return SCENEC_PNG_FAILED;
}

/* Reads the signature and header of `bytes` and sets up the transformations to 8-bit straight RGBA:
   palette and low-bit gray expanded, tRNS turned into alpha, 16-bit channels cut to 8, gray copied
   to RGB, opaque alpha added where there is none, interlaced passes combined. No gamma or color
   management: the stored values are what a snapshot means. On success d->width × d->height is at
   most max_pixels and rows may be called; whatever the status, end must be called. */
static inline int scenec_png_decode_begin(scenec_png_decoder *d, const unsigned char *bytes, size_t count,
                                          uint64_t max_pixels) {
    memset(d, 0, sizeof *d);
    d->bytes = bytes;
    d->count = count;
    if (count < 8 || png_sig_cmp((png_const_bytep)bytes, 0, 8) != 0) return SCENEC_PNG_NOT_PNG;
    d->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, d, scenec_png_decode_error, scenec_png_warning);
    if (!d->png) return SCENEC_PNG_NO_MEMORY;
    d->info = png_create_info_struct(d->png);
    if (!d->info) return SCENEC_PNG_NO_MEMORY;
    if (setjmp(png_jmpbuf(d->png))) return scenec_png_failure(d);

    png_set_read_fn(d->png, d, scenec_png_read);
    /* The pixel budget decides what is too large, with a message that says so, rather than
       libpng's default limit of a million pixels a side. */
    png_set_user_limits(d->png, 0x7fffffff, 0x7fffffff);
    png_read_info(d->png, d->info);

    png_uint_32 width = png_get_image_width(d->png, d->info), height = png_get_image_height(d->png, d->info);
    d->width = width;
    d->height = height;
    if ((uint64_t)width * (uint64_t)height > max_pixels) return SCENEC_PNG_TOO_LARGE;
    png_set_expand(d->png);
    png_set_strip_16(d->png);
    png_set_gray_to_rgb(d->png);
    png_set_add_alpha(d->png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(d->png);
    png_read_update_info(d->png, d->info);
    if (png_get_bit_depth(d->png, d->info) != 8 || png_get_channels(d->png, d->info) != 4
        || png_get_rowbytes(d->png, d->info) != (size_t)width * 4) {
        snprintf(d->message, sizeof d->message, "libpng could not convert the image to 8-bit RGBA");
        return SCENEC_PNG_FAILED;
    }
    return SCENEC_PNG_OK;
}

/* Decodes every row into `pixels` (width × height × 4 bytes), then reads to the IEND chunk so that a
   file cut short or with a bad checksum after the image data is refused too. */
static inline int scenec_png_decode_rows(scenec_png_decoder *d, unsigned char *pixels) {
    png_bytep *volatile rows = (png_bytep *)malloc(((size_t)d->height ? (size_t)d->height : 1) * sizeof(png_bytep));
    if (!rows) return SCENEC_PNG_NO_MEMORY;
    if (setjmp(png_jmpbuf(d->png))) {
        free(rows);
        return scenec_png_failure(d);
    }
    for (size_t y = 0; y < d->height; y++) rows[y] = pixels + y * (size_t)d->width * 4;
    png_read_image(d->png, rows);
    png_read_end(d->png, NULL);
    free(rows);
    return SCENEC_PNG_OK;
}

static inline void scenec_png_decode_end(scenec_png_decoder *d) {
    if (d->png) png_destroy_read_struct(&d->png, d->info ? &d->info : NULL, NULL);
    d->png = NULL;
    d->info = NULL;
}
#endif
