#include "CPROJ.h"

#include "CLibraryLoader.h"

// PROJ is opened when the first transformation is made, not linked:
// linking it loads PROJ, SQLite, libtiff and libcurl at every start of
// every command. Its soname changes with each release: Debian 12's 9.1
// first, then those before and after.

MR_LIBRARY_TABLE(proj, MRPROJ, "libproj.so.25|libproj.so.26|libproj.so.22|libproj.so.19|libproj.so",
                                   "libproj.25.dylib|libproj.dylib", MR_PROJ_FUNCTIONS(MR_LIBRARY_SYMBOL));

const MRPROJ *mr_proj(char *error, size_t errorLength) {
    return mr_library_table(&proj, "PROJ", "libproj25", error, errorLength);
}
