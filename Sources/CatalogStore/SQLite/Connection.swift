internal import CSQLite

/// One open SQLite database connection (`sqlite3 *`), closed when the object goes away.
///
/// After opening, the connection turns on extended result codes, turns off double-quoted
/// string literals, sets a busy timeout and turns foreign keys on (outside any
/// transaction, where the pragma works). Journal mode and schema are the store's business.
///
/// A connection must be used by one thread at a time; it is not `Sendable`, on purpose.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/open.html>
final class Connection {
  /// The path given to `sqlite3_open_v2` (`:memory:` for an in-memory database).
  let path: String
  /// The C handle, valid from `init` until `deinit`.
  let handle: OpaquePointer
  /// Prepared statements by SQL text, reused by ``execute(_:_:)`` and ``rows(_:_:_:)``
  /// (each is taken out while it runs, so a nested use of the same SQL prepares its own).
  private var statementCache: [String: Statement] = [:]
  /// The most statements kept prepared.
  static let statementCacheLimit = 128
  /// A lock the connection's reads rely on (a snapshot's SHARED lock), released right after
  /// the connection closes, never before.
  var heldLock: SharedFileLock?

  /// Opens (and in read-write mode creates) the database at `path`.
  ///
  /// - Parameters:
  ///   - path: A file path, or `:memory:`.
  ///   - readOnly: Opens with `SQLITE_OPEN_READONLY` instead of read-write.
  ///   - create: With read-write, also `SQLITE_OPEN_CREATE` (create a missing file).
  ///   - busyTimeout: How long, in milliseconds, to wait for another connection's lock
  ///     before a statement fails with `SQLITE_BUSY`.
  /// - Throws: ``StoreError/cannotOpen(path:reason:)`` when SQLite cannot open the file,
  ///   ``StoreError/sqlite(code:extendedCode:message:sql:)`` when setting it up fails.
  ///   - immutable: Opens read-only with SQLite's `immutable=1` URI parameter: no locks,
  ///     no `-wal`/`-shm` files ("the database file cannot be changed, even by a
  ///     process with higher privilege", sqlite.org/uri.html). Only for a snapshot read
  ///     under a held ``SharedFileLock`` (``CatalogStore/Reading/snapshot(_:)``).
  init(
    path: String, readOnly: Bool, busyTimeout: Int32, immutable: Bool = false, create: Bool = true
  ) throws(StoreError) {
    Connection.processSetUp
    var handle: OpaquePointer?
    let flags =
      (readOnly || immutable
        ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0))
      | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | (immutable ? SQLITE_OPEN_URI : 0)
    // A URI's path escapes '%', '?' and '#' (sqlite.org/uri.html, "URI Format").
    let name =
      immutable
      ? "file:"
        + path.replacing("%", with: "%25").replacing("?", with: "%3f")
        .replacing("#", with: "%23") + "?immutable=1"
      : path
    let code = sqlite3_open_v2(name, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      // > Whether or not an error occurs when it is opened, resources associated with the
      // > database connection handle should be released by passing it to sqlite3_close()
      // > when it is no longer required.
      // sqlite3_close on a handle with no statements returns SQLITE_OK (and accepts NULL).
      _ = sqlite3_close(handle)
      throw StoreError.cannotOpen(path: path, reason: Connection.openFailureReason(code, message))
    }
    self.path = path
    self.handle = handle
    // From here on a throw runs deinit, which closes the handle.
    try check(sqlite3_extended_result_codes(handle, 1), "sqlite3_extended_result_codes")
    try check(catalog_sqlite3_disable_dqs(handle), "sqlite3_db_config(SQLITE_DBCONFIG_DQS_*)")
    try check(sqlite3_busy_timeout(handle, busyTimeout), "sqlite3_busy_timeout")
    // > Foreign key constraints are disabled by default [...] must be enabled separately
    // > for each database connection. [...] It is not possible to enable or disable
    // > foreign key constraints in the middle of a multi-statement transaction.
    try execute("PRAGMA foreign_keys = ON")
  }

  /// SQLite's process-wide settings, made once before the first connection opens (Swift
  /// runs a static initializer once, under a lock): memory statistics off
  /// (`catalog_sqlite3_disable_memory_statistics`). When SQLite was already initialised
  /// (another library opened a database first) the call changes nothing, which is harmless.
  private static let processSetUp: Void = {
    _ = catalog_sqlite3_disable_memory_statistics()
  }()

  /// Copies every page of `source`'s main database into this connection's, with SQLite's
  /// online backup API in one step (-1); a busy source is retried every 100 ms until the
  /// busy timeout. The copy holds every committed change, including those still in the
  /// source's `-wal` file.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/backup.html>
  ///
  /// - Parameters:
  ///   - source: The connection to copy.
  ///   - lockedPath: The path an error names when the source stays locked.
  /// - Returns: The number of pages copied.
  /// - Throws: ``StoreError/locked(path:)`` when the source stays busy or locked;
  ///   ``StoreError/sqlite(code:extendedCode:message:sql:)`` for other SQLite errors.
  func copyPages(from source: Connection, lockedPath: String) throws(StoreError) -> Int {
    guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
      throw error(sqlite3_errcode(handle), sql: "sqlite3_backup_init")
    }
    var code = sqlite3_backup_step(backup, -1)
    var waited: Int32 = 0
    while code == SQLITE_BUSY || code == SQLITE_LOCKED, waited < CatalogStore.defaultBusyTimeout {
      sqlite3_sleep(100)
      waited += 100
      code = sqlite3_backup_step(backup, -1)
    }
    let pages = Int(sqlite3_backup_pagecount(backup))
    let finish = sqlite3_backup_finish(backup)
    if code == SQLITE_BUSY || code == SQLITE_LOCKED { throw StoreError.locked(path: lockedPath) }
    if code != SQLITE_DONE { throw error(code, sql: "sqlite3_backup_step") }
    if finish != SQLITE_OK { throw error(finish, sql: "sqlite3_backup_finish") }
    return pages
  }

  /// Whether ``close()`` ran.
  private var isClosed = false

  /// Finalizes the cached statements and closes the connection now instead of when the
  /// object goes away, so that SQLite, closing the database's last connection, removes the
  /// `-wal` and `-shm` files even when a command keeps its objects until the process exits.
  /// The connection must not be used afterwards; a second call does nothing.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    statementCache.removeAll()
    _ = sqlite3_close_v2(handle)
    heldLock = nil
  }

  deinit {
    guard !isClosed else { return }
    // > If sqlite3_close_v2() is called with unfinalized prepared statements [...] the
    // > database connection becomes an unusable "zombie" which will automatically be
    // > deallocated when the last prepared statement is finalized.
    // The cached statements are finalized right after this, as the cache goes away.
    _ = sqlite3_close_v2(handle)
    heldLock = nil
  }

  /// Runs `body` with a prepared statement for `sql` from the cache (prepared and kept
  /// on first use; the cache is cleared when it is full).
  private func withCachedStatement<T>(_ sql: String, _ body: (Statement) throws(StoreError) -> T)
    throws(StoreError) -> T
  {
    let statement: Statement
    if let cached = statementCache.removeValue(forKey: sql) {
      statement = cached
    } else {
      statement = try prepare(sql)
    }
    defer {
      statement.reset()
      if statementCache.count >= Connection.statementCacheLimit { statementCache.removeAll() }
      statementCache[sql] = statement
    }
    return try body(statement)
  }

  private static func openFailureReason(_ code: Int32, _ message: String) -> String {
    switch code & 0xff {
    case SQLITE_CANTOPEN:
      return "the file or its folder does not exist or cannot be opened (\(message))"
    case SQLITE_PERM, SQLITE_AUTH:
      return "permission denied (\(message))"
    default:
      return message
    }
  }

  // MARK: - Running statements

  /// Prepares one statement.
  ///
  /// - Parameter sql: Exactly one SQL statement.
  /// - Returns: The prepared statement.
  /// - Throws: ``StoreError`` when SQLite cannot prepare it, or when `sql` holds no
  ///   statement or more than one.
  func prepare(_ sql: String) throws(StoreError) -> Statement {
    let text = sql.utf8CString
    guard let (statement, end) = try Statement.prepareNext(self, text, from: 0) else {
      throw StoreError.sqlite(
        code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE, message: "no SQL statement to run",
        sql: sql)
    }
    if let (_, _) = try Statement.prepareNext(self, text, from: end) {
      throw StoreError.sqlite(
        code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE,
        message: "only one SQL statement can run at a time", sql: sql)
    }
    return statement
  }

  /// Runs one statement to completion, ignoring any rows.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement.
  ///   - arguments: Values for its `?` parameters.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  func execute(_ sql: String, _ arguments: [SQLValue] = []) throws(StoreError) {
    try withCachedStatement(sql) { (statement) throws(StoreError) in try statement.run(arguments) }
  }

  /// Runs every statement in `sql`, in order (a migration file).
  ///
  /// - Parameter sql: Zero or more SQL statements separated by semicolons.
  /// - Throws: ``StoreError`` for the first statement that fails; its SQL is attached.
  /// Runs `body` with SQLite's CHECK constraints not evaluated
  /// (`PRAGMA ignore_check_constraints = ON`), and evaluates them again afterwards whatever
  /// `body` does: the setting is per connection and would otherwise stay off for every later
  /// write. Turning them on again is read back; when that fails, its error is thrown (even
  /// over `body`'s), so the caller's transaction is rolled back and nothing is written
  /// unchecked without an error. NOT NULL, UNIQUE and key constraints are checked as always.
  /// - Parameter body: The statements whose rows satisfy every CHECK by construction (the
  ///   caller says why, next to the call).
  /// - Throws: ``StoreError`` from `body`, or from turning the checks on again.
  func withoutCheckConstraints(_ body: () throws(StoreError) -> Void) throws(StoreError) {
    try execute("PRAGMA ignore_check_constraints = ON")
    var failure: StoreError?
    do { try body() } catch { failure = error }
    try execute("PRAGMA ignore_check_constraints = OFF")
    guard try integer("PRAGMA ignore_check_constraints") == 0 else {
      throw StoreError.sqlite(
        code: 1, extendedCode: 1,
        message: "CHECK constraints could not be turned on again after a bulk write",
        sql: "PRAGMA ignore_check_constraints = OFF")
    }
    if let failure { throw failure }
  }

  func executeScript(_ sql: String) throws(StoreError) {
    let text = sql.utf8CString
    var offset = 0
    while let (statement, end) = try Statement.prepareNext(self, text, from: offset) {
      try statement.run([])
      offset = end
    }
  }

  /// Runs a query and maps each row.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement.
  ///   - arguments: Values for its `?` parameters.
  ///   - map: Reads the current row from the statement.
  /// - Returns: One value per row, in the order SQLite returned them.
  /// - Throws: ``StoreError`` when SQLite reports an error, or what `map` throws.
  func rows<T>(
    _ sql: String, _ arguments: [SQLValue] = [], _ map: (Statement) throws(StoreError) -> T
  ) throws(StoreError) -> [T] {
    try withCachedStatement(sql) { (statement) throws(StoreError) in
      try statement.rows(arguments, map)
    }
  }

  /// How many statements are cached (for tests).
  var cachedStatementCount: Int { statementCache.count }

  /// Runs a query whose first column of the first row is an integer.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement.
  ///   - arguments: Values for its `?` parameters.
  /// - Returns: The integer, or `nil` when there is no row or the value is NULL.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  func integer(_ sql: String, _ arguments: [SQLValue] = []) throws(StoreError) -> Int? {
    try rows(sql, arguments) { $0.optionalInt(0) }.first ?? nil
  }

  /// Whether a transaction is open (`sqlite3_get_autocommit` is 0).
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// The rowid of the last row inserted on this connection.
  var lastInsertRowID: Int { Int(sqlite3_last_insert_rowid(handle)) }

  /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed (`sqlite3_changes`).
  var changedRowCount: Int { Int(sqlite3_changes(handle)) }

  // MARK: - Errors

  /// Turns a result code into a ``StoreError``, with `sqlite3_errmsg` and the SQL.
  ///
  /// `SQLITE_BUSY` becomes ``StoreError/locked(path:)``, `SQLITE_READONLY`
  /// ``StoreError/readOnly(path:)`` and `SQLITE_NOTADB`
  /// ``StoreError/notACatalog(path:reason:)``, `SQLITE_CORRUPT`
  /// ``StoreError/damaged(path:extendedCode:message:)`` (naming the file); everything else
  /// keeps SQLite's codes.
  ///
  /// - Parameters:
  ///   - code: The (possibly extended) result code a call returned.
  ///   - sql: The SQL being run, if any.
  /// - Returns: The error to throw.
  func error(_ code: Int32, sql: String?) -> StoreError {
    let message = String(cString: sqlite3_errmsg(handle))
    switch code & 0xff {
    case SQLITE_BUSY:
      return .locked(path: path)
    case SQLITE_READONLY:
      return .readOnly(path: path)
    case SQLITE_NOTADB:
      return .notACatalog(path: path, reason: "it is not an SQLite database")
    case SQLITE_CORRUPT:
      return .damaged(path: path, extendedCode: code, message: message)
    default:
      return .sqlite(code: code & 0xff, extendedCode: code, message: message, sql: sql)
    }
  }

  /// Throws unless `code` is `SQLITE_OK`.
  private func check(_ code: Int32, _ call: String) throws(StoreError) {
    guard code == SQLITE_OK else { throw error(code, sql: call) }
  }
}

@available(*, unavailable)
extension Connection: Sendable {}
