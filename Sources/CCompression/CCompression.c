#include "CCompression.h"

#include "CLibraryLoader.h"

// Snappy, Zstandard and LZ4 are opened when the first Parquet page or PBF
// block that uses them is read or written, not linked: linking them would load them at
// every start of every command.

static MRSnappy snappy;
static const char *const snappySymbols[] = {MR_SNAPPY_FUNCTIONS(MR_LIBRARY_SYMBOL)};
_Static_assert(sizeof snappy == sizeof snappySymbols / sizeof *snappySymbols * sizeof(void *), "a pointer each");
static MRLibrary snappyLibrary = MR_LIBRARY("libsnappy.so.1", "libsnappy.1.dylib", snappySymbols, snappy);

static MRZstd zstd;
static const char *const zstdSymbols[] = {MR_ZSTD_FUNCTIONS(MR_LIBRARY_SYMBOL)};
_Static_assert(sizeof zstd == sizeof zstdSymbols / sizeof *zstdSymbols * sizeof(void *), "a pointer each");
static MRLibrary zstdLibrary = MR_LIBRARY("libzstd.so.1", "libzstd.1.dylib", zstdSymbols, zstd);

static MRLZ4 lz4;
static const char *const lz4Symbols[] = {MR_LZ4_FUNCTIONS(MR_LIBRARY_SYMBOL)};
_Static_assert(sizeof lz4 == sizeof lz4Symbols / sizeof *lz4Symbols * sizeof(void *), "a pointer each");
static MRLibrary lz4Library = MR_LIBRARY("liblz4.so.1", "liblz4.1.dylib", lz4Symbols, lz4);

const MRSnappy *mr_snappy(char *error, size_t errorLength) {
    return mr_library_table(&snappyLibrary, "Snappy", "libsnappy1v5", error, errorLength);
}

const MRZstd *mr_zstd(char *error, size_t errorLength) {
    return mr_library_table(&zstdLibrary, "Zstandard", "libzstd1", error, errorLength);
}

const MRLZ4 *mr_lz4(char *error, size_t errorLength) {
    return mr_library_table(&lz4Library, "LZ4", "liblz4-1", error, errorLength);
}
