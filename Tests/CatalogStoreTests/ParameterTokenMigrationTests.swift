import CatalogModel
import Testing

@testable import CatalogStore

/// Migration 0008 (issue 14, point 1, review): the `component_token` rows of a schema-6
/// catalog are derived again, so a token given to a parameter is a use of the kind the
/// parameter takes — a string default written into a colour becomes a colour row, a
/// variant's or an instance's colour argument a colour row, not a length.
@Suite struct ParameterTokenMigrationTests {
  @Test("a schema-6 catalog's rows are derived again with parameter kinds")
  func rowsDerivedAgain() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path()
    let connection = try Connection(path: path, readOnly: false, busyTimeout: 100)
    try Migrator.migrate(connection, Array(Migration.all.prefix(6)))
    let tint =
      #"{"name":"Tint","parameters":{"tint":{"type":"string","default":"{colors.x}"}},"variants":{"blue":{"tint":"{colors.blue}"}},"body":{"type":"Rectangle","fill":"$tint"}}"#
    let card =
      #"{"name":"Card","body":{"type":"Tint","arguments":{"tint":"{colors.red}"}}}"#
    try connection.executeScript(
      """
      INSERT INTO component (name, definition, revision) VALUES ('Tint', '\(tint)', 1);
      INSERT INTO component (name, definition, revision) VALUES ('Card', '\(card)', 1);
      INSERT INTO component_token (component_id, json_path, property, token_path, kind)
      VALUES (1, 'variants.blue.tint', 'variant.blue.tint', 'colors.blue', 'length'),
             (2, 'body.arguments.tint', 'argument.tint', 'colors.red', 'length');
      """)
    #expect(try Migrator.userVersion(connection) == 6)
    let store = try CatalogStore(path: path)
    #expect(try store.schemaVersion == CatalogStore.latestSchemaVersion)
    let rows = try store.componentTokenUses().map {
      "\($0.component) \($0.jsonPath) \($0.property) \($0.tokenPath) \($0.kind.rawValue)"
    }
    #expect(
      rows == [
        "Card body.arguments.tint argument.tint colors.red color",
        "Tint parameters.tint.default default.tint colors.x color",
        "Tint variants.blue.tint variant.blue.tint colors.blue color",
      ], "\(rows)")
  }
}
