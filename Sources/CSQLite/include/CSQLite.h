// SQLite's C API (libsqlite3-dev), behind GeoPackage: its types and
// constants from <sqlite3.h>, and its functions through a table filled when
// a database is first opened (see CSQLite.c), so that commands that never
// open one never load it.
#ifndef MERIDIAN_CSQLITE_H
#define MERIDIAN_CSQLITE_H

#include <sqlite3.h>
#include <stddef.h>

#define MR_SQLITE_FUNCTIONS(X)                                                                                   \
    X(sqlite3_open_v2) X(sqlite3_close_v2) X(sqlite3_errmsg) X(sqlite3_exec) X(sqlite3_prepare_v2)              \
    X(sqlite3_finalize) X(sqlite3_reset) X(sqlite3_step) X(sqlite3_clear_bindings) X(sqlite3_bind_blob)         \
    X(sqlite3_bind_double) X(sqlite3_bind_int64) X(sqlite3_bind_null) X(sqlite3_bind_text)                      \
    X(sqlite3_column_blob) X(sqlite3_column_bytes) X(sqlite3_column_count) X(sqlite3_column_double)             \
    X(sqlite3_column_int64) X(sqlite3_column_name) X(sqlite3_column_text) X(sqlite3_column_type)                \
    X(sqlite3_last_insert_rowid) X(sqlite3_limit) X(sqlite3_progress_handler)

/// The SQLite functions Meridian calls, each under its own name.
typedef struct {
#define MR_SQLITE_FIELD(name) __typeof__(name) *_Nonnull name;
    MR_SQLITE_FUNCTIONS(MR_SQLITE_FIELD)
#undef MR_SQLITE_FIELD
} MRSQLite;

/// SQLite's functions, the library opened on the first call; NULL when it
/// cannot be opened or lacks a function, with a message of at most
/// `errorLength` bytes (NUL included) in `error`.
const MRSQLite *_Nullable mr_sqlite(char *_Nonnull error, size_t errorLength);

#endif
