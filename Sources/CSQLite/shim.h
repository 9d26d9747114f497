#ifndef CATALOG_CSQLITE_SHIM_H
#define CATALOG_CSQLITE_SHIM_H
#include <sqlite3.h>
#include <string.h>

/// Turns off double-quoted string literals in DDL and DML (sqlite3_db_config is variadic,
/// which Swift cannot call directly).
static inline int catalog_sqlite3_disable_dqs(sqlite3 *db) {
  int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (void *)0);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (void *)0);
}

/// Binds text that SQLite copies at once (SQLITE_TRANSIENT is a macro Swift cannot import).
/// `text` is NUL-terminated at `byteCount` (Swift's withCString). Text without an embedded
/// NUL is bound with its terminator (length -1), so SQLite keeps the copy terminated and a
/// function reading it as text (json_valid in the tables' CHECK constraints) uses it as it
/// is instead of copying it again to add a terminator; text holding a NUL keeps its length.
static inline int catalog_sqlite3_bind_text_transient(sqlite3_stmt *stmt, int index,
                                                      const char *text, int byteCount) {
  int length = memchr(text, 0, (size_t)byteCount) == NULL ? -1 : byteCount;
  return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

/// Binds text that SQLite reads where it is (SQLITE_STATIC, a macro Swift cannot import):
/// the caller keeps `text` unchanged until the statement is reset and its bindings cleared.
/// `text` is NUL-terminated at `byteCount`. Text without an embedded NUL is bound with
/// length -1, so SQLite knows it is terminated (a byte count would make it a string without
/// a known terminator, which json_valid would copy); text holding a NUL keeps its length.
static inline int catalog_sqlite3_bind_text_static(sqlite3_stmt *stmt, int index,
                                                   const char *text, int byteCount) {
  int length = memchr(text, 0, (size_t)byteCount) == NULL ? -1 : byteCount;
  return sqlite3_bind_text(stmt, index, text, length, SQLITE_STATIC);
}

/// Binds a blob that SQLite copies at once (SQLITE_TRANSIENT is a macro Swift cannot import).
static inline int catalog_sqlite3_bind_blob_transient(sqlite3_stmt *stmt, int index,
                                                      const void *bytes, int byteCount) {
  return sqlite3_bind_blob(stmt, index, bytes, byteCount, SQLITE_TRANSIENT);
}
/// Turns off SQLite's memory statistics (SQLITE_CONFIG_MEMSTATUS, on by default), so that
/// each of SQLite's allocations and frees takes no process-wide mutex and updates no
/// counters (issue 17, point 4: about 4 % of a short `render`'s instructions). Only the
/// statistics interfaces stop working (sqlite3_memory_used, sqlite3_status64, the heap
/// limits), which the catalog does not use. Must run before sqlite3_initialize (the first
/// open); later SQLite answers SQLITE_MISUSE and changes nothing. sqlite3_config is variadic,
/// which Swift cannot call directly.
static inline int catalog_sqlite3_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
