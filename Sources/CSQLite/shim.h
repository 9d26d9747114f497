#ifndef CATALOG_CSQLITE_SHIM_H
#define CATALOG_CSQLITE_SHIM_H
#include <sqlite3.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

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
/// Takes SQLite's SHARED lock on a database file open for reading, as SQLite's unix VFS does
/// (os_unix.c, unixLock, "obtain a SHARED lock"): a POSIX read lock on the PENDING byte
/// (0x40000000), then a read lock on the SHARED range (PENDING + 2, 510 bytes), then the
/// PENDING byte is released. While it is held, no SQLite connection can take the EXCLUSIVE
/// lock: a rollback-journal writer cannot write the file, and the last connection of a WAL
/// writer does not checkpoint into it or delete its WAL when it closes. A POSIX lock is
/// the process's: closing any descriptor of the file in this process releases it.
/// Returns 0, or the errno of the refused lock (EAGAIN or EACCES while a writer holds
/// PENDING or EXCLUSIVE).
static inline int catalog_sqlite_shared_lock(int fd) {
  struct flock lock;
  memset(&lock, 0, sizeof lock);
  lock.l_whence = SEEK_SET;
  lock.l_type = F_RDLCK;
  lock.l_start = 0x40000000;
  lock.l_len = 1;
  if (fcntl(fd, F_SETLK, &lock) != 0) return errno;
  lock.l_start = 0x40000000 + 2;
  lock.l_len = 510;
  int result = fcntl(fd, F_SETLK, &lock) != 0 ? errno : 0;
  lock.l_type = F_UNLCK;
  lock.l_start = 0x40000000;
  lock.l_len = 1;
  (void)fcntl(fd, F_SETLK, &lock);
  return result;
}
#endif
