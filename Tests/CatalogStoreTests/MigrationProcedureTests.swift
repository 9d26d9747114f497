import Foundation
import Testing

@testable import CatalogStore

/// Migrations follow SQLite's procedure for schema changes: foreign keys off outside the
/// transaction, `PRAGMA foreign_key_check` before the commit; result codes callers can
/// match; statements cached per connection.
@Suite struct MigrationProcedureTests {
  static let parentAndChild = Migration(
    version: 1, name: "parent_and_child",
    sql: """
      CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL) STRICT;
      CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id) ON DELETE CASCADE) STRICT;
      INSERT INTO parent (id, name) VALUES (1, 'a'), (2, 'b');
      INSERT INTO child (parent_id) VALUES (1), (1), (2);
      """)

  /// A table rebuild: the documented way to change a column (new table, copy, drop, rename).
  static let rebuildParent = Migration(
    version: 2, name: "rebuild_parent",
    sql: """
      CREATE TABLE parent_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT) STRICT;
      INSERT INTO parent_new (id, name) SELECT id, name FROM parent;
      DROP TABLE parent;
      ALTER TABLE parent_new RENAME TO parent;
      """)

  @Test func aTableRebuildKeepsTheRowsThatReferToIt() throws {
    let connection = try Connection(path: ":memory:", readOnly: false, busyTimeout: 100)
    try Migrator.migrate(connection, [Self.parentAndChild, Self.rebuildParent])
    #expect(try connection.integer("SELECT count(*) FROM child") == 3)
    #expect(try connection.integer("PRAGMA user_version") == 2)
    // Foreign keys are on again afterwards.
    #expect(try connection.integer("PRAGMA foreign_keys") == 1)
  }

  @Test func aMigrationThatLeavesADanglingReferenceIsRolledBack() throws {
    let connection = try Connection(path: ":memory:", readOnly: false, busyTimeout: 100)
    let dropParent = Migration(
      version: 2, name: "drop_parent", sql: "DELETE FROM parent WHERE id = 2;")
    try Migrator.migrate(connection, [Self.parentAndChild])
    do {
      try Migrator.migrate(connection, [Self.parentAndChild, dropParent])
      Issue.record("the migration should have been refused")
    } catch {
      #expect(error.resultCode == .constraintForeignKey)
      #expect(error.resultCode?.primary == .constraint)
    }
    #expect(try connection.integer("SELECT count(*) FROM parent") == 2)
    #expect(try connection.integer("PRAGMA user_version") == 1)
    #expect(try connection.integer("PRAGMA foreign_keys") == 1)
  }

  @Test func resultCodesCanBeMatched() throws {
    let store = try CatalogStore(path: ":memory:")
    do {
      _ = try store.query("SELECT * FROM no_such_table")
      Issue.record("expected an error")
    } catch {
      #expect(error.resultCode == .error)
      #expect(error.resultCode?.description == "SQL logic error")
    }
    #expect(StoreError.locked(path: "x").resultCode == .busy)
  }

  @Test func statementsAreCachedPerConnection() throws {
    let connection = try Connection(path: ":memory:", readOnly: false, busyTimeout: 100)
    let before = connection.cachedStatementCount
    for _ in 0..<10 { _ = try connection.integer("SELECT 1") }
    #expect(connection.cachedStatementCount == before + 1)
    // A nested use of the same SQL gets its own statement.
    let nested = try connection.rows("SELECT 7") { (_) throws(StoreError) in
      try connection.integer("SELECT 7")
    }
    #expect(nested == [7])
  }

  @Test func aClosedCatalogReleasesItsFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "MigrationProcedureTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("catalog.db").path
    do {
      let store = try CatalogStore(path: path)
      _ = try store.components()
    }
    // With no connection left, SQLite removes the WAL file on the last close.
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }
}
