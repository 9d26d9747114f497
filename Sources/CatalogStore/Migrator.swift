internal import CSQLite

/// Checks that a file is a catalog and brings its schema up to date.
///
/// The schema version is `PRAGMA user_version`; the file's owner is `PRAGMA
/// application_id`, set by migration 1. Each migration runs in its own `BEGIN IMMEDIATE`
/// transaction that also sets `user_version`, so a failed migration leaves both the
/// schema and the number as they were (the pragma is transactional).
///
/// Related SQLite documentation: <https://www.sqlite.org/pragma.html#pragma_user_version>,
/// <https://www.sqlite.org/fileformat.html#application_id>
enum Migrator {
  /// The catalog's `PRAGMA application_id`: "CTLG" in ASCII.
  static let applicationID = 0x4354_4C47

  /// The newest schema version this build knows.
  static var latestVersion: Int { Migration.all.last?.version ?? 0 }

  /// What the header of a database file says about it.
  struct FileIdentity: Equatable {
    /// `PRAGMA application_id`.
    var applicationID: Int
    /// `PRAGMA user_version`.
    var userVersion: Int
    /// How many tables, indexes, views and triggers the schema holds.
    var objectCount: Int
  }

  /// Reads the file's identity.
  ///
  /// Reading is the first thing that touches the file, so a
  /// file that is not SQLite fails here, before anything was written.
  ///
  /// - Parameter connection: An open connection.
  /// - Returns: The identity.
  /// - Throws: ``StoreError/notACatalog(path:reason:)`` when the file is not SQLite,
  ///   ``StoreError`` for other SQLite errors.
  static func identity(of connection: Connection) throws(StoreError) -> FileIdentity {
    FileIdentity(
      applicationID: try connection.integer("PRAGMA application_id") ?? 0,
      userVersion: try connection.integer("PRAGMA user_version") ?? 0,
      objectCount: try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0)
  }

  /// Refuses files that are not catalogs or are newer than this build.
  ///
  /// An empty database (no tables, both numbers zero) is accepted as a new catalog.
  ///
  /// - Parameters:
  ///   - identity: What ``identity(of:)`` read.
  ///   - path: The file, for messages.
  /// - Throws: ``StoreError/notACatalog(path:reason:)`` or
  ///   ``StoreError/newerSchema(found:supported:)``.
  static func validate(_ identity: FileIdentity, path: String) throws(StoreError) {
    if identity.applicationID == 0 {
      if identity.userVersion != 0 {
        throw .notACatalog(
          path: path,
          reason: "it is another application's SQLite database (user_version "
            + "\(identity.userVersion), no catalog application_id)")
      }
      if identity.objectCount > 0 {
        throw .notACatalog(
          path: path, reason: "it is an SQLite database that already holds other tables")
      }
      return
    }
    guard identity.applicationID == applicationID else {
      throw .notACatalog(
        path: path,
        reason: "it is another application's SQLite database (application_id "
          + "\(hex(identity.applicationID)), a catalog has \(hex(applicationID)))")
    }
    if identity.userVersion > latestVersion {
      throw .newerSchema(found: identity.userVersion, supported: latestVersion)
    }
    if identity.userVersion < 1 {
      throw .notACatalog(
        path: path, reason: "it is marked as a catalog but has no schema version; it may be damaged"
      )
    }
  }

  /// Applies every migration newer than the file, each in its own transaction.
  ///
  /// - Parameters:
  ///   - connection: A read-write connection outside any transaction.
  ///   - migrations: The migrations, in order (tests pass their own).
  /// - Throws: ``StoreError`` from the first migration that fails; it was rolled back.
  ///
  /// Each migration follows SQLite's procedure for schema changes
  /// (<https://www.sqlite.org/lang_altertable.html#otheralter>): foreign keys are turned
  /// off before its transaction (the pragma has no effect inside one), so that a table
  /// rebuild (create the new table, copy, drop the old one, rename) does not cascade
  /// deletes into the rows that refer to it; `PRAGMA foreign_key_check` runs before the
  /// commit and refuses a migration that leaves a dangling reference; foreign keys are
  /// turned back on after the transaction, whatever happened.
  static func migrate(
    _ connection: Connection, _ migrations: [Migration] = Migration.all
  ) throws(StoreError) {
    for migration in migrations {
      guard try userVersion(connection) < migration.version else { continue }
      // Step 1: foreign keys off, outside the transaction.
      try connection.execute("PRAGMA foreign_keys = OFF")
      defer { try? connection.execute("PRAGMA foreign_keys = ON") }
      try connection.execute("BEGIN IMMEDIATE")
      do throws(StoreError) {
        // Another process may have migrated between the check and the lock.
        if try userVersion(connection) < migration.version {
          try connection.executeScript(migration.sql)
          // The rows the SQL cannot derive (``Migration/deriveRows(_:)``).
          try migration.deriveRows(connection)
          try connection.execute("PRAGMA user_version = \(migration.version)")
          // Step 10: every reference still points at a row, checked before the commit.
          let orphans: [Int] = try connection.rows("PRAGMA foreign_key_check") { $0.int(0) }
          guard orphans.isEmpty else {
            throw StoreError.sqlite(
              code: SQLITE_CONSTRAINT, extendedCode: SQLITE_CONSTRAINT | (3 << 8),  // _FOREIGNKEY
              message: "migration \(migration.version) (\(migration.name)) leaves "
                + "\(orphans.count) \(orphans.count == 1 ? "row whose foreign key points" : "rows whose foreign keys point") nowhere",
              sql: "PRAGMA foreign_key_check")
          }
        }
        try connection.execute("COMMIT")
      } catch {
        rollBack(connection)
        throw error
      }
    }
  }

  /// Reads `PRAGMA user_version`.
  ///
  /// - Parameter connection: An open connection.
  /// - Returns: The schema version.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  static func userVersion(_ connection: Connection) throws(StoreError) -> Int {
    try connection.integer("PRAGMA user_version") ?? 0
  }

  /// Rolls back the open transaction, if SQLite has not already done so.
  ///
  /// Used while another error is being thrown; a failing ROLLBACK cannot be reported
  /// beside it, and SQLite rolls back on its own when the connection closes.
  ///
  /// - Parameter connection: The connection.
  static func rollBack(_ connection: Connection) {
    guard connection.isInTransaction else { return }
    do { try connection.execute("ROLLBACK") } catch {}
  }

  private static func hex(_ value: Int) -> String {
    "0x" + String(UInt32(truncatingIfNeeded: value), radix: 16, uppercase: true)
  }
}
