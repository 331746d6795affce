#include "CPostgres.h"

#include "CLibraryLoader.h"

// libpq is opened when the first PostGIS connection is made, not linked:
// linking it would load it, with its TLS and Kerberos libraries, at every
// start of every command.

MR_LIBRARY_TABLE(pqLibrary, MRPQ, "libpq.so.5", "libpq.5.dylib", MR_PQ_FUNCTIONS(MR_LIBRARY_SYMBOL));

const MRPQ *mr_pq(char *error, size_t errorLength) {
    return mr_library_table(&pqLibrary, "libpq", "libpq5", error, errorLength);
}

static void mr_pq_ignore_notice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

MRPGconn *mr_pq_connect(const MRPQ *api, const char *conninfo) {
    MRPGconn *connection = api->PQconnectdb(conninfo);
    if (connection != NULL) api->PQsetNoticeProcessor(connection, mr_pq_ignore_notice, NULL);
    return connection;
}
