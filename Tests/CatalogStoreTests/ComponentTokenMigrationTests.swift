import Testing

@testable import CatalogStore

/// Migration 0006 (issue 14, point 1): a catalog made before it stored only its components'
/// length rows, so `token_usage` missed every border, shadow and colour token. Opened by this
/// version, each stored definition's token uses of every type are derived into
/// `component_token` (the mapping every save uses), and `token_usage` reads them.
@Suite struct ComponentTokenMigrationTests {
  /// A rounded rectangle with a token corner radius, fill, border and shadow, and a text
  /// with a token foreground, background and `border` colour (that one `{grp.$root}`).
  static let avatar = #"""
    {"name":"Avatar","body":{"type":"ZStack","children":[
      {"type":"RoundedRectangle","cornerRadius":"{space.sm}","fill":"{color.brand}",
       "strokeBorder":"{border.card}","shadow":"{shadow.card}"},
      {"type":"Text","text":"A","foregroundColor":"{color.brand}",
       "modifiers":[{"background":"{color.brand}"},{"border":{"color":"{grp.$root}","width":1}}]}]}}
    """#

  /// A schema-5 catalog: tokens, `Avatar` with the length row schema 5 stored for it, and
  /// a stored definition that no longer parses.
  static func oldCatalog(at path: String) throws {
    let connection = try Connection(path: path, readOnly: false, busyTimeout: 100)
    try Migrator.migrate(connection, Array(Migration.all.prefix(5)))
    // (The definition holds no `'`, so it is quoted as it is.)
    let definition = avatar
    try connection.executeScript(
      """
      INSERT INTO token_set (name, precedence) VALUES ('base', 1);
      INSERT INTO token (token_set_id, path, type, value, resolved_value, resolved_points, revision)
      VALUES
        (1, 'space.sm', 'dimension', '{"value":8,"unit":"px"}', '{"value":8,"unit":"px"}', 8, 1),
        (1, 'border.card', 'border', '{"color":"#cccccc","width":{"value":1,"unit":"px"},"style":"solid"}', NULL, NULL, 1),
        (1, 'shadow.card', 'shadow', '{"color":"#00000033","offsetX":{"value":0,"unit":"px"},"offsetY":{"value":2,"unit":"px"},"blur":{"value":8,"unit":"px"},"spread":{"value":0,"unit":"px"}}', NULL, NULL, 1),
        (1, 'color.brand', 'color', '"#ff3b30"', NULL, NULL, 1),
        (1, 'grp', 'color', '"#000000"', NULL, NULL, 1);
      INSERT INTO component (name, definition, revision) VALUES ('Avatar', '\(definition)', 1);
      INSERT INTO component_length (component_id, json_path, property, source, token_path)
      VALUES (1, 'body.children[0].cornerRadius', 'cornerRadius', 'token', 'space.sm');
      INSERT INTO component_length (component_id, json_path, property, source, literal_points)
      VALUES (1, 'body.children[1].modifiers[1].border.width', 'border.width', 'literal', 1);
      INSERT INTO component (name, definition, revision)
      VALUES ('Broken', '{"name":"Broken","body":{"type":"Text"}}', 1);
      """)
    #expect(try Migrator.userVersion(connection) == 5)
    #expect(try connection.integer("SELECT count(*) FROM token_usage") == 1)
  }

  @Test("an existing catalog gets a token_usage row for every token its components name")
  func existingCatalogGetsEveryTokenUse() throws {
    let folder = try TemporaryDirectory()
    try Self.oldCatalog(at: folder.path())
    let store = try CatalogStore(path: folder.path())
    #expect(try store.schemaVersion == CatalogStore.latestSchemaVersion)
    let rows = try store.query(
      "SELECT component || ' ' || json_path || ' ' || property || ' ' || token_path || ' ' || kind || ' ' || coalesce(token_type, '-') || ' ' || coalesce(resolved_points, '-') AS r FROM token_usage"
    ).compactMap { $0["r"] ?? nil }
    #expect(
      rows == [
        "Avatar body.children[0].cornerRadius cornerRadius space.sm length dimension 8.0",
        "Avatar body.children[0].fill fill color.brand color color -",
        "Avatar body.children[0].shadow shadow shadow.card shadow shadow -",
        "Avatar body.children[0].strokeBorder strokeBorder border.card border border -",
        "Avatar body.children[1].foregroundColor foregroundColor color.brand color color -",
        "Avatar body.children[1].modifiers[0].background color color.brand color color -",
        "Avatar body.children[1].modifiers[1].border.color border.color grp color color -",
      ], "\(rows)")
    // The component summary counts every token named, of every type.
    #expect(
      try store.query("SELECT token_count FROM component_summary WHERE name = 'Avatar'").first?[
        "token_count"] == .some("5"))
    // The definition that no longer parses gets no rows (doctor reports it); the length
    // rows are as they were.
    #expect(
      try store.connection.integer(
        "SELECT count(*) FROM component_token WHERE component_id = (SELECT id FROM component WHERE name = 'Broken')"
      ) == 0)
    #expect(try store.connection.integer("SELECT count(*) FROM component_length") == 2)
    #expect(try store.componentTokenUses().map(\.tokenPath).contains("border.card"))
    #expect(try store.query("PRAGMA integrity_check").first?["integrity_check"] == .some("ok"))
    #expect(try store.connection.rows("PRAGMA foreign_key_check") { $0.text(0) }.isEmpty)
    // Removing the component removes its rows (the foreign key cascades).
    try store.connection.execute("DELETE FROM component WHERE name = 'Avatar'")
    #expect(try store.connection.integer("SELECT count(*) FROM component_token") == 0)
  }
}
