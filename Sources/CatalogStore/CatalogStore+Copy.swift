internal import CSQLite

extension CatalogStore {
  /// A copy of this catalog in memory, made with SQLite's online backup API, that may be
  /// changed freely: a dry run opens the catalog read-only and applies its change to the
  /// copy, so it writes nothing to the file or its folder and works on a catalog this
  /// process may not write (a file of mode 444, a read-only folder or medium). The copy
  /// holds every committed change, including those still in the `-wal` file.
  ///
  /// Costs one read of the catalog and memory for its pages.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/backup.html>
  ///
  /// - Returns: The copy, read-write, its path `:memory:`.
  /// - Throws: ``StoreError/locked(path:)`` when another connection keeps the catalog
  ///   locked; ``StoreError/sqlite(code:extendedCode:message:sql:)`` for other SQLite errors.
  public func copyInMemory() throws(StoreError) -> CatalogStore {
    let copy = try CatalogStore(path: ":memory:", mode: .readWrite)
    let destination = copy.connection
    guard let backup = sqlite3_backup_init(destination.handle, "main", connection.handle, "main")
    else {
      throw destination.error(sqlite3_errcode(destination.handle), sql: "sqlite3_backup_init")
    }
    // Everything in one step (-1); a busy source is retried until the busy timeout.
    var code = sqlite3_backup_step(backup, -1)
    var waited: Int32 = 0
    while code == SQLITE_BUSY || code == SQLITE_LOCKED, waited < CatalogStore.defaultBusyTimeout {
      sqlite3_sleep(100)
      waited += 100
      code = sqlite3_backup_step(backup, -1)
    }
    let finish = sqlite3_backup_finish(backup)
    if code == SQLITE_BUSY || code == SQLITE_LOCKED { throw StoreError.locked(path: path) }
    if code != SQLITE_DONE { throw destination.error(code, sql: "sqlite3_backup_step") }
    if finish != SQLITE_OK { throw destination.error(finish, sql: "sqlite3_backup_finish") }
    return copy
  }
}
