#include "CRasterizer.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// librsvg, cairo and GLib are opened when the first PNG is drawn, not linked:
// linking them loads some sixty shared libraries (GLib, Pango, HarfBuzz,
// fontconfig...) at every start of every command, which more than doubles
// the start-up of `meridian --version`. Only what is called is declared
// here, as the libraries' stable C ABIs define it.

typedef struct RsvgHandle RsvgHandle;
typedef struct {
    unsigned int domain;
    int code;
    char *message;
} GError;
typedef struct {
    double x, y, width, height;
} RsvgRectangle;
typedef struct cairo_surface cairo_surface_t;
typedef struct cairo cairo_t;
typedef int cairo_status_t;
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);

enum { CAIRO_STATUS_SUCCESS = 0, CAIRO_STATUS_NO_MEMORY = 1, CAIRO_FORMAT_ARGB32 = 0 };

static struct {
    RsvgHandle *(*handle_new_from_data)(const unsigned char *, size_t, GError **);
    int (*render_document)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **);
    void (*object_unref)(void *);
    void (*error_free)(GError *);
    cairo_surface_t *(*image_surface_create)(int, int, int);
    cairo_status_t (*surface_status)(cairo_surface_t *);
    void (*surface_destroy)(cairo_surface_t *);
    cairo_t *(*create)(cairo_surface_t *);
    void (*destroy)(cairo_t *);
    cairo_status_t (*write_to_png_stream)(cairo_surface_t *, cairo_write_func_t, void *);
    const char *(*status_to_string)(cairo_status_t);
    char missing[256];
} api;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void *library(const char *name) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle && !api.missing[0]) snprintf(api.missing, sizeof api.missing, "%s", name);
    return handle;
}

static void *symbol(void *handle, const char *name) {
    void *found = handle ? dlsym(handle, name) : NULL;
    if (handle && !found && !api.missing[0]) snprintf(api.missing, sizeof api.missing, "%s", name);
    return found;
}

static void load(void) {
#ifdef __APPLE__
    void *rsvg = library("librsvg-2.2.dylib");
    void *cairo = library("libcairo.2.dylib");
    void *gobject = library("libgobject-2.0.0.dylib");
    void *glib = library("libglib-2.0.0.dylib");
#else
    void *rsvg = library("librsvg-2.so.2");
    void *cairo = library("libcairo.so.2");
    void *gobject = library("libgobject-2.0.so.0");
    void *glib = library("libglib-2.0.so.0");
#endif
    *(void **)&api.handle_new_from_data = symbol(rsvg, "rsvg_handle_new_from_data");
    *(void **)&api.render_document = symbol(rsvg, "rsvg_handle_render_document");
    *(void **)&api.object_unref = symbol(gobject, "g_object_unref");
    *(void **)&api.error_free = symbol(glib, "g_error_free");
    *(void **)&api.image_surface_create = symbol(cairo, "cairo_image_surface_create");
    *(void **)&api.surface_status = symbol(cairo, "cairo_surface_status");
    *(void **)&api.surface_destroy = symbol(cairo, "cairo_surface_destroy");
    *(void **)&api.create = symbol(cairo, "cairo_create");
    *(void **)&api.destroy = symbol(cairo, "cairo_destroy");
    *(void **)&api.write_to_png_stream = symbol(cairo, "cairo_surface_write_to_png_stream");
    *(void **)&api.status_to_string = symbol(cairo, "cairo_status_to_string");
}

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

int mr_rasterizer_available(char *error, size_t errorLength) {
    pthread_once(&loaded, load);
    if (api.missing[0]) {
        fail(error, errorLength, "PNG output needs librsvg and cairo (apt-get install librsvg2-2), and this is missing",
             api.missing);
        return 0;
    }
    return 1;
}

unsigned char *mr_svg_to_png(
    const char *svg, size_t length, int width, int height, size_t *pngLength, char *error, size_t errorLength) {
    *pngLength = 0;
    if (!mr_rasterizer_available(error, errorLength)) return NULL;
    GError *gerror = NULL;
    // No base file: librsvg then loads no external reference at all.
    RsvgHandle *handle = api.handle_new_from_data((const unsigned char *)svg, length, &gerror);
    if (!handle) {
        fail(error, errorLength, "librsvg cannot read the SVG", gerror ? gerror->message : NULL);
        if (gerror) api.error_free(gerror);
        return NULL;
    }
    cairo_surface_t *surface = api.image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (api.surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        fail(error, errorLength, "cairo cannot make the image", api.status_to_string(api.surface_status(surface)));
        api.surface_destroy(surface);
        api.object_unref(handle);
        return NULL;
    }
    cairo_t *context = api.create(surface);
    RsvgRectangle viewport = {0, 0, width, height};
    int drawn = api.render_document(handle, context, &viewport, &gerror);
    api.destroy(context);
    api.object_unref(handle);
    if (!drawn) {
        fail(error, errorLength, "librsvg cannot draw the SVG", gerror ? gerror->message : NULL);
        if (gerror) api.error_free(gerror);
        api.surface_destroy(surface);
        return NULL;
    }
    Buffer buffer = {0};
    cairo_status_t status = api.write_to_png_stream(surface, append, &buffer);
    api.surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS || buffer.failed) {
        fail(error, errorLength, "cairo cannot encode the PNG", api.status_to_string(status));
        free(buffer.bytes);
        return NULL;
    }
    *pngLength = buffer.length;
    return buffer.bytes;
}

void mr_free(void *bytes) { free(bytes); }
