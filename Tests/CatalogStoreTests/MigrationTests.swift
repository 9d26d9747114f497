import Foundation
import Testing

@testable import CatalogStore

@Suite struct MigrationTests {
  /// The repository's `migrations/` folder, found from this file.
  static let migrationsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // CatalogStoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // repository
    .appendingPathComponent("migrations", isDirectory: true)
    .resolvingSymlinksInPath()

  static func migrationFiles() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(
      at: migrationsFolder, includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "sql" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test func embeddedMigrationsEqualTheFilesByteForByte() throws {
    let files = try Self.migrationFiles()
    #expect(!files.isEmpty)
    #expect(
      files.count == Migration.all.count,
      "run scripts/generate-migrations.sh: \(files.count) files, \(Migration.all.count) embedded")
    for (file, migration) in zip(files, Migration.all) {
      let name = file.deletingPathExtension().lastPathComponent
      #expect(name == String(format: "%04d_", migration.version) + migration.name)
      let bytes = Array(try Data(contentsOf: file))
      let embedded = Array(migration.sql.utf8)
      let firstDifference =
        zip(bytes, embedded).enumerated().first { $1.0 != $1.1 }?.offset
        ?? (bytes.count == embedded.count ? nil : min(bytes.count, embedded.count))
      #expect(
        firstDifference == nil,
        """
        \(file.lastPathComponent) differs from Migrations+Generated.swift at byte \
        \(firstDifference ?? 0); run scripts/generate-migrations.sh
        """)
    }
  }

  @Test func migrationNumbersStartAtOneWithoutGaps() throws {
    let numbers = try Self.migrationFiles().map { file -> Int? in
      let name = file.lastPathComponent
      guard name.count > 5, name.dropFirst(4).first == "_" else { return nil }
      return Int(name.prefix(4))
    }
    #expect(!numbers.isEmpty)
    #expect(numbers == (0..<numbers.count).map { Optional($0 + 1) })
    #expect(Migration.all.map(\.version) == (0..<Migration.all.count).map { $0 + 1 })
    #expect(CatalogStore.latestSchemaVersion == Migration.all.count)
  }

  @Test func migrationsApplyToAnEmptyFile() throws {
    let folder = try TemporaryDirectory()
    let store = try CatalogStore(path: folder.path())
    #expect(try store.schemaVersion == CatalogStore.latestSchemaVersion)
    let header = try store.query("PRAGMA application_id")
    #expect(header.first?["application_id"] == .some("\(Migrator.applicationID)"))
    #expect(try store.query("PRAGMA journal_mode").first?["journal_mode"] == .some("wal"))
    #expect(try store.query("PRAGMA foreign_keys").first?["foreign_keys"] == .some("1"))
    let names = try store.query(
      "SELECT name, type FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
    ).compactMap { row -> String? in row["name"] ?? nil }
    for expected in [
      "component", "component_parameter", "component_variant", "component_length",
      "component_token", "component_instance", "component_revision", "token_set", "token",
      "token_revision", "resolver_document_revision",
      "platform", "component_summary", "token_usage", "token_resolved", "hard_coded_length",
    ] {
      #expect(names.contains(expected), "missing \(expected)")
    }
    // Every table is STRICT.
    let tables = try store.query("PRAGMA table_list").filter {
      $0["schema"] == .some("main") && $0["type"] == .some("table")
        && !(($0["name"] ?? nil)?.hasPrefix("sqlite_") ?? false)
    }
    #expect(tables.count == 15)
    for table in tables {
      #expect(table["strict"] == .some("1"), "\(String(describing: table["name"])) is not STRICT")
    }
  }

  @Test func reopeningIsIdempotent() throws {
    let folder = try TemporaryDirectory()
    do {
      let store = try CatalogStore(path: folder.path())
      try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    }
    for _ in 0..<3 {
      let store = try CatalogStore(path: folder.path())
      #expect(try store.schemaVersion == CatalogStore.latestSchemaVersion)
      #expect(try store.components().map(\.name) == ["VSStack"])
      #expect(try store.query("SELECT count(*) AS n FROM platform").first?["n"] == .some("1"))
    }
  }

  @Test func inMemoryCatalogsWork() throws {
    let store = try CatalogStore(path: ":memory:")
    #expect(try store.schemaVersion == CatalogStore.latestSchemaVersion)
    try store.saveComponent(Fixtures.vsStack, expectedRevision: nil)
    #expect(try store.component(named: "VSStack")?.revision == 1)
  }
}

extension MigrationTests {
  @Test func aFailingMigrationIsRolledBackWhole() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path()
    do { _ = try CatalogStore(path: path) }
    let connection = try Connection(path: path, readOnly: false, busyTimeout: 100)
    let broken = Migration(
      version: Migration.all.count + 1, name: "broken",
      sql: """
        CREATE TABLE added (id INTEGER PRIMARY KEY) STRICT;
        INSERT INTO platform (name, default_spacing, default_padding, display_scale)
        VALUES ('web', 8, 16, 1);
        INSERT INTO nowhere VALUES (1);
        """)
    #expect {
      try Migrator.migrate(connection, Migration.all + [broken])
    } throws: { error in
      guard case .sqlite(_, _, let message, let sql) = error as? StoreError else { return false }
      return message.contains("no such table: nowhere") && sql?.contains("nowhere") == true
    }
    #expect(!connection.isInTransaction)
    #expect(try Migrator.userVersion(connection) == Migration.all.count)
    #expect(try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'added'") == 0)
    #expect(try connection.integer("SELECT count(*) FROM platform") == 1)
  }
}
