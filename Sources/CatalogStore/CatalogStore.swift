internal import CSQLite
import CatalogModel
internal import CatalogSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationEssentials)
  internal import FoundationEssentials
#else
  internal import Foundation
#endif

/// A catalog file: components, design tokens and their revisions in one SQLite database.
///
/// Opening read-write creates the file if needed and applies any migrations it lacks;
/// opening read-only changes nothing and refuses a file whose schema is out of date. Every
/// change runs in one transaction, so a failure leaves the catalog as it was, and saving a
/// component checks the revision the change was made from, so two writers never silently
/// overwrite each other.
///
/// The store saves exactly the rows it is given: a ``ComponentInput`` carries the
/// definition *and* its derived parameter, variant, length and instance rows. Programs
/// should save components through `CatalogService` (module `CatalogService`), which derives
/// those rows from the definition, checks it against the catalog and records the revision:
///
/// ```swift
/// let catalog = try CatalogService(path: "catalog.db", create: true)
/// let definition = try DefinitionParser.parse(
///   #"{"name": "Gap", "body": {"type": "Spacer", "minLength": 8}}"#)
/// try catalog.apply([.saveComponent(definition)])
/// ```
///
/// A store is one SQLite connection: use it from one thread at a time (it is not
/// `Sendable`). Other processes may use the same file; their write locks are waited for up
/// to five seconds, then ``StoreError/locked(path:)`` is thrown.
///
/// Related SQLite documentation: <https://www.sqlite.org/wal.html>,
/// <https://www.sqlite.org/foreignkeys.html>
///
/// ## Topics
///
/// ### Opening
/// - ``init(path:mode:)``
/// - ``OpenMode``
/// - ``schemaVersion``
/// - ``latestSchemaVersion``
///
/// ### Components
/// - ``component(named:)``
/// - ``components()``
/// - ``saveComponent(_:expectedRevision:isRevert:)``
/// - ``removeComponent(named:force:)``
/// - ``componentHistory(named:)``
///
/// ### Tokens
/// - ``tokenSets()``
/// - ``importTokens(_:intoSet:source:description:)``
/// - ``tokens(inSet:)``
/// - ``resolvedTokens()``
///
/// ### Other
/// - ``platform(named:)``
/// - ``query(_:)``
/// - ``inTransaction(_:)``
public final class CatalogStore {
  /// How a catalog file is opened.
  public enum OpenMode: Sendable {
    /// Create the file if needed, bring its schema up to date, allow changes.
    case readWrite
    /// Read only: no migration, no change; an out-of-date schema is refused.
    case readOnly
  }

  /// The path the store was opened with.
  public let path: String
  /// The mode the store was opened with.
  public let mode: OpenMode
  /// The SQLite connection.
  let connection: Connection
  /// How many savepoints are open inside the current transaction.
  private var savepointDepth = 0
  /// For a snapshot read (``Reading/snapshot(_:)``): the file's inode, size and modification
  /// time when it was opened, which ``isStaleSnapshot`` compares; nil otherwise.
  private var snapshotStamp: [Int]?

  /// The newest schema version this build of catalog knows (the last migration's number).
  public static let latestSchemaVersion: Int = Migrator.latestVersion

  /// The journal a read-write open sets up.
  enum Journal {
    /// Write-ahead log (every catalog in use).
    case wal
    /// SQLite's default rollback journal (a catalog being built by ``create(at:_:)``).
    case rollback
  }

  /// The default busy timeout, in milliseconds.
  static let defaultBusyTimeout: Int32 = 5_000

  /// Opens the catalog at `path`.
  ///
  /// In ``OpenMode/readWrite`` the file is created if missing, switched to WAL journal
  /// mode and migrated to ``latestSchemaVersion``, each migration in its own transaction.
  /// In ``OpenMode/readOnly`` nothing is written.
  ///
  /// - Parameters:
  ///   - path: The catalog file (or `:memory:` for a throwaway in-memory catalog).
  ///   - mode: ``OpenMode/readWrite`` (the default) or ``OpenMode/readOnly``.
  /// - Throws: ``StoreError/cannotOpen(path:reason:)`` when the file cannot be opened or
  ///   (read-only) does not exist; ``StoreError/notACatalog(path:reason:)`` when it is not
  ///   SQLite or belongs to another application; ``StoreError/newerSchema(found:supported:)``
  ///   when a newer catalog made it; ``StoreError/outdatedSchema(found:required:)`` when a
  ///   read-only open finds an old schema; ``StoreError/locked(path:)`` when another
  ///   process holds the write lock during a migration; ``StoreError/sqlite(code:extendedCode:message:sql:)``
  ///   for other SQLite errors. A refused file is left unchanged.
  public convenience init(path: String, mode: OpenMode = .readWrite) throws(StoreError) {
    try self.init(path: path, mode: mode, busyTimeout: CatalogStore.defaultBusyTimeout)
  }

  /// Closes the connection now, rather than when the store goes away: SQLite removes the
  /// catalog's `-wal` and `-shm` files when its last connection closes, which a process that
  /// keeps its objects until it exits would otherwise never do. The store must not be used
  /// afterwards; a second call does nothing.
  public func closeConnection() { connection.close() }

  /// Opens the catalog at `path` with a chosen busy timeout (tests use a short one).
  ///
  /// - Parameters:
  ///   - path: The catalog file.
  ///   - mode: How to open it.
  ///   - busyTimeout: Milliseconds to wait for another connection's lock.
  /// - Throws: See ``init(path:mode:)``.
  init(path: String, mode: OpenMode, busyTimeout: Int32, journal: Journal = .wal) throws(StoreError)
  {
    let inMemory = path == ":memory:" || path.isEmpty
    // Before SQLite opens it: a FIFO would block a read-only open or fail as "disk I/O".
    if !inMemory, let reason = Self.fileKindProblem(path) {
      throw StoreError.notACatalog(path: path, reason: reason)
    }
    // A writer that may not write the file: SQLite would open it read-only and, reading a
    // WAL catalog, leave `-wal`/`-shm` owned by this user that the file's owner then cannot
    // write, locking the owner out. Refused before SQLite opens anything.
    if mode == .readWrite, !inMemory, FileManager.default.fileExists(atPath: path),
      !FileStatus.isWritable(atPath: path)
    {
      throw StoreError.readOnly(path: path)
    }
    if mode == .readOnly, !inMemory, !FileManager.default.fileExists(atPath: path) {
      throw StoreError.cannotOpen(
        path: path, reason: "there is no catalog there; create one with `catalog init`")
    }
    self.path = path
    self.mode = mode
    let reading = mode == .readOnly ? try Self.reading(path, busyTimeout: busyTimeout) : nil
    let connection = try Connection(
      path: path, readOnly: reading == .readOnlyConnection, busyTimeout: busyTimeout,
      immutable: reading?.isSnapshot ?? false, create: mode == .readWrite)
    if case .snapshot(let lock) = reading {
      connection.heldLock = lock
      snapshotStamp = Self.fileStamp(path)
    }
    if reading == .writableConnection {
      // The read-write connection is only there so SQLite can remove `-wal`/`-shm` when it
      // closes; query_only keeps it from writing (sqlite.org/pragma.html#pragma_query_only).
      try connection.execute("PRAGMA query_only = ON")
    }

    // Nothing is written before the file is known to be ours and not too new.
    let identity = try Migrator.identity(of: connection)
    self.connection = connection
    try Migrator.validate(identity, path: path)

    // > The synchronous=NORMAL setting is a good choice for most applications running
    // > in WAL mode.
    try connection.execute("PRAGMA synchronous = NORMAL")
    switch mode {
    case .readOnly:
      if identity.userVersion == 0 && identity.objectCount == 0 && !inMemory {
        // An empty file (or one SQLite sees as an empty database) is nobody's catalog yet;
        // reading it must not turn it into one.
        throw StoreError.notACatalog(
          path: path,
          reason: "the file is empty, with no catalog schema; create a catalog with `catalog init`")
      }
      if identity.userVersion < Migrator.latestVersion {
        throw StoreError.outdatedSchema(
          found: identity.userVersion, required: Migrator.latestVersion)
      }
    case .readWrite:
      if !inMemory, journal == .wal {
        // WAL lets people read the file (in `sqlite3`, say) while catalog writes, and
        // stays set in the file. Some file systems cannot do WAL; SQLite then keeps the
        // rollback journal, which is still correct, so the answer is not enforced.
        _ = try connection.rows("PRAGMA journal_mode = WAL") { $0.text(0) }
      }
      try Migrator.migrate(connection)
    }
  }

  /// Why the file at `path` cannot be a catalog because of what it is, or nil when it is a
  /// regular file or absent: the one rule for the file `--db` names, checked before SQLite
  /// opens it (SQLite says only "disk I/O error" for a folder or a FIFO, and a read-only
  /// open of a FIFO waits for a writer). The kinds are `FileReading`'s, the rule input
  /// files follow.
  ///
  /// - Parameter path: The catalog path (`:memory:` is never a problem).
  /// - Returns: "it is a named pipe (FIFO), not a regular file; …" or the folder's
  ///   sentence, which says how a folder of `catalog export` is read.
  public static func fileKindProblem(_ path: String) -> String? {
    guard path != ":memory:", !path.isEmpty else { return nil }
    if let loop = symbolicLinkLoop(path) { return loop }
    guard let what = FileReading.nonRegularKind(atPath: path) else { return nil }
    if what == "a folder" {
      return
        "it is a folder, not a catalog file; --db names the catalog's SQLite file (such as catalog.db), and a folder written by `catalog export DIR` is read with `catalog import DIR`"
    }
    return
      "it is \(what), not a regular file; --db names the catalog's SQLite file (such as catalog.db), a regular file"
  }

  /// Why `path` names no file although something is there: symbolic links that lead in a
  /// loop (`stat(2)` fails with `ELOOP`), so no catalog can be created or opened there
  /// (review 19: "no catalog… create one", then `init` said "does not exist").
  /// - Parameter path: The `--db` path.
  /// - Returns: The reason, or nil when the path does not loop.
  public static func symbolicLinkLoop(_ path: String) -> String? {
    var status = stat()
    guard stat(path, &status) != 0, errno == ELOOP else { return nil }
    return
      "it is a symbolic link that leads in a loop (too many levels of symbolic links), not a catalog file; point the link at the catalog file, or give the file itself with --db"
  }

  /// How an ``OpenMode/readOnly`` open reads the file (``reading(_:busyTimeout:)``).
  enum Reading: Equatable {
    /// A read-write connection with `query_only` on, which removes `-wal`/`-shm` when it
    /// closes (``readsThroughWritableConnection(_:)``).
    case writableConnection
    /// An ordinary `SQLITE_OPEN_READONLY` connection: the file is in rollback-journal mode
    /// (nothing is created to read it), or its `-wal` is there already (a writer's, used
    /// as it is).
    case readOnlyConnection
    /// A snapshot: `immutable=1` under SQLite's SHARED lock, held by this process
    /// (``SharedFileLock``), creating no file.
    case snapshot(SharedFileLock)

    /// Whether it is ``snapshot(_:)``.
    var isSnapshot: Bool {
      if case .snapshot = self { return true }
      return false
    }

    static func == (a: Reading, b: Reading) -> Bool {
      switch (a, b) {
      case (.writableConnection, .writableConnection), (.readOnlyConnection, .readOnlyConnection),
        (.snapshot, .snapshot):
        return true
      default: return false
      }
    }
  }

  /// The one rule for how a reading command opens a catalog so that it leaves nothing
  /// behind: no `-wal`, no `-shm`, whoever reads and whatever the modes of the file and its
  /// folder.
  ///
  /// - When this process may write the file and its folder: ``Reading/writableConnection``
  ///   ("When the last connection to a database closes, that connection does one last
  ///   checkpoint and then deletes the WAL and its associated shared-memory file",
  ///   sqlite.org/wal.html).
  /// - Otherwise a read-only connection would create `-wal` and `-shm` beside a catalog in
  ///   WAL mode and never remove them (a connection that cannot write cannot checkpoint; in
  ///   a folder it may write, "the -shm and -wal files … can be created", sqlite.org/wal.html
  ///   §"Read-Only Databases"), owned by the reader, with the file's mode (444): the owner's
  ///   later writes then fail. So when the file is in WAL mode and no `-wal`/`-shm` is
  ///   there, which means no connection has it open in WAL mode, the file is read as a
  ///   snapshot, `immutable=1` (condition 3 of that section), while this process holds
  ///   SQLite's SHARED lock on it (``SharedFileLock``), checked again for a `-wal` once the
  ///   lock is held. A snapshot reader writes nothing, so it cannot damage a catalog someone
  ///   else writes; the lock keeps a writer that comes meanwhile from checkpointing into the
  ///   file on close (it needs the EXCLUSIVE lock), so the reader sees the file as it was.
  ///   (Only a writer that fills 1,000 WAL pages during the read, SQLite's automatic
  ///   checkpoint, and only one allowed to write a file its reader may not, could still
  ///   change pages under it.)
  /// - Else (rollback-journal mode, nothing to create; or a writer's `-wal` is there, used
  ///   as it is): ``Reading/readOnlyConnection``.
  ///
  /// - Parameters:
  ///   - path: The catalog file (`:memory:` and "", in memory, are opened read-only).
  ///   - busyTimeout: Milliseconds to wait for a writer's EXCLUSIVE lock.
  /// - Returns: How to open it.
  /// - Throws: ``StoreError/locked(path:)`` when a writer holds its lock past the timeout.
  static func reading(_ path: String, busyTimeout: Int32) throws(StoreError) -> Reading {
    if path == ":memory:" || path.isEmpty { return .readOnlyConnection }
    if readsThroughWritableConnection(path) { return .writableConnection }
    let fm = FileManager.default
    let noSidecars = {
      !fm.fileExists(atPath: path + "-wal") && !fm.fileExists(atPath: path + "-shm")
    }
    guard noSidecars(), let lock = try SharedFileLock(path: path, busyTimeout: busyTimeout),
      lock.isWALFile, noSidecars()
    else { return .readOnlyConnection }
    return .snapshot(lock)
  }

  /// Whether this store reads a snapshot (``reading(_:busyTimeout:)``) that no longer shows
  /// the file: a `-wal` is beside it now (a writer has it open), or its inode, size or
  /// modification time changed. A snapshot's `PRAGMA data_version` never changes, so a
  /// reader that watches for changes (`catalog serve`) opens the catalog again instead.
  public var isStaleSnapshot: Bool {
    guard let snapshotStamp else { return false }
    return FileManager.default.fileExists(atPath: path + "-wal")
      || Self.fileStamp(path) != snapshotStamp
  }

  /// The file's inode, size and modification time (seconds, nanoseconds), or [] when it
  /// cannot be examined.
  private static func fileStamp(_ path: String) -> [Int] {
    var status = stat()
    guard stat(path, &status) == 0 else { return [] }
    #if canImport(Darwin)
      let modified = status.st_mtimespec
    #else
      let modified = status.st_mtim
    #endif
    return [
      Int(status.st_ino), Int(status.st_size), Int(modified.tv_sec), Int(modified.tv_nsec),
    ]
  }

  /// Whether an ``OpenMode/readOnly`` open of `path` uses a read-write SQLite connection,
  /// part of ``reading(_:busyTimeout:)`` (dry runs and every reading command open through
  /// it).
  ///
  /// A connection opened with `SQLITE_OPEN_READONLY` on a catalog in WAL mode creates
  /// `-wal` and `-shm` files but cannot remove them when it closes, so a read would leave
  /// them behind, owned by whoever read. When this process can write the file and its
  /// folder, the connection is opened read-write (never creating, with `query_only` on,
  /// and the store refusing every transaction), so the last connection to close
  /// checkpoints and removes them ("When the last connection to a database closes, that
  /// connection does one last checkpoint and then deletes the WAL and its associated
  /// shared-memory file", sqlite.org/wal.html). Otherwise (a 444 file, a read-only folder)
  /// ``reading(_:busyTimeout:)`` chooses a snapshot or a read-only connection.
  ///
  /// - Parameter path: The catalog file (`:memory:` and "" are in memory: false).
  /// - Returns: True when the file exists and both it and its folder are writable for us.
  public static func readsThroughWritableConnection(_ path: String) -> Bool {
    guard path != ":memory:", !path.isEmpty else { return false }
    let fm = FileManager.default
    let folder = SystemText.deletingLastPathComponent(path)
    return fm.fileExists(atPath: path) && fm.isWritableFile(atPath: path)
      && fm.isWritableFile(atPath: folder.isEmpty ? "." : folder)
  }

  /// The file's schema version (`PRAGMA user_version`).
  ///
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public var schemaVersion: Int {
    get throws(StoreError) { try Migrator.userVersion(connection) }
  }

  // MARK: - Transactions

  /// Runs `body` in one write transaction: all its changes are kept, or none.
  ///
  /// The transaction starts with `BEGIN IMMEDIATE`, which takes the write lock at once, so
  /// a concurrent writer is noticed before any work is done. Store methods called inside
  /// `body` join the transaction (as savepoints), so several saves can be made atomic:
  ///
  /// ```swift
  /// try store.inTransaction {
  ///   try store.saveComponent(stack, expectedRevision: 0)
  ///   try store.saveComponent(row, expectedRevision: 0)
  /// }
  /// ```
  ///
  /// Calls may nest; an inner call becomes a savepoint.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/lang_transaction.html>
  ///
  /// - Parameter body: The work to do.
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw, unchanged, after rolling back; or a ``StoreError`` when
  ///   the transaction cannot start or commit (``StoreError/locked(path:)`` when another
  ///   process holds the write lock, ``StoreError/readOnly(path:)`` for a read-only store).
  public func inTransaction<T>(_ body: () throws -> T) throws -> T {
    try transaction(body) { $0 }
  }

  /// Runs `body` in one write transaction (a savepoint when one is open already).
  ///
  /// - Parameter body: The work to do.
  /// - Returns: What `body` returned.
  /// - Throws: ``StoreError`` from `body`, or when the transaction cannot start or commit.
  func write<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try transaction(body) { $0 }
  }

  /// The one transaction procedure behind ``inTransaction(_:)`` and ``write(_:)``: begin
  /// (or a savepoint), run `body`, commit; roll back on any error and rethrow it.
  /// - Parameters:
  ///   - body: The work to do.
  ///   - wrap: Turns the store's own begin/commit error into `body`'s error type.
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw, or the begin/commit ``StoreError`` through `wrap`.
  private func transaction<T, E: Error>(
    _ body: () throws(E) -> T, _ wrap: (StoreError) -> E
  ) throws(E) -> T {
    let level: TransactionLevel
    do throws(StoreError) { level = try begin() } catch { throw wrap(error) }
    do throws(E) {
      let value = try body()
      do throws(StoreError) { try commit(level) } catch { throw wrap(error) }
      return value
    } catch {
      rollBack(level)
      throw error
    }
  }

  private enum TransactionLevel {
    case transaction
    case savepoint(String)
  }

  private func begin() throws(StoreError) -> TransactionLevel {
    guard mode == .readWrite else { throw StoreError.readOnly(path: path) }
    if connection.isInTransaction {
      savepointDepth += 1
      let name = "catalog_\(savepointDepth)"
      do throws(StoreError) {
        try connection.execute("SAVEPOINT \(name)")
      } catch {
        savepointDepth -= 1
        throw error
      }
      return .savepoint(name)
    }
    try connection.execute("BEGIN IMMEDIATE")
    return .transaction
  }

  private func commit(_ level: TransactionLevel) throws(StoreError) {
    switch level {
    case .transaction:
      try connection.execute("COMMIT")
    case .savepoint(let name):
      try connection.execute("RELEASE \(name)")
      savepointDepth -= 1
    }
  }

  /// Undoes the work of `level`.
  ///
  /// Runs while another error is being thrown, so its own
  /// failure cannot be reported; SQLite may also have rolled back already (after
  /// SQLITE_FULL or SQLITE_IOERR, say), which `isInTransaction` tells.
  private func rollBack(_ level: TransactionLevel) {
    switch level {
    case .transaction:
      Migrator.rollBack(connection)
    case .savepoint(let name):
      savepointDepth -= 1
      guard connection.isInTransaction else { return }
      do {
        try connection.execute("ROLLBACK TO \(name)")
        try connection.execute("RELEASE \(name)")
      } catch {}
    }
  }

  // MARK: - Platforms

  /// The platform named `name` (`ios` is always there).
  ///
  /// - Parameter name: The platform's name.
  /// - Returns: The platform, or `nil` when the catalog has none of that name.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func platform(named name: String) throws(StoreError) -> Platform? {
    try connection.rows(
      """
      SELECT name, default_spacing, default_padding, display_scale
      FROM platform WHERE name = ?
      """, [.text(name)]
    ) { row in
      Platform(
        name: row.text(0), defaultSpacing: row.optionalDouble(1) ?? 0,
        defaultPadding: row.optionalDouble(2) ?? 0, displayScale: row.optionalDouble(3) ?? 1)
    }.first
  }

  /// Every platform, by name.
  ///
  /// - Returns: The rows of `platform`, sorted by name.
  /// - Throws: ``StoreError`` when SQLite fails.
  public func platforms() throws(StoreError) -> [Platform] {
    try connection.rows(
      "SELECT name, default_spacing, default_padding, display_scale FROM platform ORDER BY name", []
    ) { row in
      Platform(
        name: row.text(0), defaultSpacing: row.optionalDouble(1) ?? 0,
        defaultPadding: row.optionalDouble(2) ?? 0, displayScale: row.optionalDouble(3) ?? 1)
    }
  }

  /// Adds a platform or changes its defaults, in one transaction.
  ///
  /// - Parameter record: The platform: a lower-case name, spacing and padding ≥ 0 points,
  ///   display scale > 0 (the table's CHECK constraints say the same).
  /// - Throws: ``StoreError`` when a constraint fails, the catalog is read-only or locked.
  public func savePlatform(_ record: Platform) throws(StoreError) {
    try write { () throws(StoreError) in
      try connection.execute(
        """
        INSERT INTO platform (name, default_spacing, default_padding, display_scale)
        VALUES (?, ?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET default_spacing = excluded.default_spacing,
          default_padding = excluded.default_padding, display_scale = excluded.display_scale
        """,
        [
          .text(record.name), .real(record.defaultSpacing), .real(record.defaultPadding),
          .real(record.displayScale),
        ])
    }
  }

  // MARK: - Queries

  /// Runs one read-only SQL statement and returns its rows as text.
  ///
  /// Meant for tests and `catalog doctor` (`PRAGMA integrity_check`, `select * from
  /// token_usage`). Numbers come back as SQLite prints them (`8.0`), NULL as `nil`.
  ///
  /// - Parameter sql: One statement that does not change the catalog.
  /// - Returns: One dictionary per row, from column name to text.
  /// - Throws: ``StoreError/sqlite(code:extendedCode:message:sql:)`` when the SQL is
  ///   invalid, is more than one statement, or would change the catalog.
  public func query(_ sql: String) throws(StoreError) -> [[String: String?]] {
    let statement = try connection.prepare(sql)
    guard statement.isReadOnly || Self.isPragmaQuery(statement.sql) else {
      throw StoreError.sqlite(
        code: SQLITE_ERROR, extendedCode: SQLITE_ERROR,
        message: "query runs only statements that read; this one would change the catalog",
        sql: sql)
    }
    let names = (0..<statement.columnCount).map { statement.columnName($0) }
    // A second guard: > When query_only is enabled, any attempt to execute a CREATE,
    // > DELETE, DROP, INSERT, or UPDATE will result in an SQLITE_READONLY error.
    try connection.execute("PRAGMA query_only = ON")
    let rows: [[String: String?]]
    do throws(StoreError) {
      rows = try statement.rows([]) { row in
        var result: [String: String?] = [:]
        for (index, name) in names.enumerated() {
          result.updateValue(row.optionalText(index), forKey: name)
        }
        return result
      }
    } catch {
      if mode == .readWrite { try connection.execute("PRAGMA query_only = OFF") }
      throw error
    }
    if mode == .readWrite { try connection.execute("PRAGMA query_only = OFF") }
    return rows
  }

  /// Whether `sql` is a pragma in its reading form (`PRAGMA journal_mode`), which SQLite
  /// does not count as read-only although it changes nothing.
  private static func isPragmaQuery(_ sql: String) -> Bool {
    let words = sql.split(whereSeparator: \.isWhitespace)
    guard let first = words.first, first.uppercased() == "PRAGMA" else { return false }
    return !sql.contains("=") && !sql.contains("(")
  }

  /// Runs one statement that may change the catalog (tests only).
  ///
  /// - Parameters:
  ///   - sql: One SQL statement.
  ///   - arguments: Values for its `?` parameters.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  func execute(_ sql: String, _ arguments: [SQLValue] = []) throws(StoreError) {
    try connection.execute(sql, arguments)
  }
}

@available(*, unavailable)
extension CatalogStore: Sendable {}
