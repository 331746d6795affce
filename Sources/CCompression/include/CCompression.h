// The compressions Parquet pages and OpenStreetMap PBF blocks use besides
// zlib (which CLibZ opens): Snappy (libsnappy1v5), Zstandard (libzstd1)
// and LZ4 (liblz4-1), each opened when the first page or block needs it
// (see CCompression.c). Their C interfaces are
// declared here, as each library documents them (snappy-c.h, zstd.h, lz4.h),
// so that building needs neither development package.
#ifndef MERIDIAN_CCOMPRESSION_H
#define MERIDIAN_CCOMPRESSION_H

#include <stddef.h>

/// snappy_status: 0 is success.
typedef int mr_snappy_status;

#define MR_SNAPPY_FUNCTIONS(X)                                                                                   \
    X(snappy_compress) X(snappy_uncompress) X(snappy_max_compressed_length) X(snappy_uncompressed_length)

/// Snappy's C functions.
typedef struct {
    mr_snappy_status (*_Nonnull snappy_compress)(const char *_Nonnull input, size_t inputLength,
                                                 char *_Nonnull compressed, size_t *_Nonnull compressedLength);
    mr_snappy_status (*_Nonnull snappy_uncompress)(const char *_Nonnull compressed, size_t compressedLength,
                                                   char *_Nonnull uncompressed, size_t *_Nonnull uncompressedLength);
    size_t (*_Nonnull snappy_max_compressed_length)(size_t sourceLength);
    mr_snappy_status (*_Nonnull snappy_uncompressed_length)(const char *_Nonnull compressed, size_t compressedLength,
                                                            size_t *_Nonnull result);
} MRSnappy;

#define MR_ZSTD_FUNCTIONS(X) X(ZSTD_compress) X(ZSTD_decompress) X(ZSTD_compressBound) X(ZSTD_isError) X(ZSTD_getErrorName)

/// Zstandard's simple functions.
typedef struct {
    size_t (*_Nonnull ZSTD_compress)(void *_Nonnull destination, size_t capacity, const void *_Nonnull source,
                                     size_t sourceSize, int level);
    size_t (*_Nonnull ZSTD_decompress)(void *_Nonnull destination, size_t capacity, const void *_Nonnull source,
                                       size_t compressedSize);
    size_t (*_Nonnull ZSTD_compressBound)(size_t sourceSize);
    unsigned (*_Nonnull ZSTD_isError)(size_t code);
    const char *_Nonnull (*_Nonnull ZSTD_getErrorName)(size_t code);
} MRZstd;

#define MR_LZ4_FUNCTIONS(X) X(LZ4_decompress_safe)

/// LZ4's block decompression (lz4.h), for OpenStreetMap PBF blocks.
typedef struct {
    int (*_Nonnull LZ4_decompress_safe)(const char *_Nonnull source, char *_Nonnull destination, int compressedSize,
                                        int capacity);
} MRLZ4;

/// Snappy's functions, the library opened on the first call; NULL when it
/// cannot be opened, with a message of at most `errorLength` bytes in `error`.
const MRSnappy *_Nullable mr_snappy(char *_Nonnull error, size_t errorLength);

/// Zstandard's functions, as `mr_snappy`.
const MRZstd *_Nullable mr_zstd(char *_Nonnull error, size_t errorLength);

/// LZ4's functions (liblz4-1), as `mr_snappy`.
const MRLZ4 *_Nullable mr_lz4(char *_Nonnull error, size_t errorLength);

#endif
