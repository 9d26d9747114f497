internal import CatalogJSON

#if canImport(FoundationEssentials)
  internal import FoundationEssentials
#else
  internal import Foundation
#endif

/// Design tokens: sets, imports with revisions, resolution by set precedence.
extension CatalogStore {
  private static let tokenColumns = """
    s.name, t.path, t.type, t.value, t.resolved_value, t.resolved_points, t.alias_of,
    t.description, t.deprecated, t.extensions, t.revision
    """

  /// A token row (the columns of ``tokenColumns``) as a record.
  static func tokenRecordRow(_ row: Statement) -> TokenRecord { tokenRecord(row) }

  private static func tokenRecord(_ row: Statement) -> TokenRecord {
    TokenRecord(
      set: row.text(0), path: row.text(1), type: row.optionalText(2), value: row.text(3),
      resolvedValue: row.optionalText(4), resolvedPoints: row.optionalDouble(5),
      aliasOf: row.optionalText(6), description: row.optionalText(7),
      deprecated: row.optionalText(8), extensions: row.optionalText(9), revision: row.int(10))
  }

  /// Every token set, lowest precedence first.
  ///
  /// - Returns: The sets, each with its token count.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func tokenSets() throws(StoreError) -> [TokenSetRecord] {
    try connection.rows(
      """
      SELECT s.name, s.description, s.precedence, s.source,
             (SELECT count(*) FROM token WHERE token_set_id = s.id)
      FROM token_set AS s ORDER BY s.precedence
      """
    ) { row in
      TokenSetRecord(
        name: row.text(0), description: row.optionalText(1), precedence: row.int(2),
        source: row.optionalText(3), tokenCount: row.int(4))
    }
  }

  /// Adds or updates tokens in a set, in one transaction.
  ///
  /// Creates the set when it is missing, with a precedence one above every existing set
  /// (so the newest set wins). Each token is matched by path: a new path is added at
  /// revision 1 (or one past its history, if it was stored before), a token whose fields
  /// differ is updated and gets the next revision, an identical one is left alone. Added
  /// and changed tokens get a `token_revision` row holding their `$value`. Tokens of the
  /// set that `tokens` does not mention are kept. If a path appears twice in `tokens`, the
  /// later one wins.
  ///
  /// - Parameters:
  ///   - tokens: The tokens, parsed and resolved by the caller; read once, in order (a lazy
  ///     collection computing each row as it is written keeps no second copy of them), or
  ///     twice when a large import meets a path given twice (the batched first pass is
  ///     rolled back and the import runs row by row).
  ///   - set: The token set's name.
  ///   - source: The file they come from, recorded on the set; `nil` keeps the old one.
  ///   - description: A description recorded on the set; `nil` keeps the old one.
  /// - Returns: How many tokens were added, changed and unchanged.
  /// - Throws: ``StoreError/sqlite(code:extendedCode:message:sql:)`` when a constraint
  ///   refuses a token (a path with a `$` name, invalid JSON) or the set name;
  ///   ``StoreError/locked(path:)``; ``StoreError/readOnly(path:)``. Nothing is written
  ///   then.
  @discardableResult
  public func importTokens(
    _ tokens: some Collection<TokenInput>, intoSet set: String, source: String?,
    description: String? = nil
  ) throws(StoreError) -> TokenImportSummary {
    try importTokenRows(tokens, intoSet: set, source: source, description: description)
  }

  /// ``importTokens(_:intoSet:source:description:)`` for rows made as they are read
  /// (``TokenInputRows``): the same rules, compiled for that one collection type.
  /// - Parameters:
  ///   - tokens: The rows, read once in order (twice when the batched pass meets a path
  ///     given twice).
  ///   - set: The token set's name.
  ///   - source: The file they come from; `nil` keeps the old one.
  ///   - description: A description recorded on the set; `nil` keeps the old one.
  /// - Returns: How many tokens were added, changed and unchanged.
  /// - Throws: ``StoreError``, as ``importTokens(_:intoSet:source:description:)`` does.
  @discardableResult
  public func importTokens(
    _ tokens: TokenInputRows, intoSet set: String, source: String?, description: String? = nil
  ) throws(StoreError) -> TokenImportSummary {
    try importTokenRows(tokens, intoSet: set, source: source, description: description)
  }

  /// The one body of both ``importTokens(_:intoSet:source:description:)`` entries.
  private func importTokenRows<Rows: Collection<TokenInput>>(
    _ tokens: Rows, intoSet set: String, source: String?, description: String?
  ) throws(StoreError) -> TokenImportSummary {
    // One spelling per name: set names, paths and alias targets are stored in NFC.
    let set = Self.normalizedName(set)
    // A stored set keeps its name, even one a later rule refuses; a new one is checked below.
    return try write { () throws(StoreError) -> TokenImportSummary in
      let setID: Int
      if let existing = try connection.integer(
        "SELECT id FROM token_set WHERE name = ?", [.text(set)])
      {
        setID = existing
        try connection.execute(
          """
          UPDATE token_set SET source = coalesce(?, source),
                               description = coalesce(?, description)
          WHERE id = ?
          """, [.string(source), .string(description), .int(setID)])
      } else {
        // A new set must not clash with an existing one's file on a case-insensitive file
        // system (the one set-name rule, with the names taken).
        if let problem = TokenSetName.problem(
          in: set, existing: try connection.rows("SELECT name FROM token_set", [], { $0.text(0) }))
        {
          throw StoreError.invalidName(
            kind: "token set", name: NameText.forTerminal(set), reason: problem)
        }
        try connection.execute(
          """
          INSERT INTO token_set (name, description, precedence, source)
          VALUES (?, ?, (SELECT coalesce(max(precedence), 0) + 1 FROM token_set), ?)
          """, [.text(set), .string(description), .string(source)])
        setID = connection.lastInsertRowID
      }

      // The set's tokens and its revision history: read once (one query each) when the
      // import is large against the set, else looked up per token (an indexed lookup), so
      // `tokens set` on a set of a million tokens reads one row, not the set.
      let storedCount =
        try connection.integer("SELECT count(*) FROM token WHERE token_set_id = ?", [.int(setID)])
        ?? 0
      let bulk = tokens.count * 8 >= storedCount
      var existingTokens: [String: (record: TokenRecord, id: Int)] = [:]
      var lastRevision: [String: Int] = [:]
      if bulk {
        for (record, id) in try connection.rows(
          """
          SELECT s.name, t.path, t.type, t.value, t.resolved_value, t.resolved_points,
                 t.alias_of, t.description, t.deprecated, t.extensions, t.revision, t.id
          FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
          WHERE t.token_set_id = ?
          """, [.int(setID)], { row in (Self.tokenRecord(row), row.int(11)) })
        {
          existingTokens[record.path] = (record, id)
        }
        for (path, revision) in try connection.rows(
          "SELECT path, max(revision) FROM token_revision WHERE token_set_name = ? GROUP BY path",
          [.text(set)],
          { row in (row.text(0), row.int(1)) })
        {
          lastRevision[path] = revision
        }
      }
      let revisionOfPath = try connection.prepare(
        "SELECT max(revision) FROM token_revision WHERE token_set_name = ? AND path = ?")
      // A path given twice meets the first one's row: nothing is inserted, and the row
      // is read back and compared like a stored one (no per-token map is kept).
      let insert = try connection.prepare(
        """
        INSERT INTO token (token_set_id, path, type, value, resolved_value, resolved_points,
                           alias_of, description, deprecated, extensions, revision)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (token_set_id, path) DO NOTHING
        """)
      let earlierRow = try connection.prepare(
        """
        SELECT s.name, t.path, t.type, t.value, t.resolved_value, t.resolved_points,
               t.alias_of, t.description, t.deprecated, t.extensions, t.revision, t.id
        FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
        WHERE t.token_set_id = ? AND t.path = ?
        """)
      let update = try connection.prepare(
        """
        UPDATE token SET type = ?, value = ?, resolved_value = ?, resolved_points = ?,
                         alias_of = ?, description = ?, deprecated = ?, extensions = ?,
                         revision = ?
        WHERE id = ?
        """)
      // One time for the whole import (it is one transaction), worked out once rather than
      // by the column's default for each of a million rows.
      let savedAt =
        try connection.rows(
          "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')", [], { $0.text(0) }
        ).first ?? ""
      let record = try connection.prepare(
        """
        INSERT INTO token_revision (token_set_name, path, revision, value, change, saved_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """)

      // A large import first takes the batched path (``importTokensInBatches``), in a
      // savepoint: new rows go in by multi-row INSERTs. A path given twice (which that path
      // does not handle) rolls the savepoint back and the import runs row by row below.
      if bulk {
        // A page cache for the indexes of a large import (SQLite's default is 2 MiB), about
        // 100 bytes a token up to 64 MiB, for this connection while the import runs; it
        // changes no durability setting.
        let cacheKiB = min(65_536, max(2_000, tokens.count / 10))
        let previousCache = try connection.integer("PRAGMA cache_size") ?? -2_000
        try connection.execute("PRAGMA cache_size = -\(cacheKiB)")
        defer { try? connection.execute("PRAGMA cache_size = \(previousCache)") }
        try connection.execute("SAVEPOINT token_bulk_import")
        // Secondary indexes of `token` that no constraint needs (`token_path`, the partial
        // `token_with_reference`) are built once after a load that at least doubles the
        // table, by sorting, rather than row by row; their SQL is read back from the schema,
        // so they come back exactly as the migrations made them, in the same transaction.
        let rowsBefore = try connection.integer("SELECT count(*) FROM token") ?? 0
        let rebuilt =
          tokens.count >= Self.indexRebuildThreshold && tokens.count >= rowsBefore
          ? try connection.rows(
            """
            SELECT name, sql FROM sqlite_master
            WHERE type = 'index' AND tbl_name = 'token' AND sql IS NOT NULL
              AND name IN ('token_path', 'token_with_reference')
            """, [], { (name: $0.text(0), sql: $0.text(1)) }) : []
        for index in rebuilt { try connection.execute("DROP INDEX \"\(index.name)\"") }
        if let summary = try importTokensInBatches(
          tokens, set: set, setID: setID, existingTokens: existingTokens,
          lastRevision: lastRevision, savedAt: savedAt, update: update, record: record)
        {
          for index in rebuilt { try connection.execute(index.sql) }
          try connection.execute("RELEASE token_bulk_import")
          return summary
        }
        try connection.execute("ROLLBACK TO token_bulk_import")
        try connection.execute("RELEASE token_bulk_import")
      }

      // Paths of stored tokens updated by this import (a later duplicate compares with
      // the row as written, not as it was).
      var updated = Set<String>()
      var summary = TokenImportSummary(set: set, added: 0, changed: 0, unchanged: 0)
      for token in tokens {
        var token = token
        token.path = Self.normalizedName(token.path)
        token.aliasOf = token.aliasOf.map(Self.normalizedName)
        if let points = token.resolvedPoints, points.isNaN { token.resolvedPoints = nil }
        let fields: [SQLValue] = [
          .string(token.type), .text(token.value), .string(token.resolvedValue),
          .double(token.resolvedPoints), .string(token.aliasOf), .string(token.description),
          .string(token.deprecated), .string(token.extensions),
        ]
        // The row this path has: stored before, or written earlier by this import.
        func earlier() throws(StoreError) -> (record: TokenRecord, id: Int)? {
          try earlierRow.rows([.int(setID), .text(token.path)]) {
            (Self.tokenRecord($0), $0.int(11))
          }.first
        }
        var current =
          updated.contains(token.path) || !bulk ? try earlier() : existingTokens[token.path]
        if current == nil {
          let previous =
            bulk
            ? lastRevision[token.path]
            : try revisionOfPath.rows([.text(set), .text(token.path)]) { $0.optionalInt(0) }
              .first ?? nil
          let revision = (previous ?? 0) + 1
          var row: [SQLValue] = [.int(setID), .text(token.path)]
          row.reserveCapacity(fields.count + 3)
          row.append(contentsOf: fields)
          row.append(.int(revision))
          try insert.run(row)
          if connection.changedRowCount == 1 {
            summary.added += 1
            try record.run([
              .text(set), .text(token.path), .int(revision), .text(token.value), .text("create"),
              .text(savedAt),
            ])
            continue
          }
          current = try earlier()  // The same path earlier in `tokens`.
        }
        guard let (existing, id) = current else { continue }
        if existing.input.isSameAsWritten(token) {
          summary.unchanged += 1
          try refreshResolved(existing.input, to: token, id: id)
          continue
        }
        let revision = existing.revision + 1
        try update.run(fields + [.int(revision), .int(id)])
        summary.changed += 1
        updated.insert(token.path)
        try record.run([
          .text(set), .text(token.path), .int(revision), .text(token.value), .text("update"),
          .text(savedAt),
        ])
      }
      return summary
    }
  }

  /// Stores a token's resolved value and points again when only they differ from the row
  /// (``TokenInput/isSameAsWritten(_:)``): the token as written is unchanged, so no
  /// revision is written and its revision number stays.
  /// - Parameters:
  ///   - stored: The row as stored.
  ///   - token: The same token as written, with its resolved value now.
  ///   - id: The row's id.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  private func refreshResolved(_ stored: TokenInput, to token: TokenInput, id: Int)
    throws(StoreError)
  {
    guard
      stored.resolvedValue != token.resolvedValue || stored.resolvedPoints != token.resolvedPoints
    else { return }
    try connection.execute(
      "UPDATE token SET resolved_value = ?, resolved_points = ? WHERE id = ?",
      [.string(token.resolvedValue), .double(token.resolvedPoints), .int(id)])
  }

  /// Bulk part of ``importTokens(_:intoSet:source:description:)`` (issue 14, point 9): a
  /// token whose path the set does not hold yet is queued and written with up to
  /// ``tokenInsertBatch`` others by one multi-row INSERT, which saves SQLite a statement
  /// execution per row; a token the set holds is compared and updated as one row, as
  /// before. The `create` revision rows of the new tokens are written at the end by one
  /// `INSERT … SELECT` from the rows just written, in path order (the order of
  /// `token_revision`'s key, so its b-tree is appended to rather than split; issue 12
  /// point 3). Every constraint of `token` checks every row; the revision rows copy checked
  /// rows, so their CHECKs hold by construction (``writeRevisionsOfNewRows(set:setID:lastIDBefore:savedAt:)``).
  /// - Returns: What was added, changed and unchanged; nil when a path comes twice (which
  ///   this path does not handle: the caller rolls back to its savepoint and imports row
  ///   by row).
  /// - Throws: ``StoreError`` when SQLite reports an error.
  private func importTokensInBatches(
    _ tokens: some Collection<TokenInput>, set: String, setID: Int,
    existingTokens: [String: (record: TokenRecord, id: Int)], lastRevision: [String: Int],
    savedAt: String, update: Statement, record: Statement
  ) throws(StoreError) -> TokenImportSummary? {
    var summary = TokenImportSummary(set: set, added: 0, changed: 0, unchanged: 0)
    let batch = Self.tokenInsertBatch
    var rows: [SQLValue] = []
    rows.reserveCapacity(batch * 11)
    var queued = 0
    var fullInsert: Statement?
    var updated = Set<String>()
    // Rows this import adds get ids above every id the table has (SQLite's rowid choice
    // for an INTEGER PRIMARY KEY: one more than the largest), which is how the revision
    // rows find them.
    let lastIDBefore = try connection.integer("SELECT coalesce(max(id), 0) FROM token") ?? 0
    // Writes the queued rows; false when the INSERT took fewer (a path met twice).
    func flush() throws(StoreError) -> Bool {
      guard queued > 0 else { return true }
      let insertRows: Statement
      if queued == batch, let i = fullInsert {
        insertRows = i
      } else {
        insertRows = try connection.prepare(Self.tokenInsertSQL(rows: queued))
        if queued == batch { fullInsert = insertRows }
      }
      try insertRows.run(rows)
      // A path met twice in the batch (or one NFC-equal to an earlier one) inserts fewer.
      guard connection.changedRowCount == queued else { return false }
      summary.added += queued
      rows.removeAll(keepingCapacity: true)
      queued = 0
      return true
    }
    for token in tokens {
      var token = token
      token.path = Self.normalizedName(token.path)
      token.aliasOf = token.aliasOf.map(Self.normalizedName)
      if let points = token.resolvedPoints, points.isNaN { token.resolvedPoints = nil }
      if updated.contains(token.path) { return nil }
      guard let (existing, id) = existingTokens[token.path] else {
        let revision = (lastRevision[token.path] ?? 0) + 1
        // One append per column: an array literal per row was built and copied (1.4 % of
        // an import's instructions; issue 12 point 3).
        rows.append(.int(setID))
        rows.append(.text(token.path))
        rows.append(.string(token.type))
        rows.append(.text(token.value))
        rows.append(.string(token.resolvedValue))
        rows.append(.double(token.resolvedPoints))
        rows.append(.string(token.aliasOf))
        rows.append(.string(token.description))
        rows.append(.string(token.deprecated))
        rows.append(.string(token.extensions))
        rows.append(.int(revision))
        queued += 1
        if queued == batch, !(try flush()) { return nil }
        continue
      }
      updated.insert(token.path)
      if existing.input.isSameAsWritten(token) {
        summary.unchanged += 1
        try refreshResolved(existing.input, to: token, id: id)
        continue
      }
      let revision = existing.revision + 1
      try update.run([
        .string(token.type), .text(token.value), .string(token.resolvedValue),
        .double(token.resolvedPoints), .string(token.aliasOf), .string(token.description),
        .string(token.deprecated), .string(token.extensions), .int(revision), .int(id),
      ])
      summary.changed += 1
      try record.run([
        .text(set), .text(token.path), .int(revision), .text(token.value), .text("update"),
        .text(savedAt),
      ])
    }
    // A queued path met before (a stored path given twice by the file, or a new one twice)
    // is refused by its INSERT, so `flush` says so and the caller goes row by row.
    guard try flush() else { return nil }
    // The `create` revisions of the rows added, as the row-by-row path writes them.
    try writeRevisionsOfNewRows(
      set: set, setID: setID, lastIDBefore: lastIDBefore, savedAt: savedAt)
    // Every added row, and no other, got its revision (else the row-by-row path runs).
    guard connection.changedRowCount == summary.added else { return nil }
    return summary
  }

  /// Writes the `create` revision rows of a bulk import (``tokenRevisionsOfNewRowsSQL``).
  ///
  /// Each row copies a `token` row this transaction has just written, whose constraints
  /// SQLite checked: its `revision` passed `token_revision_is_positive` and its `value`
  /// `token_value_is_json`; `change` is the constant `create`, and a `create` row with a
  /// non-NULL value is what `token_revision_removal_has_no_value` asks for. The one value
  /// from outside, `savedAt`, is checked here against `token_revision_saved_at_is_utc_timestamp`'s
  /// pattern. So every CHECK of `token_revision` holds for every row by construction, and
  /// SQLite is told not to evaluate them again for this one statement
  /// (`PRAGMA ignore_check_constraints`, about 0.65 s of a million rows; issue 12 point 3);
  /// the setting is restored before this returns, and changing it makes SQLite prepare
  /// every statement again. NOT NULL and the primary key are checked as always. Should
  /// `savedAt` not fit the pattern, the statement runs with every CHECK.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  private func writeRevisionsOfNewRows(
    set: String, setID: Int, lastIDBefore: Int, savedAt: String
  ) throws(StoreError) {
    let arguments: [SQLValue] = [.text(set), .text(savedAt), .int(setID), .int(lastIDBefore)]
    let timeFits =
      try connection.integer(
        "SELECT ? GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'",
        [.text(savedAt)]) == 1
    guard timeFits else {
      try connection.execute(Self.tokenRevisionsOfNewRowsSQL, arguments)
      return
    }
    // Reviewed (issue 12, point 2): safe, because each CHECK below is implied by what the
    // rows are made of (see above), and kept, because the plain statement, evaluating every
    // CHECK again, cost about 7 % of a 10⁵-token import (0.10 s of CPU of 1.4 s; measured
    // 2026-12-01, the same INSERT … SELECT with and without the pragma). The pragma is
    // per connection: `withoutCheckConstraints` turns the CHECKs on again on every path,
    // also when the INSERT fails, and throws when that cannot be confirmed.
    try connection.withoutCheckConstraints { () throws(StoreError) in
      try connection.execute(Self.tokenRevisionsOfNewRowsSQL, arguments)
    }
  }

  /// The `create` revision rows of the tokens a bulk import added to a set (the rows whose
  /// id is above the largest before it), in path order. Parameters: the set's name, the
  /// time, the set's id, the largest token id before the import.
  static let tokenRevisionsOfNewRowsSQL = """
    INSERT INTO token_revision (token_set_name, path, revision, value, change, saved_at)
    SELECT ?1, path, revision, value, 'create', ?2 FROM token
    WHERE token_set_id = ?3 AND id > ?4
    ORDER BY path
    """

  /// Tokens from which an import that at least doubles the token table rebuilds the
  /// table's secondary indexes after loading instead of updating them row by row.
  static let indexRebuildThreshold = 20_000

  /// Rows per multi-row INSERT of a bulk token import (11 parameters a row, far below
  /// SQLite's limit of 32,766 parameters a statement).
  static let tokenInsertBatch = 128

  /// `INSERT INTO token … VALUES (…), (…), …` for `rows` rows; a path the set holds already
  /// is refused (inserts fewer rows) rather than failing, as the row-by-row path does.
  static func tokenInsertSQL(rows: Int) -> String {
    """
    INSERT INTO token (token_set_id, path, type, value, resolved_value, resolved_points,
                       alias_of, description, deprecated, extensions, revision)
    VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", "))
    ON CONFLICT (token_set_id, path) DO NOTHING
    """
  }

  /// The tokens of one set, or of every set.
  ///
  /// Tokens come set by set, lowest precedence first; within a set, in the order they
  /// were first imported (the order of the token file, which an export can keep).
  ///
  /// - Parameter set: A set's name, or `nil` for every set.
  /// - Returns: The tokens.
  /// - Throws: ``StoreError/notFound(kind:name:)`` when `set` names no token set;
  ///   ``StoreError`` when SQLite reports an error.
  public func tokens(inSet set: String?) throws(StoreError) -> [TokenRecord] {
    if let set = set.map(Self.normalizedName) {
      guard try connection.integer("SELECT id FROM token_set WHERE name = ?", [.text(set)]) != nil
      else {
        throw StoreError.notFound(kind: "token set", name: set)
      }
      return try connection.rows(
        """
        SELECT \(Self.tokenColumns)
        FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
        WHERE s.name = ? ORDER BY t.id
        """, [.text(set)], Self.tokenRecord)
    }
    return try connection.rows(
      """
      SELECT \(Self.tokenColumns)
      FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
      ORDER BY s.precedence, t.id
      """, [], Self.tokenRecord)
  }

  /// The winning token (highest set precedence) of each given path, by path; paths no set
  /// defines are absent. One indexed lookup per path, so the cost follows the paths asked
  /// for, not the size of the catalog.
  ///
  /// - Parameter paths: Token paths.
  /// - Returns: A dictionary from path to token.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func resolvedTokens(paths: Set<String>) throws(StoreError) -> [String: TokenRecord] {
    var result: [String: TokenRecord] = [:]
    for path in paths {
      let rows = try connection.rows(
        """
        SELECT \(Self.tokenColumns)
        FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
        WHERE t.path = ? ORDER BY s.precedence DESC LIMIT 1
        """, [.text(path)], Self.tokenRecord)
      if let winner = rows.first { result[path] = winner }
    }
    return result
  }

  /// Every token path with the token that wins it: the one from the set with the highest
  /// precedence that defines the path (the `token_resolved` view gives the same answer).
  ///
  /// - Returns: A dictionary from token path to token.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func resolvedTokens() throws(StoreError) -> [String: TokenRecord] {
    var result: [String: TokenRecord] = [:]
    for token in try tokens(inSet: nil) {
      result[token.path] = token  // Later sets have higher precedence.
    }
    return result
  }
}

extension CatalogStore {
  /// A name (token path, token set) in Unicode Normalization Form C, so that `café`
  /// typed precomposed and decomposed is one name (``NameText/normalized(_:)``; issue 12,
  /// point 8). The parsers normalise what they read the same way.
  ///
  /// - Parameter name: A name as given.
  /// - Returns: Its NFC form.
  static func normalizedName(_ name: String) -> String { NameText.normalized(name) }
}
