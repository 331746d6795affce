#include "CRasterizer.h"

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    GError *gerror = NULL;
    // No base file: librsvg then loads no external reference at all.
    RsvgHandle *handle = rsvg_handle_new_from_data((const guint8 *)svg, length, &gerror);
    if (!handle) {
        fail(error, errorLength, "librsvg cannot read the SVG", gerror ? gerror->message : NULL);
        if (gerror) g_error_free(gerror);
        return NULL;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        fail(error, errorLength, "cairo cannot make the image", cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        g_object_unref(handle);
        return NULL;
    }
    cairo_t *context = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, width, height};
    gboolean drawn = rsvg_handle_render_document(handle, context, &viewport, &gerror);
    cairo_destroy(context);
    g_object_unref(handle);
    if (!drawn) {
        fail(error, errorLength, "librsvg cannot draw the SVG", gerror ? gerror->message : NULL);
        if (gerror) g_error_free(gerror);
        cairo_surface_destroy(surface);
        return NULL;
    }
    Buffer buffer = {0};
    cairo_status_t status = cairo_surface_write_to_png_stream(surface, append, &buffer);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS || buffer.failed) {
        fail(error, errorLength, "cairo cannot encode the PNG", cairo_status_to_string(status));
        free(buffer.bytes);
        return NULL;
    }
    *pngLength = buffer.length;
    return buffer.bytes;
}

void mr_free(void *bytes) { free(bytes); }
