#include "CLibZ.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// zlib is opened when the first zip entry is read or written, not linked:
// linking it loads it at every start of every command.

static MRZlib api;
static char missing[200];
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
#ifdef __APPLE__
    const char *name = "libz.1.dylib";
#else
    const char *name = "libz.so.1";
#endif
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(missing, sizeof missing, "%s", name);
        return;
    }
#define MR_ZLIB_BIND(function)                                                     \
    *(void **)&api.function = dlsym(library, #function);                         \
    if (!api.function && !missing[0]) snprintf(missing, sizeof missing, "%s in %s", #function, name);
    MR_ZLIB_FUNCTIONS(MR_ZLIB_BIND)
#undef MR_ZLIB_BIND
}

const MRZlib *mr_zlib(char *error, size_t errorLength) {
    pthread_once(&loaded, load);
    if (missing[0]) {
        snprintf(error, errorLength, "zlib cannot be opened (apt-get install zlib1g): %s is missing", missing);
        return NULL;
    }
    return &api;
}
