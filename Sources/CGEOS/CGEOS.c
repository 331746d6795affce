#include "CGEOS.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// GEOS is opened when the first geometry is checked, not linked: linking it
// loads GEOS and the C++ runtime at every start of every command.

static MRGEOS api;
static char missing[200];
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
#ifdef __APPLE__
    const char *name = "libgeos_c.dylib";
#else
    const char *name = "libgeos_c.so.1";
#endif
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(missing, sizeof missing, "%s", name);
        return;
    }
#define MR_GEOS_BIND(function)                                                   \
    *(void **)&api.function = dlsym(library, #function);                         \
    if (!api.function && !missing[0]) snprintf(missing, sizeof missing, "%s in %s", #function, name);
    MR_GEOS_FUNCTIONS(MR_GEOS_BIND)
#undef MR_GEOS_BIND
}

const MRGEOS *mr_geos(char *error, size_t errorLength) {
    pthread_once(&loaded, load);
    if (missing[0]) {
        snprintf(error, errorLength, "GEOS cannot be opened (apt-get install libgeos-c1v5): %s is missing", missing);
        return NULL;
    }
    return &api;
}
