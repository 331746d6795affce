#include "CGEOS.h"

#include "CLibraryLoader.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// GEOS is opened when the first geometry is checked, not linked: linking it
// loads GEOS and the C++ runtime at every start of every command.

MR_LIBRARY_TABLE(geos, MRGEOS, "libgeos_c.so.1", "libgeos_c.dylib", MR_GEOS_FUNCTIONS(MR_LIBRARY_SYMBOL));

const MRGEOS *mr_geos(char *error, size_t errorLength) {
    return mr_library_table(&geos, "GEOS", "libgeos-c1v5", error, errorLength);
}

// The address space this process has mapped now (Linux: /proc/self/statm's
// first field, in pages); 0 when unknown.
static size_t mappedBytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (!file) return 0;
    unsigned long pages = 0;
    int read = fscanf(file, "%lu", &pages);
    fclose(file);
    return read == 1 ? (size_t)pages * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

static int writeAll(int descriptor, const void *bytes, size_t count) {
    const unsigned char *next = bytes;
    while (count > 0) {
        ssize_t written = write(descriptor, next, count);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return -1;
        next += written;
        count -= (size_t)written;
    }
    return 0;
}

// GEOS's last error in the worker.
static char workerError[512];

static void keepWorkerError(const char *message, void *userData) {
    (void)userData;
    snprintf(workerError, sizeof workerError, "%s", message);
}

// The worker: limits, MakeValid, the result's length and WKB on the pipe
// (or, when GEOS fails, its message, and exit status 3).
static void makeValidInWorker(GEOSContextHandle_t context, const GEOSGeometry *geometry, double seconds,
                              size_t memoryBytes, int output) {
    for (int signal = 1; signal < NSIG; signal++) {
        if (signal != SIGKILL && signal != SIGSTOP) (void)sigaction(signal, &(struct sigaction){.sa_handler = SIG_DFL}, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    (void)sigprocmask(SIG_SETMASK, &none, NULL);
    rlim_t cpu = (rlim_t)seconds + 1;
    (void)setrlimit(RLIMIT_CPU, &(struct rlimit){cpu, cpu});
    size_t mapped = mappedBytes();
    if (mapped > 0) {
        rlim_t space = (rlim_t)(mapped + memoryBytes);
        (void)setrlimit(RLIMIT_AS, &(struct rlimit){space, space});
    }
    geosTable.GEOSContext_setErrorMessageHandler_r(context, keepWorkerError, NULL);
    GEOSMakeValidParams *parameters = geosTable.GEOSMakeValidParams_create_r(context);
    GEOSGeometry *valid = NULL;
    if (parameters) {
        geosTable.GEOSMakeValidParams_setMethod_r(context, parameters, GEOS_MAKE_VALID_LINEWORK);
        geosTable.GEOSMakeValidParams_setKeepCollapsed_r(context, parameters, 0);
        valid = geosTable.GEOSMakeValidWithParams_r(context, geometry, parameters);
    }
    if (!valid) {
        (void)writeAll(output, workerError, strlen(workerError));
        _exit(3);
    }
    GEOSWKBWriter *writer = geosTable.GEOSWKBWriter_create_r(context);
    size_t size = 0;
    unsigned char *wkb = writer ? geosTable.GEOSWKBWriter_write_r(context, writer, valid, &size) : NULL;
    if (!wkb) _exit(2);
    uint64_t length = size;
    if (writeAll(output, &length, sizeof length) != 0 || writeAll(output, wkb, size) != 0) _exit(2);
    _exit(0);
}

static double monotonic(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

MRGEOSBoundedStatus mr_geos_make_valid_bounded(GEOSContextHandle_t context, const GEOSGeometry *geometry,
                                               double seconds, size_t memoryBytes, GEOSGeometry **result,
                                               char *message, size_t messageLength) {
    *result = NULL;
    if (messageLength > 0) message[0] = 0;
    int pipeEnds[2];
    if (pipe(pipeEnds) != 0) return MR_GEOS_BOUNDED_NO_WORKER;
    pid_t worker = fork();
    if (worker < 0) {
        close(pipeEnds[0]);
        close(pipeEnds[1]);
        return MR_GEOS_BOUNDED_NO_WORKER;
    }
    if (worker == 0) {
        close(pipeEnds[0]);
        makeValidInWorker(context, geometry, seconds, memoryBytes, pipeEnds[1]);
    }
    close(pipeEnds[1]);
    // Read the answer until the worker closes the pipe or time runs out.
    unsigned char *bytes = NULL;
    size_t count = 0, capacity = 0;
    int timedOut = 0, failed = 0;
    double end = monotonic() + seconds;
    for (;;) {
        double left = end - monotonic();
        if (left <= 0) {
            timedOut = 1;
            break;
        }
        struct pollfd ready = {.fd = pipeEnds[0], .events = POLLIN};
        int polled = poll(&ready, 1, (int)(left * 1000) + 1);
        if (polled < 0 && errno == EINTR) continue;
        if (polled <= 0) continue;
        if (count == capacity) {
            size_t larger = capacity ? capacity * 2 : 65536;
            unsigned char *grown = realloc(bytes, larger);
            if (!grown) {
                failed = 1;
                break;
            }
            bytes = grown;
            capacity = larger;
        }
        ssize_t got = read(pipeEnds[0], bytes + count, capacity - count);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        count += (size_t)got;
    }
    close(pipeEnds[0]);
    if (timedOut || failed) kill(worker, SIGKILL);
    int status = 0;
    while (waitpid(worker, &status, 0) < 0 && errno == EINTR) {}
    MRGEOSBoundedStatus outcome = MR_GEOS_BOUNDED_FAILED;
    if (timedOut || (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)) {
        outcome = MR_GEOS_BOUNDED_TIMED_OUT;
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 3) {
        outcome = MR_GEOS_BOUNDED_GEOS_ERROR;
        if (messageLength > 0) snprintf(message, messageLength, "%.*s", (int)count, bytes ? (const char *)bytes : "");
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && count >= sizeof(uint64_t)) {
        uint64_t length;
        memcpy(&length, bytes, sizeof length);
        if (length == count - sizeof length) {
            GEOSWKBReader *reader = geosTable.GEOSWKBReader_create_r(context);
            if (reader) {
                *result = geosTable.GEOSWKBReader_read_r(context, reader, bytes + sizeof length, (size_t)length);
                geosTable.GEOSWKBReader_destroy_r(context, reader);
            }
            if (*result) outcome = MR_GEOS_BOUNDED_DONE;
        }
    }
    free(bytes);
    return outcome;
}
