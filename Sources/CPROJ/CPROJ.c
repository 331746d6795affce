#include "CPROJ.h"

#include "CLibraryLoader.h"

// PROJ is opened when the first transformation is made, not linked:
// linking it loads PROJ, SQLite, libtiff and libcurl at every start of
// every command. Its soname changes with each release: Debian 12's 9.1
// first, then those before and after.

static MRPROJ api;
static const char *const symbols[] = {MR_PROJ_FUNCTIONS(MR_LIBRARY_SYMBOL)};
_Static_assert(sizeof api == sizeof symbols / sizeof *symbols * sizeof(void *), "a pointer for each function");
static MRLibrary proj = MR_LIBRARY("libproj.so.25|libproj.so.26|libproj.so.22|libproj.so.19|libproj.so",
                                   "libproj.25.dylib|libproj.dylib", symbols, api);

const MRPROJ *mr_proj(char *error, size_t errorLength) {
    return mr_library_table(&proj, "PROJ", "libproj25", error, errorLength);
}
