// zlib's C API (zlib1g-dev), behind zips (KMZ, IMDF archives): its types
// and constants from <zlib.h>, and its functions through a table filled
// when a zip entry is first inflated, deflated or checked (see CLibZ.c), so
// that commands that never touch a zip never load it.
#ifndef MERIDIAN_CLIBZ_H
#define MERIDIAN_CLIBZ_H

#include <stddef.h>
#include <zlib.h>

#define MR_ZLIB_FUNCTIONS(X)                                                                                     \
    X(zlibVersion) X(crc32) X(inflateInit2_) X(inflate) X(inflateEnd) X(deflateInit2_) X(deflate)                \
    X(deflateEnd) X(deflateBound) X(adler32) X(adler32_combine)

/// The zlib functions Meridian calls, each under its own name.
typedef struct {
#define MR_ZLIB_FIELD(name) __typeof__(name) *_Nonnull name;
    MR_ZLIB_FUNCTIONS(MR_ZLIB_FIELD)
#undef MR_ZLIB_FIELD
} MRZlib;

/// zlib's functions, the library opened on the first call; NULL when it
/// cannot be opened or lacks a function, with a message of at most
/// `errorLength` bytes (NUL included) in `error`.
const MRZlib *_Nullable mr_zlib(char *_Nonnull error, size_t errorLength);

#endif
