import Testing

@testable import CatalogStore

/// Migration 0007: a resolver document kept only its latest JSON, so `tokens resolvers
/// --remove` could not be undone. Opened by this version, each stored document gets its
/// current revision in `resolver_document_revision` (the insert every save uses), and a
/// later save or removal goes on from it.
@Suite struct ResolverRevisionMigrationTests {
  static let document =
    ##"{"name":"modes","version":"2025.10","sets":{"base":{"sources":[{"a":{"$value":1,"$type":"number"}}]}},"resolutionOrder":[{"$ref":"#/sets/base"}]}"##

  @Test("an existing document gets its current revision, and its history goes on from it")
  func existingDocumentGetsItsRevision() throws {
    let folder = try TemporaryDirectory()
    let connection = try Connection(path: folder.path(), readOnly: false, busyTimeout: 100)
    try Migrator.migrate(connection, Array(Migration.all.prefix(6)))
    try connection.executeScript(
      """
      INSERT INTO resolver_document (name, version, document, source, revision, updated_at)
      VALUES ('modes', '2025.10', '\(Self.document)', 'modes.resolver.json', 3, '2026-01-02T03:04:05.000Z'),
             ('first', '2025.10', '\(Self.document)', NULL, 1, '2026-01-01T00:00:00.000Z');
      """)
    let store = try CatalogStore(path: folder.path())
    #expect(try store.schemaVersion == CatalogStore.latestSchemaVersion)
    let modes = try store.resolverDocumentHistory(named: "modes")
    #expect(
      modes == [
        ResolverRevisionRecord(
          revision: 3, document: Self.document, source: "modes.resolver.json", change: "update",
          savedAt: "2026-01-02T03:04:05.000Z")
      ])
    #expect(try store.resolverDocumentHistory(named: "first").map(\.change) == ["create"])
    // A removal goes on from the stored revision, and keeps the history.
    #expect(try store.removeResolverDocument(named: "modes") == 4)
    #expect(
      try store.resolverDocumentHistory(named: "modes").map(\.change) == ["update", "remove"])
    let back = try store.saveResolverDocument(
      ResolverDocumentInput(name: "modes", document: Self.document, modifiers: []), isRevert: true)
    #expect(back == 5)
    #expect(
      try store.resolverDocumentHistory(named: "modes").map(\.change)
        == ["update", "remove", "revert"])
    #expect(try store.query("PRAGMA integrity_check").first?["integrity_check"] == .some("ok"))
  }
}
