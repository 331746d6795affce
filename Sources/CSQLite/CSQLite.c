#include "CSQLite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// SQLite is opened when the first database is, not linked: linking it
// loads it at every start of every command.

static MRSQLite api;
static char missing[200];
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
#ifdef __APPLE__
    const char *name = "libsqlite3.dylib";
#else
    const char *name = "libsqlite3.so.0";
#endif
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(missing, sizeof missing, "%s", name);
        return;
    }
#define MR_SQLITE_BIND(function)                                                   \
    *(void **)&api.function = dlsym(library, #function);                         \
    if (!api.function && !missing[0]) snprintf(missing, sizeof missing, "%s in %s", #function, name);
    MR_SQLITE_FUNCTIONS(MR_SQLITE_BIND)
#undef MR_SQLITE_BIND
}

const MRSQLite *mr_sqlite(char *error, size_t errorLength) {
    pthread_once(&loaded, load);
    if (missing[0]) {
        snprintf(error, errorLength, "SQLite cannot be opened (apt-get install libsqlite3-0): %s is missing", missing);
        return NULL;
    }
    return &api;
}
