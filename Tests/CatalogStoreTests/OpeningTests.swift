import Foundation
import Testing

@testable import CatalogStore

@Suite struct OpeningTests {
  @Test func aNewerSchemaIsRefusedAndTheFileIsLeftAlone() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path()
    do {
      let store = try CatalogStore(path: path)
      try store.execute("PRAGMA user_version = 99")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for mode in [CatalogStore.OpenMode.readWrite, .readOnly] {
      #expect(
        throws: StoreError.newerSchema(found: 99, supported: CatalogStore.latestSchemaVersion)
      ) {
        _ = try CatalogStore(path: path, mode: mode)
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let message = StoreError.newerSchema(found: 99, supported: 1).description
    #expect(message.contains("newer version of catalog"))
    #expect(message.contains("99"))
  }

  @Test func aFileThatIsNotSQLiteIsRefusedAndLeftAlone() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path("random.db")
    var generator = SystemRandomNumberGenerator()
    let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
    try bytes.write(to: URL(fileURLWithPath: path))
    var thrown: StoreError?
    do {
      _ = try CatalogStore(path: path)
    } catch {
      thrown = error
    }
    guard case .notACatalog(let errorPath, let reason) = thrown else {
      Issue.record("expected notACatalog, got \(String(describing: thrown))")
      return
    }
    #expect(errorPath == path)
    #expect(reason.contains("not an SQLite database"))
    #expect(thrown?.description.contains("is not a catalog") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(leftovers == ["random.db"])
  }

  @Test func anotherApplicationsDatabaseIsRefused() throws {
    let folder = try TemporaryDirectory()
    // Another app's id.
    let other = folder.path("other.db")
    do {
      let connection = try Connection(path: other, readOnly: false, busyTimeout: 100)
      try connection.execute("PRAGMA application_id = 42")
      try connection.execute("CREATE TABLE thing (id INTEGER PRIMARY KEY)")
    }
    #expect(throws: StoreError.self) { _ = try CatalogStore(path: other) }
    do {
      _ = try CatalogStore(path: other)
    } catch {
      guard case .notACatalog(_, let reason) = error else {
        Issue.record("expected notACatalog, got \(error)")
        return
      }
      #expect(reason.contains("application_id 0x2A"))
    }
    // No application id but a user_version.
    let versioned = folder.path("versioned.db")
    do {
      let connection = try Connection(path: versioned, readOnly: false, busyTimeout: 100)
      try connection.execute("PRAGMA user_version = 3")
    }
    #expect(
      throws: StoreError.notACatalog(
        path: versioned,
        reason:
          "it is another application's SQLite database (user_version 3, no catalog application_id)")
    ) { _ = try CatalogStore(path: versioned) }
    // Tables but neither number.
    let tables = folder.path("tables.db")
    do {
      let connection = try Connection(path: tables, readOnly: false, busyTimeout: 100)
      try connection.execute("CREATE TABLE thing (id INTEGER PRIMARY KEY)")
    }
    #expect(
      throws: StoreError.notACatalog(
        path: tables, reason: "it is an SQLite database that already holds other tables")
    ) { _ = try CatalogStore(path: tables) }
    // Still untouched: no catalog tables were added.
    let connection = try Connection(path: tables, readOnly: true, busyTimeout: 100)
    #expect(try connection.integer("SELECT count(*) FROM sqlite_schema") == 1)
  }

  @Test func aMissingFolderCannotBeOpened() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path("missing/catalog.db")
    #expect {
      _ = try CatalogStore(path: path)
    } throws: { error in
      guard case .cannotOpen(let errorPath, _) = error as? StoreError else { return false }
      return errorPath == path
    }
  }

  @Test func readOnlyModeReadsAndRefusesChanges() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path()
    do {
      let store = try CatalogStore(path: path)
      try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    }
    let store = try CatalogStore(path: path, mode: .readOnly)
    #expect(try store.component(named: "VSStack")?.revision == 1)
    #expect(throws: StoreError.readOnly(path: path)) {
      try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    }
    #expect(throws: StoreError.readOnly(path: path)) {
      try store.removeComponent(named: "VSStack")
    }
    #expect(throws: StoreError.readOnly(path: path)) {
      try store.importTokens(Fixtures.coreTokens, intoSet: "core", source: nil)
    }
    #expect(throws: StoreError.readOnly(path: path)) {
      try store.inTransaction { 1 }
    }
    // Even SQL that bypasses the store's checks cannot write.
    #expect(throws: StoreError.readOnly(path: path)) {
      try store.execute("DELETE FROM component")
    }
  }

  @Test func readOnlyModeDoesNotMigrate() throws {
    let folder = try TemporaryDirectory()
    // A file that does not exist is not created.
    let missing = folder.path("missing.db")
    #expect {
      _ = try CatalogStore(path: missing, mode: .readOnly)
    } throws: { error in
      guard case .cannotOpen(_, let reason) = error as? StoreError else { return false }
      return reason.contains("catalog init")
    }
    #expect(!FileManager.default.fileExists(atPath: missing))
    // An empty file is not migrated: it is not a catalog (issue 12, point 1).
    let empty = folder.path("empty.db")
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    #expect {
      _ = try CatalogStore(path: empty, mode: .readOnly)
    } throws: { error in
      guard case .notACatalog = error as? StoreError else { return false }
      return "\(error)".contains("catalog init")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
  }

  @Test func queryRunsOnlyReadingStatements() throws {
    let store = try CatalogStore(path: ":memory:")
    #expect(try store.query("PRAGMA integrity_check").first?["integrity_check"] == .some("ok"))
    let row = try store.query("SELECT NULL AS missing, 8.0 AS points, 'x' AS text").first
    #expect(row?.keys.sorted() == ["missing", "points", "text"])
    #expect(row?["missing"] == .some(nil))
    #expect(row?["points"] == .some("8.0"))
    #expect(throws: StoreError.self) { _ = try store.query("DELETE FROM platform") }
    #expect(throws: StoreError.self) { _ = try store.query("SELECT 1; SELECT 2") }
    #expect(throws: StoreError.self) { _ = try store.query("   ") }
    #expect(try store.platform(named: "ios") != nil)
  }
}

extension OpeningTests {
  @Test func queryAcceptsPragmaReadsButNotPragmaWrites() throws {
    let folder = try TemporaryDirectory()
    let store = try CatalogStore(path: folder.path())
    #expect(try store.query("PRAGMA journal_mode").first?["journal_mode"] == .some("wal"))
    #expect(try store.query("PRAGMA foreign_key_check").isEmpty)
    #expect(throws: StoreError.self) { _ = try store.query("PRAGMA user_version = 7") }
    #expect(throws: StoreError.self) { _ = try store.query("PRAGMA journal_mode = DELETE") }
    #expect(try store.schemaVersion == CatalogStore.latestSchemaVersion)
    // query_only is switched off again afterwards.
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
  }
}
