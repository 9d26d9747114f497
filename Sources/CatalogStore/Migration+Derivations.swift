import CatalogModel

extension Migration {
  /// Derives the rows this migration's SQL cannot (it cannot parse a definition), run by
  /// ``Migrator/migrate(_:_:)`` right after the SQL, in its transaction, so the migration
  /// and its rows are one change. Migration 6 (`component_token`) and migration 8
  /// (`component_token_parameters`, the tokens passed through parameters): one row per token
  /// each stored component names (``TokenUseRecord/records(of:components:)``, the mapping
  /// every save uses). Migration 7 (`resolver_document_revision`): each stored resolver
  /// document's current revision
  /// (``CatalogStore/insertResolverRevision(name:revision:document:source:change:savedAt:connection:)``,
  /// the insert every save uses). Other migrations derive nothing.
  /// - Parameter connection: The connection, inside the migration's transaction.
  /// - Throws: ``StoreError`` when SQLite refuses a row.
  func deriveRows(_ connection: Connection) throws(StoreError) {
    switch (version, name) {
    case (6, "component_token"), (8, "component_token_parameters"):
      try Self.deriveComponentTokens(connection)
    case (7, "resolver_document_revision"): try Self.deriveResolverRevisions(connection)
    default: break
    }
  }

  /// Fills `component_token` for every stored component whose definition parses, with the
  /// other stored components known (an instance's arguments take the kinds of its
  /// component's parameters); one that no longer parses gets no rows (`doctor` reports it).
  /// - Parameter connection: The connection, inside the migration's transaction.
  /// - Throws: ``StoreError`` when SQLite refuses a row.
  static func deriveComponentTokens(_ connection: Connection) throws(StoreError) {
    let components = try connection.rows("SELECT id, name, definition FROM component", []) {
      ($0.int(0), $0.text(1), $0.text(2))
    }
    var parsed: [(id: Int, definition: ComponentDefinition)] = []
    var byName: [String: ComponentDefinition] = [:]
    for (id, name, text) in components {
      guard let definition = try? DefinitionParser.parse(text, file: "catalog:\(name)") else {
        continue
      }
      parsed.append((id, definition))
      byName[definition.name] = definition
    }
    for (id, definition) in parsed {
      try CatalogStore.insertTokenRows(
        TokenUseRecord.records(of: definition, components: { byName[$0] }), componentID: id,
        connection: connection)
    }
  }

  /// Fills `resolver_document_revision` with each stored document's current revision, as
  /// stored (`create` at revision 1, else `update`: the earlier ones were not kept), saved
  /// when it was last updated.
  /// - Parameter connection: The connection, inside the migration's transaction.
  /// - Throws: ``StoreError`` when SQLite refuses a row.
  static func deriveResolverRevisions(_ connection: Connection) throws(StoreError) {
    let documents = try connection.rows(
      "SELECT name, revision, document, source, updated_at FROM resolver_document ORDER BY name", []
    ) { ($0.text(0), $0.int(1), $0.text(2), $0.optionalText(3), $0.text(4)) }
    for (name, revision, document, source, updatedAt) in documents {
      try CatalogStore.insertResolverRevision(
        name: name, revision: revision, document: document, source: source,
        change: revision == 1 ? "create" : "update", savedAt: updatedAt, connection: connection)
    }
  }
}
