// One loader for the C libraries Meridian opens at first use instead of
// linking (zlib, SQLite, GEOS, libxml2): linking them would load them, and
// what they pull in, at every start of every command.
//
//     MR_LIBRARY_TABLE(zlib, MRZlib, "libz.so.1", "libz.1.dylib", MR_ZLIB_FUNCTIONS(MR_LIBRARY_SYMBOL));
//     ...
//     const MRZlib *table = mr_library_table(&zlib, "zlib", "zlib1g", error, sizeof error);
#ifndef MERIDIAN_CLIBRARYLOADER_H
#define MERIDIAN_CLIBRARYLOADER_H

#include <pthread.h>
#include <stddef.h>

/// A library and the functions it must have, to fill a table of function
/// pointers laid out in the order of `symbols`.
typedef struct {
    const char *_Nonnull name;
    const char *_Nonnull const *_Nonnull symbols;
    size_t count;
    void *_Nullable *_Nonnull table;
    pthread_mutex_t lock;
    int tried;
    char missing[200];
} MRLibrary;

/// A function's name, for a list of symbols made from a table's X-macro.
#define MR_LIBRARY_SYMBOL(function) #function,

#ifdef __APPLE__
#define MR_LIBRARY_NAME(linux, apple) apple
#else
#define MR_LIBRARY_NAME(linux, apple) linux
#endif

/// A library named `linux` or `apple` (the platform's; alternatives with
/// "|" between them, tried in order) whose functions
/// `symbols` fill `table`, a struct of as many function pointers.
#define MR_LIBRARY(linux, apple, symbols, table)                                                                  \
    {MR_LIBRARY_NAME(linux, apple), symbols, sizeof(symbols) / sizeof(*(symbols)), (void **)&(table),            \
     PTHREAD_MUTEX_INITIALIZER, 0, ""}

/// Declares `static MRLibrary library` (named `linux` or `apple`), the
/// table it fills, `static TYPE library##Table`, and its symbols, the
/// remaining arguments, one for each of the table's function pointers.
#define MR_LIBRARY_TABLE(library, TYPE, linux, apple, ...)                                                        \
    static TYPE library##Table;                                                                                 \
    static const char *const library##Symbols[] = {__VA_ARGS__};                                                \
    _Static_assert(sizeof library##Table == sizeof library##Symbols / sizeof *library##Symbols * sizeof(void *), \
                   "a pointer for each function");                                                             \
    static MRLibrary library = MR_LIBRARY(linux, apple, library##Symbols, library##Table)

/// Opens the library and fills its table, once, whichever thread asks
/// first; NULL when it did, else what is missing: the library's file
/// name, or "FUNCTION in LIBRARY".
const char *_Nullable mr_library_load(MRLibrary *_Nonnull library);

/// The library's table, loaded; NULL when it cannot be, with "WHAT cannot
/// be opened (apt-get install PACKAGE): ... is missing" in `error` (at most
/// `errorLength` bytes, NUL included).
const void *_Nullable mr_library_table(MRLibrary *_Nonnull library, const char *_Nonnull what,
                                       const char *_Nonnull package, char *_Nonnull error, size_t errorLength);

#endif
