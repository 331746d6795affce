// libpq, PostgreSQL's client library (libpq5), for PostGIS input and
// output: opened when the first connection is made (see CPostgres.c). Its
// C interface is declared here as libpq-fe.h documents it, so that
// building needs no development package.
#ifndef MERIDIAN_CPOSTGRES_H
#define MERIDIAN_CPOSTGRES_H

#include <stddef.h>

typedef struct pg_conn MRPGconn;
typedef struct pg_result MRPGresult;
typedef unsigned int MROid;

/// ConnStatusType: CONNECTION_OK.
#define MR_CONNECTION_OK 0
/// ExecStatusType values.
#define MR_PGRES_COMMAND_OK 1
#define MR_PGRES_TUPLES_OK 2
#define MR_PGRES_COPY_OUT 3
#define MR_PGRES_COPY_IN 4

#define MR_PQ_FUNCTIONS(X)                                                                                        \
    X(PQconnectdb) X(PQstatus) X(PQerrorMessage) X(PQfinish) X(PQexec) X(PQexecParams) X(PQresultStatus)      \
    X(PQresultErrorField) X(PQclear) X(PQntuples) X(PQnfields) X(PQfname) X(PQftype) X(PQgetvalue)            \
    X(PQgetlength) X(PQgetisnull) X(PQputCopyData) X(PQputCopyEnd) X(PQgetCopyData) X(PQgetResult)            \
    X(PQfreemem) X(PQsetNoticeProcessor) X(PQconninfoParse) X(PQconninfoFree)

/// One option of a connection string, as PQconninfoParse returns them.
typedef struct {
    char *_Nullable keyword;
    char *_Nullable envvar;
    char *_Nullable compiled;
    char *_Nullable val;
    char *_Nullable label;
    char *_Nullable dispchar;
    int dispsize;
} MRPQconninfoOption;

/// libpq's functions.
typedef struct {
    MRPGconn *_Nullable (*_Nonnull PQconnectdb)(const char *_Nonnull conninfo);
    int (*_Nonnull PQstatus)(const MRPGconn *_Nullable conn);
    char *_Nonnull (*_Nonnull PQerrorMessage)(const MRPGconn *_Nullable conn);
    void (*_Nonnull PQfinish)(MRPGconn *_Nullable conn);
    MRPGresult *_Nullable (*_Nonnull PQexec)(MRPGconn *_Nonnull conn, const char *_Nonnull query);
    MRPGresult *_Nullable (*_Nonnull PQexecParams)(MRPGconn *_Nonnull conn, const char *_Nonnull command,
                                                   int nParams, const MROid *_Nullable paramTypes,
                                                   const char *_Nullable const *_Nullable paramValues,
                                                   const int *_Nullable paramLengths,
                                                   const int *_Nullable paramFormats, int resultFormat);
    int (*_Nonnull PQresultStatus)(const MRPGresult *_Nullable res);
    char *_Nullable (*_Nonnull PQresultErrorField)(const MRPGresult *_Nullable res, int fieldcode);
    void (*_Nonnull PQclear)(MRPGresult *_Nullable res);
    int (*_Nonnull PQntuples)(const MRPGresult *_Nonnull res);
    int (*_Nonnull PQnfields)(const MRPGresult *_Nonnull res);
    char *_Nullable (*_Nonnull PQfname)(const MRPGresult *_Nonnull res, int field);
    MROid (*_Nonnull PQftype)(const MRPGresult *_Nonnull res, int field);
    char *_Nonnull (*_Nonnull PQgetvalue)(const MRPGresult *_Nonnull res, int row, int field);
    int (*_Nonnull PQgetlength)(const MRPGresult *_Nonnull res, int row, int field);
    int (*_Nonnull PQgetisnull)(const MRPGresult *_Nonnull res, int row, int field);
    int (*_Nonnull PQputCopyData)(MRPGconn *_Nonnull conn, const char *_Nonnull buffer, int nbytes);
    int (*_Nonnull PQputCopyEnd)(MRPGconn *_Nonnull conn, const char *_Nullable errormsg);
    int (*_Nonnull PQgetCopyData)(MRPGconn *_Nonnull conn, char *_Nullable *_Nonnull buffer, int async);
    MRPGresult *_Nullable (*_Nonnull PQgetResult)(MRPGconn *_Nonnull conn);
    void (*_Nonnull PQfreemem)(void *_Nullable ptr);
    void *_Nullable (*_Nonnull PQsetNoticeProcessor)(MRPGconn *_Nonnull conn,
                                                     void (*_Nullable proc)(void *_Nullable, const char *_Nonnull),
                                                     void *_Nullable arg);
    MRPQconninfoOption *_Nullable (*_Nonnull PQconninfoParse)(const char *_Nonnull conninfo,
                                                              char *_Nullable *_Nullable errmsg);
    void (*_Nonnull PQconninfoFree)(MRPQconninfoOption *_Nullable options);
} MRPQ;

/// libpq's functions, the library opened on the first call; NULL when it
/// cannot be opened, with a message of at most `errorLength` bytes in `error`.
const MRPQ *_Nullable mr_pq(char *_Nonnull error, size_t errorLength);

/// Connects with `conninfo` and silences the server's notices (which libpq
/// would print on standard error); NULL only when memory runs out.
MRPGconn *_Nullable mr_pq_connect(const MRPQ *_Nonnull pq, const char *_Nonnull conninfo);

#endif
