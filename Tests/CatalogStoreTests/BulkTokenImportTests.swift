import Testing

@testable import CatalogStore

/// The batched path of a large token import (issue 14, point 9): multi-row INSERTs, the
/// row-by-row fallback for a repeated path, and the secondary indexes rebuilt after a load
/// that at least doubles the token table. Each writes what the row-by-row import writes.
@Suite struct BulkTokenImportTests {
  /// `count` literal tokens `g.t0` …, in order.
  static func tokens(_ count: Int) -> [TokenInput] {
    (0..<count).map { i in
      TokenInput(
        path: "g.t\(i)", type: "dimension", value: #"{"value":\#(i % 64),"unit":"px"}"#,
        resolvedValue: #"{"value":\#(i % 64),"unit":"px"}"#, resolvedPoints: Double(i % 64))
    }
  }

  @Test("batches over several INSERTs keep the file's order, one create revision each")
  func batchesKeepOrderAndRevisions() throws {
    let store = try CatalogStore(path: ":memory:")
    let count = CatalogStore.tokenInsertBatch * 2 + 7
    let summary = try store.importTokens(Self.tokens(count), intoSet: "core", source: nil)
    #expect(summary == TokenImportSummary(set: "core", added: count, changed: 0, unchanged: 0))
    let stored = try store.tokens(inSet: "core")
    #expect(stored.map(\.path) == Self.tokens(count).map(\.path))
    #expect(stored.allSatisfy { $0.revision == 1 })
    let revisions = try store.query(
      "SELECT count(*) AS n, min(change) AS a, max(change) AS b FROM token_revision")
    #expect(revisions.first?["n"] == .some("\(count)"))
    #expect(revisions.first?["a"] == .some("create"))
    #expect(revisions.first?["b"] == .some("create"))
  }

  /// The `create` revisions of a bulk import are written at the end, from the rows added
  /// (issue 12 point 3): a path with history continues it, a changed token gets its
  /// `update`, an unchanged one nothing, and each newest revision holds the row's value.
  @Test("a bulk import into a set with history writes the revisions the rows need")
  func bulkImportContinuesHistory() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.importTokens(Self.tokens(10), intoSet: "core", source: nil)
    _ = try store.removeToken("g.t2", inSet: "core")
    var list = Self.tokens(CatalogStore.tokenInsertBatch + 30)
    list[1].value = #"{"value":50,"unit":"px"}"#
    list[1].resolvedValue = list[1].value
    list[1].resolvedPoints = 50
    let summary = try store.importTokens(list, intoSet: "core", source: nil)
    #expect(
      summary
        == TokenImportSummary(
          set: "core", added: CatalogStore.tokenInsertBatch + 21, changed: 1, unchanged: 8))
    let history = try store.query(
      """
      SELECT path || '@' || revision || ' ' || change || ' ' || coalesce(value, 'NULL') AS row
      FROM token_revision WHERE path IN ('g.t1', 'g.t2', 'g.t10') ORDER BY path, revision
      """
    ).compactMap { $0["row"] ?? nil }
    #expect(
      history == [
        #"g.t1@1 create {"value":1,"unit":"px"}"#, #"g.t1@2 update {"value":50,"unit":"px"}"#,
        #"g.t10@1 create {"value":10,"unit":"px"}"#,
        #"g.t2@1 create {"value":2,"unit":"px"}"#, "g.t2@2 remove NULL",
        #"g.t2@3 create {"value":2,"unit":"px"}"#,
      ])
    #expect(
      try store.query("SELECT count(*) AS n FROM token_revision").first?["n"]
        == .some("\(10 + 1 + 1 + CatalogStore.tokenInsertBatch + 21)"))
    // Each row's revision is in the history with its value.
    #expect(
      try store.query(
        """
        SELECT count(*) AS n FROM token AS t
        JOIN token_revision AS r ON r.path = t.path AND r.revision = t.revision AND r.value = t.value
        """
      ).first?["n"] == .some("\(list.count)"))
    #expect(try store.tokens(inSet: "core").map(\.path).prefix(3) == ["g.t0", "g.t1", "g.t3"])
  }

  @Test("a path repeated in a later batch falls back to row by row with the same result")
  func repeatedPathAcrossBatchesFallsBack() throws {
    let store = try CatalogStore(path: ":memory:")
    var list = Self.tokens(CatalogStore.tokenInsertBatch + 10)
    var again = list[3]
    again.value = #"{"value":99,"unit":"px"}"#
    again.resolvedValue = again.value
    again.resolvedPoints = 99
    list.append(again)
    let summary = try store.importTokens(list, intoSet: "core", source: nil)
    #expect(
      summary
        == TokenImportSummary(
          set: "core", added: CatalogStore.tokenInsertBatch + 10, changed: 1, unchanged: 0))
    let row = try store.tokens(inSet: "core").first { $0.path == "g.t3" }
    #expect(row?.resolvedPoints == 99)
    #expect(row?.revision == 2)
    #expect(
      try store.query("SELECT count(*) AS n FROM token_revision").first?["n"]
        == .some("\(CatalogStore.tokenInsertBatch + 11)"))
  }

  @Test("a large first import rebuilds token_path and token_with_reference as the schema has them")
  func largeImportRebuildsIndexes() throws {
    let store = try CatalogStore(path: ":memory:")
    let indexSQL =
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'token' ORDER BY name"
    let before = try store.query(indexSQL)
    var list = Self.tokens(CatalogStore.indexRebuildThreshold)
    list[5] = TokenInput(
      path: "g.t5", type: "dimension", value: #""{g.t4}""#, resolvedValue: list[4].value,
      resolvedPoints: list[4].resolvedPoints, aliasOf: "g.t4")
    try store.importTokens(list, intoSet: "core", source: nil)
    #expect(try store.query(indexSQL) == before)
    #expect(try store.query("PRAGMA integrity_check").first?.values.first == .some("ok"))
    // The partial index holds exactly the referencing row.
    #expect(
      try store.query(
        "SELECT path FROM token INDEXED BY token_with_reference WHERE value GLOB '*{[^\"}]*'")
        == [["path": "g.t5"]])
  }

  @Test("a repeated path in a large import falls back with the indexes back in place")
  func repeatedPathInLargeImportKeepsIndexes() throws {
    let store = try CatalogStore(path: ":memory:")
    let indexSQL =
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'token' ORDER BY name"
    let before = try store.query(indexSQL)
    var list = Self.tokens(CatalogStore.indexRebuildThreshold)
    list.append(list[0])
    let summary = try store.importTokens(list, intoSet: "core", source: nil)
    #expect(
      summary
        == TokenImportSummary(
          set: "core", added: CatalogStore.indexRebuildThreshold, changed: 0, unchanged: 1))
    #expect(try store.query(indexSQL) == before)
    #expect(try store.query("PRAGMA integrity_check").first?.values.first == .some("ok"))
  }

  @Test("text with and without an embedded NUL is stored whole")
  func textIsBoundWhole() throws {
    let store = try CatalogStore(path: ":memory:")
    let tokens = [
      TokenInput(path: "a", type: "dimension", value: "1", description: "before\u{0}after"),
      TokenInput(path: "b", type: "dimension", value: "2", description: "plain, café"),
    ]
    try store.importTokens(tokens, intoSet: "core", source: nil)
    #expect(
      try store.tokens(inSet: "core").map(\.description) == ["before\u{0}after", "plain, café"])
    #expect(
      try store.query("SELECT length(CAST(description AS BLOB)) AS n FROM token ORDER BY path")
        .map { $0["n"] } == [.some("12"), .some("12")])
  }

  @Test("a refused token in a large import rolls everything back, indexes included")
  func refusedTokenInLargeImportRollsBack() throws {
    let store = try CatalogStore(path: ":memory:")
    let indexSQL = "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'token'"
    let before = try store.query(indexSQL)
    var list = Self.tokens(CatalogStore.indexRebuildThreshold)
    list[CatalogStore.indexRebuildThreshold - 3].value = "{oops"
    #expect {
      try store.importTokens(list, intoSet: "core", source: nil)
    } throws: { error in
      (error as? StoreError)?.description.contains("token_value_is_json") == true
    }
    #expect(try store.query(indexSQL) == before)
    #expect(try store.query("SELECT count(*) AS n FROM token").first?["n"] == .some("0"))
    #expect(try store.tokenSets().isEmpty)
  }

  /// The `create` revisions of a bulk import are written without SQLite evaluating
  /// `token_revision`'s CHECKs again (they hold by construction): every row written
  /// satisfies each of them, and afterwards the table checks every row again.
  @Test("bulk revision rows satisfy every CHECK, and the CHECKs apply again afterwards")
  func bulkRevisionsSatisfyTheirChecks() throws {
    let store = try CatalogStore(path: ":memory:")
    let count = CatalogStore.tokenInsertBatch * 2 + 3
    try store.importTokens(Self.tokens(count), intoSet: "core", source: nil)
    let violations = try store.connection.integer(
      """
      SELECT count(*) FROM token_revision WHERE NOT (
        revision >= 1 AND (value IS NULL OR json_valid(value))
        AND change IN ('create', 'update', 'remove', 'revert')
        AND saved_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
        AND (change = 'remove') = (value IS NULL))
      """)
    #expect(violations == 0)
    #expect(try store.connection.integer("SELECT count(*) FROM token_revision") == count)
    #expect(try store.connection.integer("PRAGMA ignore_check_constraints") == 0)
    for (row, constraint) in [
      (
        "('core', 'x', 1, '1', 'changed', '2026-11-30T10:00:00.000Z')",
        "token_revision_change_is_known"
      ),
      (
        "('core', 'x', 1, 'x', 'create', '2026-11-30T10:00:00.000Z')",
        "token_revision_value_is_json"
      ),
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
    // The same statement the import ran, now with the CHECKs: a bad time is refused.
    #expect {
      try store.connection.execute(
        CatalogStore.tokenRevisionsOfNewRowsSQL, [.text("core"), .text("now"), .int(1), .int(0)])
    } throws: { error in
      guard case .sqlite(_, _, let message, _) = error as? StoreError else { return false }
      return message.contains("token_revision_saved_at_is_utc_timestamp")
    }
  }
}
