// SQLite's C API for Swift (Draws/SQLite.swift wraps the little of it Roundel uses).
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, a macro Swift cannot import: bound text is copied.
static inline sqlite3_destructor_type roundel_sqlite_transient(void) { return SQLITE_TRANSIENT; }
