#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

const char *mr_library_load(MRLibrary *library) {
    // Once tried, the table and message never change again: no lock.
    if (__atomic_load_n(&library->tried, __ATOMIC_ACQUIRE)) return library->missing[0] ? library->missing : NULL;
    pthread_mutex_lock(&library->lock);
    if (!library->tried) {
        // The name may list alternatives, "|" between them (the sonames of
        // several releases), tried in order; the first names what is missing.
        void *handle = NULL;
        char candidate[128];
        for (const char *start = library->name; !handle && *start;) {
            const char *end = strchr(start, '|');
            size_t length = end ? (size_t)(end - start) : strlen(start);
            snprintf(candidate, sizeof candidate, "%.*s", (int)length, start);
            handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL);
            start += end ? length + 1 : length;
        }
        size_t first = strcspn(library->name, "|");
        if (!handle) {
            snprintf(library->missing, sizeof library->missing, "%.*s", (int)first, library->name);
        } else {
            for (size_t index = 0; index < library->count; index++) {
                library->table[index] = dlsym(handle, library->symbols[index]);
                if (!library->table[index] && !library->missing[0]) {
                    snprintf(library->missing, sizeof library->missing, "%s in %s", library->symbols[index],
                             candidate);
                }
            }
        }
        __atomic_store_n(&library->tried, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&library->lock);
    return library->missing[0] ? library->missing : NULL;
}

const void *mr_library_table(MRLibrary *library, const char *what, const char *package, char *error,
                             size_t errorLength) {
    const char *missing = mr_library_load(library);
    if (missing) {
        snprintf(error, errorLength, "%s cannot be opened (apt-get install %s): %s is missing", what, package, missing);
        return NULL;
    }
    return library->table;
}
