import CatalogModel

extension Migration {
  /// Derives the rows this migration's SQL cannot (it cannot parse a definition), run by
  /// ``Migrator/migrate(_:_:)`` right after the SQL, in its transaction, so the migration
  /// and its rows are one change. Migration 6 (`component_token`) and migration 7
  /// (`component_token_parameters`, the tokens passed through parameters): one row per token
  /// each stored component names (``TokenUseRecord/records(of:components:)``, the mapping
  /// every save uses). Other migrations derive nothing.
  /// - Parameter connection: The connection, inside the migration's transaction.
  /// - Throws: ``StoreError`` when SQLite refuses a row.
  func deriveRows(_ connection: Connection) throws(StoreError) {
    switch (version, name) {
    case (6, "component_token"), (7, "component_token_parameters"):
      try Self.deriveComponentTokens(connection)
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
}
