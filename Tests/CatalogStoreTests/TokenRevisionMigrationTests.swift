import Testing

@testable import CatalogStore

/// Migration 0004 makes `token_revision` a WITHOUT ROWID table (issue 12 point 3: a token
/// import writes each revision row once, not to a table and its primary key's index). A
/// catalog made before it keeps every revision and every rule.
@Suite struct TokenRevisionMigrationTests {
  /// A catalog at schema 3 holding a token and its history (a create, an update, a
  /// removal), opened by this version.
  @Test func anExistingCatalogKeepsItsTokenHistory() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path()
    do {
      let connection = try Connection(path: path, readOnly: false, busyTimeout: 100)
      try Migrator.migrate(connection, Array(Migration.all.prefix(3)))
      try connection.executeScript(
        """
        INSERT INTO token_set (name, precedence) VALUES ('base', 1);
        INSERT INTO token (token_set_id, path, type, value, resolved_value, resolved_points, revision)
        VALUES (1, 'space.sm', 'dimension', '{"value":4,"unit":"px"}', '{"value":4,"unit":"px"}', 4, 2);
        INSERT INTO token_revision (token_set_name, path, revision, value, change, saved_at) VALUES
          ('base', 'space.sm', 1, '{"value":2,"unit":"px"}', 'create', '2026-11-30T10:00:00.000Z'),
          ('base', 'space.sm', 2, '{"value":4,"unit":"px"}', 'update', '2026-11-30T11:00:00.000Z'),
          ('base', 'space.xs', 1, '{"value":1,"unit":"px"}', 'create', '2026-11-30T10:00:00.000Z'),
          ('base', 'space.xs', 2, NULL, 'remove', '2026-11-30T12:00:00.000Z');
        """)
      #expect(try Migrator.userVersion(connection) == 3)
    }
    let store = try CatalogStore(path: path)
    #expect(try store.schemaVersion == CatalogStore.latestSchemaVersion)
    let rows = try store.query(
      """
      SELECT token_set_name || '/' || path || '@' || revision || ' ' || change || ' '
             || coalesce(value, 'NULL') || ' ' || saved_at AS row
      FROM token_revision ORDER BY path, revision
      """
    ).compactMap { $0["row"] ?? nil }
    #expect(
      rows == [
        #"base/space.sm@1 create {"value":2,"unit":"px"} 2026-11-30T10:00:00.000Z"#,
        #"base/space.sm@2 update {"value":4,"unit":"px"} 2026-11-30T11:00:00.000Z"#,
        #"base/space.xs@1 create {"value":1,"unit":"px"} 2026-11-30T10:00:00.000Z"#,
        "base/space.xs@2 remove NULL 2026-11-30T12:00:00.000Z",
      ])
    #expect(try store.tokenHistory("space.sm").map(\.revision) == [1, 2])
    // The next change continues the history.
    try store.importTokens(
      [TokenInput(path: "space.sm", type: "dimension", value: #"{"value":6,"unit":"px"}"#)],
      intoSet: "base", source: nil)
    #expect(try store.tokenHistory("space.sm").map(\.revision) == [1, 2, 3])
    #expect(try store.query("PRAGMA integrity_check").first?["integrity_check"] == .some("ok"))
  }

  @Test func theTableHasNoRowidAndKeepsItsRules() throws {
    let store = try CatalogStore(path: ":memory:")
    let sql = try store.query(
      "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'token_revision'"
    ).first?["sql"]
    #expect(sql??.hasSuffix("STRICT, WITHOUT ROWID") == true, "\(String(describing: sql))")
    #expect(
      try store.query("SELECT count(*) AS n FROM sqlite_schema WHERE tbl_name = 'token_revision'")
        .first?["n"] == .some("1"))
    for (row, constraint) in [
      (
        "('s', 'p', 1, '1', 'changed', '2026-11-30T10:00:00.000Z')",
        "token_revision_change_is_known"
      ),
      (
        "('s', 'p', 0, '1', 'create', '2026-11-30T10:00:00.000Z')",
        "token_revision_revision_is_positive"
      ),
      ("('s', 'p', 1, 'x', 'create', '2026-11-30T10:00:00.000Z')", "token_revision_value_is_json"),
      (
        "('s', 'p', 1, NULL, 'create', '2026-11-30T10:00:00.000Z')",
        "token_revision_removal_has_no_value"
      ),
      ("('s', 'p', 1, '1', 'create', 'yesterday')", "token_revision_saved_at_is_utc_timestamp"),
    ] {
      #expect {
        try store.connection.execute(
          "INSERT INTO token_revision (token_set_name, path, revision, value, change, saved_at) VALUES \(row)"
        )
      } throws: { error in
        guard case .sqlite(_, _, let message, _) = error as? StoreError else { return false }
        return message.contains(constraint)
      }
    }
    for change in ["create", "update", "revert"] {
      try store.connection.execute(
        "INSERT INTO token_revision VALUES ('s', '\(change)', 1, '1', '\(change)', '2026-11-30T10:00:00.000Z')"
      )
    }
    try store.connection.execute(
      "INSERT INTO token_revision VALUES ('s', 'gone', 1, NULL, 'remove', '2026-11-30T10:00:00.000Z')"
    )
    #expect(try store.query("SELECT count(*) AS n FROM token_revision").first?["n"] == .some("4"))
  }
}
