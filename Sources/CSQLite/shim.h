// SQLite 3 from Debian (libsqlite3-dev), for leaderboards and statistics.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: SQLite copies the bound text at once.
static inline sqlite3_destructor_type gh_sqlite_transient(void) { return SQLITE_TRANSIENT; }
