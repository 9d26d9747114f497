/// Removing whole token sets (`catalog import DIR --prune`).
extension CatalogStore {
  /// Removes a token set and its tokens in one transaction, keeping a `remove` revision for
  /// each token (the history outlives the set, as for ``removeToken(_:inSet:)``).
  ///
  /// - Parameter name: The set's name.
  /// - Returns: How many tokens the set had.
  /// - Throws: ``StoreError/notFound(kind:name:)`` when there is no such set;
  ///   ``StoreError/locked(path:)``; ``StoreError/readOnly(path:)``;
  ///   ``StoreError/sqlite(code:extendedCode:message:sql:)`` for other SQLite errors.
  @discardableResult
  public func removeTokenSet(named name: String) throws(StoreError) -> Int {
    try write { () throws(StoreError) -> Int in
      guard let id = try connection.integer("SELECT id FROM token_set WHERE name = ?", [.text(name)]) else {
        throw StoreError.notFound(kind: "token set", name: name)
      }
      let rows = try connection.rows("SELECT path, revision FROM token WHERE token_set_id = ?", [.int(id)]) { ($0.text(0), $0.int(1)) }
      for (path, revision) in rows {
        try connection.execute(
          "INSERT INTO token_revision (token_set_name, path, revision, value, change) VALUES (?, ?, ?, NULL, 'remove')",
          [.text(name), .text(path), .int(revision + 1)])
      }
      try connection.execute("DELETE FROM token WHERE token_set_id = ?", [.int(id)])
      try connection.execute("DELETE FROM token_set WHERE id = ?", [.int(id)])
      return rows.count
    }
  }
}
