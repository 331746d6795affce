#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>

const char *mr_library_load(MRLibrary *library) {
    // Once tried, the table and message never change again: no lock.
    if (__atomic_load_n(&library->tried, __ATOMIC_ACQUIRE)) return library->missing[0] ? library->missing : NULL;
    pthread_mutex_lock(&library->lock);
    if (!library->tried) {
        void *handle = dlopen(library->name, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            snprintf(library->missing, sizeof library->missing, "%s", library->name);
        } else {
            for (size_t index = 0; index < library->count; index++) {
                library->table[index] = dlsym(handle, library->symbols[index]);
                if (!library->table[index] && !library->missing[0]) {
                    snprintf(library->missing, sizeof library->missing, "%s in %s", library->symbols[index],
                             library->name);
                }
            }
        }
        __atomic_store_n(&library->tried, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&library->lock);
    return library->missing[0] ? library->missing : NULL;
}
