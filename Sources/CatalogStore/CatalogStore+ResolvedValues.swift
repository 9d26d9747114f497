internal import CSQLite

extension CatalogStore {
  /// Rewrites every token's stored `resolved_value` and `resolved_points` (the alias chain
  /// followed), after a change that may have moved what aliases point at. Not a revision:
  /// the tokens' own values do not change.
  ///
  /// One read of the rows and one prepared `UPDATE … WHERE id = ?` reused for each row
  /// whose values differ.
  ///
  /// - Parameter resolve: For a token, its resolved value as JSON text and its points, or
  ///   nils when it no longer resolves.
  /// - Returns: How many rows changed.
  /// - Throws: ``StoreError`` when SQLite fails; nothing is changed then.
  @discardableResult
  public func refreshResolvedValues(_ resolve: (TokenRecord) -> (value: String?, points: Double?))
    throws(StoreError) -> Int
  {
    try write { () throws(StoreError) -> Int in
      let rows = try connection.rows(
        """
        SELECT s.name, t.path, t.type, t.value, t.resolved_value, t.resolved_points, t.alias_of,
               t.description, t.deprecated, t.extensions, t.revision, t.id
        FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
        ORDER BY s.precedence, t.id
        """, [], { (Self.tokenRecordRow($0), $0.int(11)) })
      return try updateResolvedValues(rows, resolve)
    }
  }

  /// Rewrites the stored resolved value of the tokens with the given paths only (in every
  /// set), for an incremental refresh after a change whose effect is known: one prepared
  /// indexed lookup per path and one prepared `UPDATE` per changed row.
  ///
  /// - Parameters:
  ///   - paths: The token paths to refresh.
  ///   - resolve: As for ``refreshResolvedValues(_:)``.
  /// - Returns: How many rows changed.
  /// - Throws: ``StoreError`` when SQLite fails; nothing is changed then.
  @discardableResult
  public func refreshResolvedValues(
    paths: Set<String>, _ resolve: (TokenRecord) -> (value: String?, points: Double?)
  ) throws(StoreError) -> Int {
    guard !paths.isEmpty else { return 0 }
    return try write { () throws(StoreError) -> Int in
      let select = try connection.prepare(
        """
        SELECT s.name, t.path, t.type, t.value, t.resolved_value, t.resolved_points, t.alias_of,
               t.description, t.deprecated, t.extensions, t.revision, t.id
        FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id WHERE t.path = ?
        """)
      var rows: [(TokenRecord, Int)] = []
      for path in paths.sorted() {
        rows += try select.rows([.text(path)]) { (Self.tokenRecordRow($0), $0.int(11)) }
      }
      return try updateResolvedValues(rows, resolve)
    }
  }

  /// Writes each row's resolved value where it differs from the stored one.
  private func updateResolvedValues(
    _ rows: [(TokenRecord, Int)], _ resolve: (TokenRecord) -> (value: String?, points: Double?)
  ) throws(StoreError) -> Int {
    let update = try connection.prepare(
      "UPDATE token SET resolved_value = ?, resolved_points = ? WHERE id = ?")
    var changed = 0
    for (record, id) in rows {
      var (value, points) = resolve(record)
      if let p = points, p.isNaN { points = nil }
      guard value != record.resolvedValue || points != record.resolvedPoints else { continue }
      try update.run([
        value.map { .text($0) } ?? .null, points.map { .real($0) } ?? .null, .int(id),
      ])
      changed += 1
    }
    return changed
  }
}
