#ifndef RECIPES_CSQLITE_SHIM_H
#define RECIPES_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro that Swift cannot import; binding text through it makes
// SQLite copy the bytes before the Swift buffer goes away.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call; one wrapper per option used.
static inline int csqlite_set_checkpoint_on_close(sqlite3 *db, int enabled) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, enabled ? 0 : 1, (int *)0);
}

// sqlite3_config is variadic too. Memory statistics take a global mutex on every allocation
// SQLite makes; nothing here reads them. Only possible before SQLite initializes (else
// SQLITE_MISUSE, and the statistics stay on).
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
