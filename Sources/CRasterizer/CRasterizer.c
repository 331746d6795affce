#include "CRasterizer.h"

#include "CLibZ.h"
#include "CLibraryLoader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// librsvg is opened when a PNG holds what Meridian's painter does not draw,
// not linked: linking it loads some sixty shared libraries (GLib, Pango,
// HarfBuzz, fontconfig...) at every start of every command. Its functions,
// and those of GLib and cairo that it links, are found through it; only
// what is called is declared here, as the libraries' stable C ABIs define it.

typedef struct RsvgHandle RsvgHandle;
typedef struct {
    unsigned int domain;
    int code;
    char *message;
} GError;
typedef struct {
    double x, y, width, height;
} RsvgRectangle;
typedef int cairo_status_t;
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);

enum { CAIRO_STATUS_SUCCESS = 0, CAIRO_STATUS_NO_MEMORY = 1, CAIRO_FORMAT_ARGB32 = 0 };

#define MR_RSVG_FUNCTIONS(X)                                                                                     \
    X(RsvgHandle *, rsvg_handle_new_from_data, (const unsigned char *, size_t, GError **))                       \
    X(int, rsvg_handle_render_document, (RsvgHandle *, void *, const RsvgRectangle *, GError **))                \
    X(void, g_object_unref, (void *))                                                                           \
    X(void, g_error_free, (GError *))                                                                           \
    X(cairo_status_t, cairo_surface_write_to_png_stream, (void *, cairo_write_func_t, void *))

#define MR_RASTER_SYMBOL(result, name, parameters) #name,

typedef struct {
    MR_RSVG_FUNCTIONS(MR_RASTER_FIELD)
} MRRsvg;

MR_LIBRARY_TABLE(rsvgLibrary, MRRsvg, "librsvg-2.so.2", "librsvg-2.2.dylib", MR_RSVG_FUNCTIONS(MR_RASTER_SYMBOL));

typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    int failed;
} Buffer;

static cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
    Buffer *buffer = closure;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->length + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->bytes, capacity);
        if (!grown) {
            buffer->failed = 1;
            return CAIRO_STATUS_NO_MEMORY;
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
    return CAIRO_STATUS_SUCCESS;
}

static void fail(char *error, size_t errorLength, const char *what, const char *detail) {
    snprintf(error, errorLength, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

unsigned char *mr_svg_to_png(
    const char *svg, size_t length, int width, int height, size_t *pngLength, char *error, size_t errorLength) {
    *pngLength = 0;
    const MRRsvg *rsvg = mr_library_table(&rsvgLibrary, "librsvg", "librsvg2-2", error, errorLength);
    const MRCairo *cairo = rsvg ? mr_cairo(error, errorLength) : NULL;
    if (!cairo) return NULL;
    GError *gerror = NULL;
    // No base file: librsvg then loads no external reference at all.
    RsvgHandle *handle = rsvg->rsvg_handle_new_from_data((const unsigned char *)svg, length, &gerror);
    if (!handle) {
        fail(error, errorLength, "librsvg cannot read the SVG", gerror ? gerror->message : NULL);
        if (gerror) rsvg->g_error_free(gerror);
        return NULL;
    }
    void *surface = cairo->cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo->cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        fail(error, errorLength, "cairo cannot make the image",
             cairo->cairo_status_to_string(cairo->cairo_surface_status(surface)));
        cairo->cairo_surface_destroy(surface);
        rsvg->g_object_unref(handle);
        return NULL;
    }
    void *context = cairo->cairo_create(surface);
    RsvgRectangle viewport = {0, 0, width, height};
    int drawn = rsvg->rsvg_handle_render_document(handle, context, &viewport, &gerror);
    cairo->cairo_destroy(context);
    rsvg->g_object_unref(handle);
    if (!drawn) {
        fail(error, errorLength, "librsvg cannot draw the SVG", gerror ? gerror->message : NULL);
        if (gerror) rsvg->g_error_free(gerror);
        cairo->cairo_surface_destroy(surface);
        return NULL;
    }
    Buffer buffer = {0};
    cairo_status_t status = rsvg->cairo_surface_write_to_png_stream(surface, append, &buffer);
    cairo->cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS || buffer.failed) {
        fail(error, errorLength, "cairo cannot encode the PNG", cairo->cairo_status_to_string(status));
        free(buffer.bytes);
        return NULL;
    }
    *pngLength = buffer.length;
    return buffer.bytes;
}

void mr_free(void *bytes) { free(bytes); }

// cairo alone (Meridian's own painter) and Pango (its text), each opened
// when first needed: cairo costs some 1.5 ms to open, librsvg with GLib
// several times that.

MR_LIBRARY_TABLE(cairoLibrary, MRCairo, "libcairo.so.2", "libcairo.2.dylib", MR_CAIRO_FUNCTIONS(MR_RASTER_SYMBOL));

const MRCairo *mr_cairo(char *error, size_t errorLength) {
    return mr_library_table(&cairoLibrary, "cairo", "libcairo2", error, errorLength);
}

MR_LIBRARY_TABLE(pangoLibrary, MRPango, "libpangocairo-1.0.so.0", "libpangocairo-1.0.0.dylib",
                 MR_PANGO_FUNCTIONS(MR_RASTER_SYMBOL));

const MRPango *mr_pango(char *error, size_t errorLength) {
    return mr_library_table(&pangoLibrary, "Pango", "libpangocairo-1.0-0", error, errorLength);
}

// PNG encoding. cairo's own (cairo_surface_write_to_png through libpng at
// zlib's default level) took 15 ms of a 1024x768 map; here each row is
// filtered by its left neighbour (PNG filter 1, "Sub": a map's flat areas
// become runs of zeros) and deflated with zlib's run-length strategy, a
// run of rows at a time (on as many threads as the caller runs), the runs
// joined as pigz joins them (each but the last ends on a byte boundary
// with a sync flush; the Adler-32s combined).

int mr_png_rows_opaque(const unsigned char *pixels, int width, int stride, int firstRow, int rows) {
    for (int y = firstRow; y < firstRow + rows; y++) {
        const unsigned int *row = (const unsigned int *)(pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++)
            if (row[x] >> 24 != 255) return 0;
    }
    return 1;
}

int mr_png_deflate_rows(const unsigned char *pixels, int width, int stride, int firstRow, int rows, int channels,
                        int last, MRPNGRows *part, char *error, size_t errorLength) {
    *part = (MRPNGRows){0};
    const MRZlib *zlib = mr_zlib(error, errorLength);
    if (!zlib) return -1;
    size_t rowLength = 1 + (size_t)width * channels;
    part->rawLength = rowLength * rows;
    unsigned char *raw = malloc(part->rawLength);
    if (!raw) {
        snprintf(error, errorLength, "out of memory encoding a PNG %d pixels wide", width);
        return -1;
    }
    for (int y = 0; y < rows; y++) {
        const unsigned int *pixel = (const unsigned int *)(pixels + (size_t)(firstRow + y) * stride);
        unsigned char *out = raw + rowLength * y;
        *out++ = 1;
        if (channels == 3) {
            // Opaque: no alpha to divide by, each channel less the one before.
            unsigned int previous = 0;
            for (int x = 0; x < width; x++, out += 3) {
                unsigned int argb = pixel[x];
                out[0] = (unsigned char)((argb >> 16) - (previous >> 16));
                out[1] = (unsigned char)((argb >> 8) - (previous >> 8));
                out[2] = (unsigned char)(argb - previous);
                previous = argb;
            }
            continue;
        }
        unsigned char previous[4] = {0, 0, 0, 0};
        for (int x = 0; x < width; x++) {
            unsigned int argb = pixel[x];
            unsigned int alpha = argb >> 24;
            unsigned char rgba[4] = {(unsigned char)(argb >> 16), (unsigned char)(argb >> 8), (unsigned char)argb,
                                     (unsigned char)alpha};
            if (alpha != 255 && alpha != 0) {
                // cairo stores colours premultiplied by alpha; PNG does not.
                for (int c = 0; c < 3; c++) rgba[c] = (unsigned char)((rgba[c] * 255 + alpha / 2) / alpha);
            }
            for (int c = 0; c < 4; c++) {
                *out++ = (unsigned char)(rgba[c] - previous[c]);
                previous[c] = rgba[c];
            }
        }
    }
    part->adler = zlib->adler32(1L, raw, (unsigned int)part->rawLength);
    z_stream stream = {0};
    int opened = zlib->deflateInit2_(&stream, 1, Z_DEFLATED, -15, 8, Z_RLE, ZLIB_VERSION, (int)sizeof stream) == Z_OK;
    int failed = 1;
    part->deflated = opened ? malloc(zlib->deflateBound(&stream, part->rawLength) + 16) : NULL;
    if (part->deflated) {
        stream.next_in = raw;
        stream.avail_in = (unsigned int)part->rawLength;
        stream.next_out = part->deflated;
        stream.avail_out = (unsigned int)(zlib->deflateBound(&stream, part->rawLength) + 16);
        int status = zlib->deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH);
        failed = status != (last ? Z_STREAM_END : Z_OK) || stream.avail_in != 0;
        part->deflatedLength = stream.total_out;
    }
    if (opened) zlib->deflateEnd(&stream);
    free(raw);
    if (failed) {
        snprintf(error, errorLength, part->deflated ? "zlib cannot deflate a PNG %d pixels wide"
                                                    : "out of memory encoding a PNG %d pixels wide", width);
        mr_png_rows_free(part);
        return -1;
    }
    return 0;
}

void mr_png_rows_free(MRPNGRows *part) {
    free(part->deflated);
    part->deflated = NULL;
    part->deflatedLength = 0;
}

static void putBigEndian(unsigned char *at, unsigned long value) {
    at[0] = (unsigned char)(value >> 24);
    at[1] = (unsigned char)(value >> 16);
    at[2] = (unsigned char)(value >> 8);
    at[3] = (unsigned char)value;
}

// Appends a chunk of `length` data bytes already at `at + 8`: its length,
// type and CRC around them.
static size_t closeChunk(const MRZlib *zlib, unsigned char *at, const char *type, size_t length) {
    putBigEndian(at, (unsigned long)length);
    memcpy(at + 4, type, 4);
    putBigEndian(at + 8 + length, zlib->crc32(0L, at + 4, (unsigned int)(length + 4)));
    return length + 12;
}

unsigned char *mr_png_join(const MRPNGRows *parts, int count, int width, int height, int channels,
                           size_t *pngLength, char *error, size_t errorLength) {
    *pngLength = 0;
    const MRZlib *zlib = mr_zlib(error, errorLength);
    if (!zlib) return NULL;
    size_t deflated = 0;
    unsigned long adler = 1L;
    for (int i = 0; i < count; i++) {
        deflated += parts[i].deflatedLength;
        adler = i == 0 ? parts[0].adler : zlib->adler32_combine(adler, parts[i].adler, (long)parts[i].rawLength);
    }
    // Signature, IHDR (13 bytes), IDAT (zlib header, the runs, Adler-32), IEND.
    unsigned char *png = malloc(8 + 25 + 12 + 2 + deflated + 4 + 12);
    if (!png) {
        snprintf(error, errorLength, "out of memory encoding a PNG of %dx%d pixels", width, height);
        return NULL;
    }
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    memcpy(png, signature, 8);
    unsigned char *at = png + 8;
    putBigEndian(at + 8, (unsigned long)width);
    putBigEndian(at + 12, (unsigned long)height);
    at[16] = 8;                      // bits per channel
    at[17] = channels == 3 ? 2 : 6;  // RGB or RGBA
    at[18] = at[19] = at[20] = 0;
    at += closeChunk(zlib, at, "IHDR", 13);
    unsigned char *data = at + 8;
    data[0] = 0x78;  // deflate, 32 KB window
    data[1] = 0x01;  // fastest, (0x7801 % 31 == 0)
    size_t offset = 2;
    for (int i = 0; i < count; i++) {
        memcpy(data + offset, parts[i].deflated, parts[i].deflatedLength);
        offset += parts[i].deflatedLength;
    }
    putBigEndian(data + offset, adler);
    at += closeChunk(zlib, at, "IDAT", offset + 4);
    at += closeChunk(zlib, at, "IEND", 0);
    *pngLength = (size_t)(at - png);
    return png;
}
