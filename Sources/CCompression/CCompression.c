#include "CCompression.h"

#include "CLibraryLoader.h"

// Snappy, Zstandard and LZ4 are opened when the first Parquet page or PBF
// block that uses them is read or written, not linked: linking them would load them at
// every start of every command.

MR_LIBRARY_TABLE(snappyLibrary, MRSnappy, "libsnappy.so.1", "libsnappy.1.dylib",
                 MR_SNAPPY_FUNCTIONS(MR_LIBRARY_SYMBOL));

MR_LIBRARY_TABLE(zstdLibrary, MRZstd, "libzstd.so.1", "libzstd.1.dylib", MR_ZSTD_FUNCTIONS(MR_LIBRARY_SYMBOL));

MR_LIBRARY_TABLE(lz4Library, MRLZ4, "liblz4.so.1", "liblz4.1.dylib", MR_LZ4_FUNCTIONS(MR_LIBRARY_SYMBOL));

const MRSnappy *mr_snappy(char *error, size_t errorLength) {
    return mr_library_table(&snappyLibrary, "Snappy", "libsnappy1v5", error, errorLength);
}

const MRZstd *mr_zstd(char *error, size_t errorLength) {
    return mr_library_table(&zstdLibrary, "Zstandard", "libzstd1", error, errorLength);
}

const MRLZ4 *mr_lz4(char *error, size_t errorLength) {
    return mr_library_table(&lz4Library, "LZ4", "liblz4-1", error, errorLength);
}
