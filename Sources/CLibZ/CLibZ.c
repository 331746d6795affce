#include "CLibZ.h"

#include "CLibraryLoader.h"

// zlib is opened when the first zip entry is read or written, not linked:
// linking it loads it at every start of every command.

static MRZlib api;
static const char *const symbols[] = {MR_ZLIB_FUNCTIONS(MR_LIBRARY_SYMBOL)};
_Static_assert(sizeof api == sizeof symbols / sizeof *symbols * sizeof(void *), "a pointer for each function");
static MRLibrary zlib = MR_LIBRARY("libz.so.1", "libz.1.dylib", symbols, api);

const MRZlib *mr_zlib(char *error, size_t errorLength) {
    return mr_library_table(&zlib, "zlib", "zlib1g", error, errorLength);
}
