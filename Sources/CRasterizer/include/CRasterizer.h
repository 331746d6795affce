// The C side of Meridian's PNG output: an SVG drawn by librsvg onto a cairo
// image surface and encoded as PNG. librsvg and cairo are opened when the
// first PNG is drawn (see CRasterizer.c), so no other command loads them.
#ifndef MERIDIAN_CRASTERIZER_H
#define MERIDIAN_CRASTERIZER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Draws the SVG document `svg` (`length` bytes) scaled to fill an image of
/// `width` x `height` pixels, and returns that image as PNG bytes (their
/// count in `pngLength`; free them with `mr_free`). On failure returns NULL
/// and writes a message of at most `errorLength` bytes (NUL included) to
/// `error`. The document is read with librsvg's default limits, and
/// references to anything outside it (files, URLs) are not loaded.
unsigned char *_Nullable mr_svg_to_png(
    const char *_Nonnull svg, size_t length, int width, int height, size_t *_Nonnull pngLength,
    char *_Nonnull error, size_t errorLength);

void mr_free(void *_Nullable bytes);

/// Whether librsvg and cairo could be opened; when not, 0 and a message
/// naming what is missing in `error`.
int mr_rasterizer_available(char *_Nonnull error, size_t errorLength);

#ifdef __cplusplus
}
#endif

#endif
