#ifndef RECIPES_CSQLITE_SHIM_H
#define RECIPES_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro that Swift cannot import; binding text through it makes
// SQLite copy the bytes before the Swift buffer goes away.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
