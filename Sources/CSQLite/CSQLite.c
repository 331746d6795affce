#include "CSQLite.h"

#include "CLibraryLoader.h"

// SQLite is opened when the first database is, not linked: linking it
// loads it at every start of every command.

static MRSQLite api;
static const char *const symbols[] = {MR_SQLITE_FUNCTIONS(MR_LIBRARY_SYMBOL)};
_Static_assert(sizeof api == sizeof symbols / sizeof *symbols * sizeof(void *), "a pointer for each function");
static MRLibrary sqlite = MR_LIBRARY("libsqlite3.so.0", "libsqlite3.dylib", symbols, api);

const MRSQLite *mr_sqlite(char *error, size_t errorLength) {
    return mr_library_table(&sqlite, "SQLite", "libsqlite3-0", error, errorLength);
}
