// libpq's C API for Swift (Draws/PostgresConnection.swift wraps the little of it Roundel uses).
#include <libpq-fe.h>

// PG_DIAG_SQLSTATE is a character macro, which Swift does not import.
static inline int roundel_pg_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int roundel_pg_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
