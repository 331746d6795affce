#include "CSQLite.h"

#include "CLibraryLoader.h"

// SQLite is opened when the first database is, not linked: linking it
// loads it at every start of every command.

MR_LIBRARY_TABLE(sqlite, MRSQLite, "libsqlite3.so.0", "libsqlite3.dylib", MR_SQLITE_FUNCTIONS(MR_LIBRARY_SYMBOL));

const MRSQLite *mr_sqlite(char *error, size_t errorLength) {
    return mr_library_table(&sqlite, "SQLite", "libsqlite3-0", error, errorLength);
}
