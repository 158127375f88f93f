// SQLite 3 from Debian (libsqlite3-dev), for leaderboards and statistics.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: SQLite copies the bound text at once.
static inline sqlite3_destructor_type gh_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#include <time.h>

// A statement that runs past *deadline (monotonic seconds) is interrupted: a crafted database
// (a trigger that loops, a huge table) cannot hang the host.
static inline int gh_sqlite_past_deadline(void *deadline) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9 > *(double *)deadline;
}

static inline void gh_sqlite_bound_time(sqlite3 *db, double *deadline) {
    sqlite3_progress_handler(db, 10000, gh_sqlite_past_deadline, deadline);
}

static inline double gh_sqlite_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
