internal import CSQLite

extension CatalogStore {
  /// Rewrites every token's stored `resolved_value` and `resolved_points` (the alias chain
  /// followed), after a change that may have moved what aliases point at. Not a revision:
  /// the tokens' own values do not change.
  ///
  /// - Parameter resolve: For a token, its resolved value as JSON text and its points, or
  ///   nils when it no longer resolves.
  /// - Returns: How many rows changed.
  /// - Throws: ``StoreError`` when SQLite fails; nothing is changed then.
  @discardableResult
  public func refreshResolvedValues(_ resolve: (TokenRecord) -> (value: String?, points: Double?))
    throws(StoreError) -> Int
  {
    let records = try tokens(inSet: nil)
    var changed = 0
    try write { () throws(StoreError) in
      for record in records {
        let (value, points) = resolve(record)
        guard value != record.resolvedValue || points != record.resolvedPoints else { continue }
        try connection.execute(
          """
          UPDATE token SET resolved_value = ?, resolved_points = ?
          WHERE path = ? AND token_set_id = (SELECT id FROM token_set WHERE name = ?)
          """,
          [
            value.map { .text($0) } ?? .null, points.map { .real($0) } ?? .null, .text(record.path),
            .text(record.set),
          ])
        changed += 1
      }
    }
    return changed
  }

  /// Rewrites the stored resolved value of the tokens with the given paths only (in every
  /// set), for an incremental refresh after a change whose effect is known.
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
    var changed = 0
    try write { () throws(StoreError) in
      for path in paths.sorted() {
        for record in try connection.rows(
          """
          SELECT s.name, t.path, t.type, t.value, t.resolved_value, t.resolved_points, t.alias_of,
                 t.description, t.deprecated, t.extensions, t.revision
          FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id WHERE t.path = ?
          """, [.text(path)], Self.tokenRecordRow)
        {
          let (value, points) = resolve(record)
          guard value != record.resolvedValue || points != record.resolvedPoints else { continue }
          try connection.execute(
            """
            UPDATE token SET resolved_value = ?, resolved_points = ?
            WHERE path = ? AND token_set_id = (SELECT id FROM token_set WHERE name = ?)
            """,
            [
              value.map { .text($0) } ?? .null, points.map { .real($0) } ?? .null,
              .text(record.path), .text(record.set),
            ])
          changed += 1
        }
      }
    }
    return changed
  }
}
