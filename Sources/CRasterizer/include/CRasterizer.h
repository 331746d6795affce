// The C side of Meridian's PNG output. A snapshot's SVG is drawn by
// Meridian itself onto a cairo image surface (text laid out by Pango), and
// by librsvg when it holds what that painter does not draw; the pixels are
// encoded as PNG here. cairo, Pango and librsvg are opened when first
// needed (see CRasterizer.c), so no other command loads them.
#ifndef MERIDIAN_CRASTERIZER_H
#define MERIDIAN_CRASTERIZER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Draws the SVG document `svg` (`length` bytes) with librsvg, scaled to
/// fill an image of `width` x `height` pixels, and returns that image as PNG
/// bytes (their count in `pngLength`; free them with `mr_free`). On failure
/// returns NULL and writes a message of at most `errorLength` bytes (NUL
/// included) to `error`. The document is read with librsvg's default limits,
/// and references to anything outside it (files, URLs) are not loaded.
unsigned char *_Nullable mr_svg_to_png(
    const char *_Nonnull svg, size_t length, int width, int height, size_t *_Nonnull pngLength,
    char *_Nonnull error, size_t errorLength);

void mr_free(void *_Nullable bytes);

/// cairo's matrix (xx, yx, xy, yy, x0, y0), as cairo_matrix_t.
typedef struct {
    double xx, yx, xy, yy, x0, y0;
} MRCairoMatrix;

/// The cairo functions Meridian's painter calls, under cairo's names and
/// as its stable C ABI declares them (no header is needed to build).
#define MR_CAIRO_FUNCTIONS(X)                                                                                    \
    X(void *_Nullable, cairo_image_surface_create, (int format, int width, int height))                         \
    X(void *_Nullable, cairo_image_surface_create_for_data,                                                     \
      (unsigned char *_Nonnull data, int format, int width, int height, int stride))                          \
    X(void, cairo_surface_set_device_offset, (void *_Nonnull surface, double x, double y))                      \
    X(int, cairo_surface_status, (void *_Nullable surface))                                                     \
    X(void, cairo_surface_destroy, (void *_Nullable surface))                                                   \
    X(void, cairo_surface_flush, (void *_Nonnull surface))                                                      \
    X(void *_Nullable, cairo_create, (void *_Nonnull surface))                                                  \
    X(void, cairo_destroy, (void *_Nullable cr))                                                                \
    X(int, cairo_status, (void *_Nonnull cr))                                                                   \
    X(const char *_Nonnull, cairo_status_to_string, (int status))                                               \
    X(void, cairo_save, (void *_Nonnull cr))                                                                    \
    X(void, cairo_restore, (void *_Nonnull cr))                                                                 \
    X(void, cairo_transform, (void *_Nonnull cr, const MRCairoMatrix *_Nonnull matrix))                         \
    X(void, cairo_new_path, (void *_Nonnull cr))                                                                \
    X(void, cairo_move_to, (void *_Nonnull cr, double x, double y))                                             \
    X(void, cairo_line_to, (void *_Nonnull cr, double x, double y))                                             \
    X(void, cairo_curve_to, (void *_Nonnull cr, double x1, double y1, double x2, double y2, double x3, double y3)) \
    X(void, cairo_close_path, (void *_Nonnull cr))                                                              \
    X(void, cairo_rectangle, (void *_Nonnull cr, double x, double y, double width, double height))             \
    X(void, cairo_set_source_rgba, (void *_Nonnull cr, double red, double green, double blue, double alpha))    \
    X(void, cairo_set_line_width, (void *_Nonnull cr, double width))                                            \
    X(void, cairo_set_line_join, (void *_Nonnull cr, int join))                                                 \
    X(void, cairo_set_line_cap, (void *_Nonnull cr, int cap))                                                   \
    X(void, cairo_set_miter_limit, (void *_Nonnull cr, double limit))                                           \
    X(void, cairo_set_dash, (void *_Nonnull cr, const double *_Nullable dashes, int count, double offset))       \
    X(void, cairo_set_fill_rule, (void *_Nonnull cr, int rule))                                                 \
    X(void, cairo_fill_preserve, (void *_Nonnull cr))                                                           \
    X(void, cairo_stroke_preserve, (void *_Nonnull cr))                                                         \
    X(void, cairo_paint, (void *_Nonnull cr))                                                                   \
    X(void, cairo_push_group, (void *_Nonnull cr))                                                              \
    X(void, cairo_pop_group_to_source, (void *_Nonnull cr))                                                     \
    X(void, cairo_paint_with_alpha, (void *_Nonnull cr, double alpha))                                          \
    X(void *_Nullable, cairo_font_options_create, (void))                                                       \
    X(void, cairo_font_options_destroy, (void *_Nullable options))                                              \
    X(void, cairo_font_options_set_antialias, (void *_Nonnull options, int antialias))                          \
    X(void, cairo_font_options_set_hint_style, (void *_Nonnull options, int style))                             \
    X(void, cairo_font_options_set_hint_metrics, (void *_Nonnull options, int metrics))

#define MR_RASTER_FIELD(result, name, parameters) result(*_Nonnull name) parameters;
typedef struct {
    MR_CAIRO_FUNCTIONS(MR_RASTER_FIELD)
} MRCairo;

/// cairo's functions, libcairo opened on the first call; NULL when it
/// cannot be, with a message of at most `errorLength` bytes in `error`.
const MRCairo *_Nullable mr_cairo(char *_Nonnull error, size_t errorLength);

/// A Pango rectangle, in Pango units (1/1024 of a pixel).
typedef struct {
    int x, y, width, height;
} MRPangoRectangle;

/// The Pango functions that lay out and outline a snapshot's text, as
/// librsvg does; libpangocairo opened on the first call.
#define MR_PANGO_FUNCTIONS(X)                                                                                    \
    X(void *_Nullable, pango_cairo_create_layout, (void *_Nonnull cr))                                          \
    X(void, pango_cairo_layout_path, (void *_Nonnull cr, void *_Nonnull layout))                                \
    X(void, pango_layout_set_text, (void *_Nonnull layout, const char *_Nonnull text, int length))             \
    X(void *_Nullable, pango_font_description_new, (void))                                                      \
    X(void, pango_font_description_set_family, (void *_Nonnull description, const char *_Nonnull family))      \
    X(void, pango_font_description_set_absolute_size, (void *_Nonnull description, double size))               \
    X(void, pango_font_description_set_weight, (void *_Nonnull description, int weight))                       \
    X(void, pango_font_description_free, (void *_Nullable description))                                        \
    X(void, pango_layout_set_font_description, (void *_Nonnull layout, const void *_Nullable description))     \
    X(void, pango_layout_get_extents,                                                                           \
      (void *_Nonnull layout, MRPangoRectangle *_Nullable ink, MRPangoRectangle *_Nullable logical))            \
    X(int, pango_layout_get_baseline, (void *_Nonnull layout))                                                  \
    X(void *_Nonnull, pango_layout_get_context, (void *_Nonnull layout))                                        \
    X(void, pango_layout_context_changed, (void *_Nonnull layout))                                              \
    X(void, pango_context_set_round_glyph_positions, (void *_Nonnull context, int round))                      \
    X(void, pango_cairo_context_set_font_options, (void *_Nonnull context, const void *_Nullable options))     \
    X(void, g_object_unref, (void *_Nullable object))

typedef struct {
    MR_PANGO_FUNCTIONS(MR_RASTER_FIELD)
} MRPango;

/// Pango's functions (libpangocairo); NULL when it cannot be opened, with a
/// message in `error`.
const MRPango *_Nullable mr_pango(char *_Nonnull error, size_t errorLength);

/// Rows of a PNG image, filtered and deflated (mr_png_deflate_rows).
typedef struct {
    unsigned char *_Nullable deflated;
    size_t deflatedLength;
    /// The Adler-32 of the rows before deflating, and their length.
    unsigned long adler;
    size_t rawLength;
} MRPNGRows;

/// Whether every pixel of `rows` rows from `firstRow` of the cairo ARGB32
/// image `pixels` (`width` pixels a row, rows `stride` bytes apart) is
/// opaque.
int mr_png_rows_opaque(const unsigned char *_Nonnull pixels, int width, int stride, int firstRow, int rows);

/// `rows` rows from `firstRow` of the cairo ARGB32 image `pixels`
/// (premultiplied alpha) as PNG scanlines of `channels` (3, RGB, for
/// opaque rows; else 4, RGBA), each filtered by its left neighbour,
/// deflated into `part`: to the end of the stream when `last` (the image's
/// last rows), else to a byte boundary, so that the next rows' deflated
/// bytes follow. -1 with a message in `error` when zlib cannot be opened
/// or memory runs out; free `part` with mr_png_rows_free.
int mr_png_deflate_rows(const unsigned char *_Nonnull pixels, int width, int stride, int firstRow, int rows,
                        int channels, int last, MRPNGRows *_Nonnull part, char *_Nonnull error,
                        size_t errorLength);

void mr_png_rows_free(MRPNGRows *_Nonnull part);

/// The PNG of a `width` x `height` image of `channels` whose rows are
/// `parts`, in order, the last deflated as `last`: its bytes (their count
/// in `pngLength`; free them with `mr_free`), or NULL with a message in
/// `error`.
unsigned char *_Nullable mr_png_join(const MRPNGRows *_Nonnull parts, int count, int width, int height,
                                     int channels, size_t *_Nonnull pngLength, char *_Nonnull error,
                                     size_t errorLength);

#ifdef __cplusplus
}
#endif

#endif
