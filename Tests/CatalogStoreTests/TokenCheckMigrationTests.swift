import Testing

@testable import CatalogStore

/// Migration 0005 writes two of the `token` table's CHECK constraints with fewer operations
/// (issue 12 point 3: every row of a million-token import checks them). A catalog made
/// before it keeps every token, and the table refuses exactly the rows it refused before.
@Suite struct TokenCheckMigrationTests {
  /// The path rule as migration 0001 wrote it (six GLOBs and a length), for comparison.
  static let pathRuleOf0001 = """
    length(?1) >= 1
    AND ?1 NOT GLOB '*[{}]*'
    AND ?1 NOT GLOB '$*' AND ?1 NOT GLOB '*.$*'
    AND ?1 NOT GLOB '.*' AND ?1 NOT GLOB '*.' AND ?1 NOT GLOB '*..*'
    """

  /// A catalog at schema 4 holding tokens in two sets (an alias, a deprecated token with
  /// extensions), a component using one, opened by this version.
  @Test func anExistingCatalogKeepsItsTokensAndViews() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path()
    let columns = """
      s.name || '/' || t.id || ' ' || t.path || ' ' || coalesce(t.type, 'NULL') || ' '
        || t.value || ' ' || coalesce(t.resolved_value, 'NULL') || ' '
        || coalesce(t.resolved_points, 'NULL') || ' ' || coalesce(t.alias_of, 'NULL') || ' '
        || coalesce(t.description, 'NULL') || ' ' || coalesce(t.deprecated, 'NULL') || ' '
        || coalesce(t.extensions, 'NULL') || ' ' || t.revision AS row
      FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id ORDER BY t.id
      """
    let before: [String]
    do {
      let connection = try Connection(path: path, readOnly: false, busyTimeout: 100)
      try Migrator.migrate(connection, Array(Migration.all.prefix(4)))
      try connection.executeScript(
        """
        INSERT INTO token_set (name, precedence) VALUES ('base', 1), ('brand', 2);
        INSERT INTO token (id, token_set_id, path, type, value, resolved_value, resolved_points,
                           alias_of, description, deprecated, extensions, revision) VALUES
          (3, 1, 'space.sm', 'dimension', '{"value":4,"unit":"px"}', '{"value":4,"unit":"px"}',
           4, NULL, 'Small', NULL, NULL, 2),
          (7, 1, 'space.gap', 'dimension', '"{space.sm}"', '{"value":4,"unit":"px"}', 4,
           'space.sm', NULL, 'true', '{"com.example":{"a":1}}', 1),
          (9, 2, 'space.sm', 'dimension', '{"value":6,"unit":"px"}', NULL, NULL, NULL, NULL,
           '"use space.md"', NULL, 1);
        INSERT INTO component (name, definition, revision)
        VALUES ('Card', '{"name":"Card","body":{"type":"Text","text":"x","modifiers":[{"padding":"{space.sm}"}]}}', 1);
        INSERT INTO component_length (component_id, json_path, property, source, token_path)
        VALUES (1, 'body.modifiers[0].padding.length', 'padding.all', 'token', 'space.sm');
        """)
      before = try connection.rows("SELECT \(columns)") { $0.text(0) }
      #expect(try Migrator.userVersion(connection) == 4)
    }
    let store = try CatalogStore(path: path)
    #expect(try store.schemaVersion == CatalogStore.latestSchemaVersion)
    #expect(try store.connection.rows("SELECT \(columns)") { $0.text(0) } == before)
    #expect(before.count == 3)
    // The views read the new table (brand wins space.sm), and its indexes exist.
    #expect(
      try store.query("SELECT token_set || ' ' || path AS r FROM token_resolved").compactMap {
        $0["r"] ?? nil
      } == ["base space.gap", "brand space.sm"])
    #expect(
      try store.query("SELECT component || ' ' || token_set AS r FROM token_usage").compactMap {
        $0["r"] ?? nil
      } == ["Card brand"])
    #expect(
      try store.connection.rows(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'token' AND sql IS NOT NULL ORDER BY name"
      ) { $0.text(0) } == ["token_path", "token_with_reference"])
    #expect(try store.query("PRAGMA integrity_check").first?["integrity_check"] == .some("ok"))
    #expect(try store.connection.rows("PRAGMA foreign_key_check") { $0.text(0) }.isEmpty)
    // Deleting a set still deletes its tokens (the foreign key came through the copy).
    try store.connection.execute("DELETE FROM token_set WHERE name = 'brand'")
    #expect(try store.connection.integer("SELECT count(*) FROM token") == 2)
  }

  /// Every short path over the characters the rule is about: the table accepts exactly the
  /// paths migration 0001's rule accepts.
  @Test func thePathRuleAcceptsWhatItAcceptedBefore() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.connection.execute("INSERT INTO token_set (name, precedence) VALUES ('s', 1)")
    let alphabet = ["a", ".", "$", "{", "}", "é", " "]
    var paths = [""]
    var level = [""]
    for _ in 0..<4 {
      level = level.flatMap { prefix in alphabet.map { prefix + $0 } }
      paths += level
    }
    var accepted = 0
    for path in paths {
      let before =
        try store.connection.integer("SELECT \(Self.pathRuleOf0001)", [.text(path)]) == 1
      var now = true
      do {
        try store.connection.execute(
          "INSERT INTO token (token_set_id, path, value, revision) VALUES (1, ?, '1', 1)",
          [.text(path)])
      } catch {
        guard case .sqlite(_, _, let message, _) = error,
          message.contains("token_path_is_dotted_names")
        else { throw error }
        now = false
      }
      #expect(now == before, "path '\(path)'")
      if now { accepted += 1 }
    }
    // Both kinds were met.
    #expect(accepted > 100 && accepted < paths.count - 100)
  }

  /// One row breaking each constraint of the table is refused, naming the constraint;
  /// a resolved value equal to the value, and one differing but valid, are accepted.
  @Test func eachBadRowIsRefusedByItsConstraint() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.connection.execute("INSERT INTO token_set (name, precedence) VALUES ('s', 1)")
    let insert = """
      INSERT INTO token (token_set_id, path, value, resolved_value, deprecated, extensions,
                         revision) VALUES
      """
    for (row, constraint) in [
      ("(1, 'a.$b', '1', NULL, NULL, NULL, 1)", "token_path_is_dotted_names"),
      ("(1, 'a..b', '1', NULL, NULL, NULL, 1)", "token_path_is_dotted_names"),
      ("(1, '', '1', NULL, NULL, NULL, 1)", "token_path_is_dotted_names"),
      ("(1, 'a{b}', '1', NULL, NULL, NULL, 1)", "token_path_is_dotted_names"),
      ("(1, 'a', 'x', NULL, NULL, NULL, 1)", "token_value_is_json"),
      ("(1, 'a', 'x', 'x', NULL, NULL, 1)", "token_value_is_json"),
      ("(1, 'a', '1', 'y', NULL, NULL, 1)", "token_resolved_value_is_json"),
      ("(1, 'a', '1', NULL, '3', NULL, 1)", "token_deprecated_is_boolean_or_text"),
      ("(1, 'a', '1', NULL, 'x', NULL, 1)", "token_deprecated_is_boolean_or_text"),
      ("(1, 'a', '1', NULL, NULL, '[]', 1)", "token_extensions_is_json_object"),
      ("(1, 'a', '1', NULL, NULL, '{', 1)", "token_extensions_is_json_object"),
      ("(1, 'a', '1', NULL, NULL, NULL, 0)", "token_revision_is_positive"),
    ] {
      #expect {
        try store.connection.execute("\(insert) \(row)")
      } throws: { error in
        guard case .sqlite(_, _, let message, _) = error as? StoreError else { return false }
        return message.contains(constraint)
      }
    }
    try store.connection.execute(
      #"\#(insert) (1, 'a', '{"value":1,"unit":"px"}', '{"value":1,"unit":"px"}', 'false', '{}', 1)"#
    )
    try store.connection.execute(#"\#(insert) (1, 'b', '"{a}"', '{"value":1}', NULL, NULL, 1)"#)
    #expect {
      try store.connection.execute("\(insert) (1, 'a', '2', NULL, NULL, NULL, 1)")
    } throws: { error in
      guard case .sqlite(_, _, let message, _) = error as? StoreError else { return false }
      return message.contains("UNIQUE")
    }
    #expect(try store.connection.integer("SELECT count(*) FROM token") == 2)
  }
}
