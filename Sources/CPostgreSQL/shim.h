#ifndef GH_POSTGRESQL_SHIM_H
#define GH_POSTGRESQL_SHIM_H

// PostgreSQL's client library (Debian's libpq), for `gamehost serve --store postgresql://...`.
// It is opened when a PostgreSQL store is first asked for, never linked: libpq brings some
// twenty libraries (TLS, Kerberos, LDAP), whose loading would slow the start of every
// command, and a player who never serves needs none of them. The header gives the types and
// constants; the functions are found with dlsym.

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <postgresql/libpq-fe.h>  // Debian: /usr/include/postgresql

typedef struct {
    const char *error;  // why libpq could not be opened; NULL once it is
    PGconn *(*connectdb)(const char *);
    void (*finish)(PGconn *);
    ConnStatusType (*status)(const PGconn *);
    char *(*errorMessage)(const PGconn *);
    PGresult *(*execParams)(PGconn *, const char *, int, const Oid *, const char *const *, const int *, const int *, int);
    ExecStatusType (*resultStatus)(const PGresult *);
    char *(*resultErrorField)(const PGresult *, int);
    char *(*resultErrorMessage)(const PGresult *);
    int (*ntuples)(const PGresult *);
    int (*nfields)(const PGresult *);
    char *(*getvalue)(const PGresult *, int, int);
    int (*getisnull)(const PGresult *, int, int);
    void (*clear)(PGresult *);
    PQnoticeProcessor (*setNoticeProcessor)(PGconn *, PQnoticeProcessor, void *);
    int (*socket)(const PGconn *);
    int (*consumeInput)(PGconn *);
    PGnotify *(*notifies)(PGconn *);
    void (*freemem)(void *);
} gh_pq_library;

static inline void gh_pq_open(gh_pq_library *pq) {
    void *handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        pq->error = "PostgreSQL's client library (libpq.so.5, Debian's libpq5) is not installed";
        return;
    }
#define GH_PQ_FIND(field, name) \
    if ((*(void **)&pq->field = dlsym(handle, name)) == NULL) { pq->error = "libpq.so.5 lacks " name; return; }
    GH_PQ_FIND(connectdb, "PQconnectdb")
    GH_PQ_FIND(finish, "PQfinish")
    GH_PQ_FIND(status, "PQstatus")
    GH_PQ_FIND(errorMessage, "PQerrorMessage")
    GH_PQ_FIND(execParams, "PQexecParams")
    GH_PQ_FIND(resultStatus, "PQresultStatus")
    GH_PQ_FIND(resultErrorField, "PQresultErrorField")
    GH_PQ_FIND(resultErrorMessage, "PQresultErrorMessage")
    GH_PQ_FIND(ntuples, "PQntuples")
    GH_PQ_FIND(nfields, "PQnfields")
    GH_PQ_FIND(getvalue, "PQgetvalue")
    GH_PQ_FIND(getisnull, "PQgetisnull")
    GH_PQ_FIND(clear, "PQclear")
    GH_PQ_FIND(setNoticeProcessor, "PQsetNoticeProcessor")
    GH_PQ_FIND(socket, "PQsocket")
    GH_PQ_FIND(consumeInput, "PQconsumeInput")
    GH_PQ_FIND(notifies, "PQnotifies")
    GH_PQ_FIND(freemem, "PQfreemem")
#undef GH_PQ_FIND
    pq->error = NULL;
}

static inline gh_pq_library *gh_pq_slot(void) {
    static gh_pq_library library = { "not opened" };
    return &library;
}

static inline void gh_pq_open_once(void) { gh_pq_open(gh_pq_slot()); }

// The library, opened on the first call; NULL when it cannot be (then gh_pq_error says why).
static inline const gh_pq_library *gh_pq(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, gh_pq_open_once);
    return gh_pq_slot()->error == NULL ? gh_pq_slot() : NULL;
}

static inline const char *gh_pq_error(void) { return gh_pq() ? NULL : gh_pq_slot()->error; }

static inline void gh_pq_ignore_notice(void *arg, const char *message) { (void)arg; (void)message; }

// A connection (check gh_pq_connection_ok), whose notices ("already exists, skipping") are
// not printed on the server's standard error.
static inline PGconn *gh_pq_connect(const char *conninfo) {
    const gh_pq_library *pq = gh_pq();
    if (pq == NULL) return NULL;
    PGconn *conn = pq->connectdb(conninfo);
    if (conn != NULL) pq->setNoticeProcessor(conn, gh_pq_ignore_notice, NULL);
    return conn;
}

static inline int gh_pq_connection_ok(const PGconn *conn) { return conn != NULL && gh_pq()->status(conn) == CONNECTION_OK; }
static inline const char *gh_pq_connection_error(const PGconn *conn) { return conn ? gh_pq()->errorMessage(conn) : "no connection"; }
static inline void gh_pq_finish(PGconn *conn) { if (conn) gh_pq()->finish(conn); }

// A statement with text parameters ($1, $2, ...), its rows in text.
static inline PGresult *gh_pq_exec(PGconn *conn, const char *sql, int count, const char *const *values) {
    return gh_pq()->execParams(conn, sql, count, NULL, values, NULL, NULL, 0);
}

// 1: done (rows, or none to return); 0: failed (gh_pq_result_error says why).
static inline int gh_pq_result_ok(const PGresult *result) {
    if (result == NULL) return 0;
    ExecStatusType status = gh_pq()->resultStatus(result);
    return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}
static inline const char *gh_pq_result_error(const PGresult *result) {
    return result ? gh_pq()->resultErrorMessage(result) : "no result (the connection is lost)";
}
// The SQLSTATE of a failed statement ("23505": a unique key taken), or "".
static inline const char *gh_pq_result_state(const PGresult *result) {
    const char *state = result ? gh_pq()->resultErrorField(result, PG_DIAG_SQLSTATE) : NULL;
    return state ? state : "";
}
static inline int gh_pq_rows(const PGresult *result) { return gh_pq()->ntuples(result); }
static inline int gh_pq_columns(const PGresult *result) { return gh_pq()->nfields(result); }
static inline const char *gh_pq_value(const PGresult *result, int row, int column) {
    return gh_pq()->getisnull(result, row, column) ? NULL : gh_pq()->getvalue(result, row, column);
}
static inline void gh_pq_clear(PGresult *result) { if (result) gh_pq()->clear(result); }

// Notifications (LISTEN/NOTIFY). The connection's socket, to wait on (-1: none).
static inline int gh_pq_socket(const PGconn *conn) { return conn ? gh_pq()->socket(conn) : -1; }
// Reads what the server sent; 0 when the connection failed.
static inline int gh_pq_consume(PGconn *conn) { return conn ? gh_pq()->consumeInput(conn) : 0; }
// The next notification's payload copied into `buffer` (cut to `size` - 1 bytes): 1, or 0 when
// none is waiting.
static inline int gh_pq_next_notification(PGconn *conn, char *buffer, size_t size) {
    if (conn == NULL || size == 0) return 0;
    PGnotify *notify = gh_pq()->notifies(conn);
    if (notify == NULL) return 0;
    size_t n = 0;
    const char *extra = notify->extra ? notify->extra : "";
    while (extra[n] != 0 && n + 1 < size) { buffer[n] = extra[n]; n++; }
    buffer[n] = 0;
    gh_pq()->freemem(notify);
    return 1;
}

#endif
