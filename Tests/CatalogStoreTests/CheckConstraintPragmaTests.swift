import Testing

@testable import CatalogStore

/// `Connection.withoutCheckConstraints` (the bulk token import's `create` revisions, issue 12
/// point 2's review of `PRAGMA ignore_check_constraints`): the CHECKs are evaluated again
/// after the body on every path, also when it fails, so no later write of the connection
/// goes unchecked.
@Suite struct CheckConstraintPragmaTests {
  /// A row that breaks `token_revision_change_is_known`.
  static let badRow =
    "INSERT INTO token_revision (token_set_name, path, revision, value, change, saved_at) VALUES ('core', 'x', 1, '1', 'changed', '2026-11-30T10:00:00.000Z')"

  static func checksApply(_ store: CatalogStore) -> Bool {
    do {
      try store.connection.execute(Self.badRow)
      return false
    } catch {
      guard case .sqlite(_, _, let message, _) = error else { return false }
      return message.contains("token_revision_change_is_known")
    }
  }

  @Test func theChecksApplyAgainAfterABodyThatSucceeds() throws {
    let store = try CatalogStore(path: ":memory:")
    var inside: Int?
    try store.connection.withoutCheckConstraints { () throws(StoreError) in
      inside = try store.connection.integer("PRAGMA ignore_check_constraints")
    }
    #expect(inside == 1)
    #expect(try store.connection.integer("PRAGMA ignore_check_constraints") == 0)
    #expect(Self.checksApply(store))
  }

  @Test func theChecksApplyAgainAfterABodyThatFails() throws {
    let store = try CatalogStore(path: ":memory:")
    let failure = StoreError.sqlite(code: 19, extendedCode: 1555, message: "boom", sql: nil)
    #expect(throws: failure) {
      try store.connection.withoutCheckConstraints { () throws(StoreError) in throw failure }
    }
    #expect(try store.connection.integer("PRAGMA ignore_check_constraints") == 0)
    #expect(Self.checksApply(store))
  }

  /// A bulk import whose `create` revisions collide with a stray history row (the primary
  /// key is checked even while the CHECKs are not): the import fails or falls back, and
  /// either way the CHECKs apply again afterwards.
  @Test func aFailingRevisionInsertOfABulkImportTurnsTheChecksOnAgain() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.connection.execute(
      "INSERT INTO token_revision (token_set_name, path, revision, value, change, saved_at) VALUES ('core', 'g.t5', 1, '1', 'create', '2026-11-30T10:00:00.000Z')"
    )
    _ = try? store.importTokens(
      BulkTokenImportTests.tokens(CatalogStore.tokenInsertBatch * 2 + 3), intoSet: "core",
      source: nil)
    #expect(try store.connection.integer("PRAGMA ignore_check_constraints") == 0)
    #expect(Self.checksApply(store))
  }
}
