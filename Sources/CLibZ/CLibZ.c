#include "CLibZ.h"

#include "CLibraryLoader.h"

// zlib is opened when the first zip entry is read or written, not linked:
// linking it loads it at every start of every command.

MR_LIBRARY_TABLE(zlib, MRZlib, "libz.so.1", "libz.1.dylib", MR_ZLIB_FUNCTIONS(MR_LIBRARY_SYMBOL));

const MRZlib *mr_zlib(char *error, size_t errorLength) {
    return mr_library_table(&zlib, "zlib", "zlib1g", error, errorLength);
}
