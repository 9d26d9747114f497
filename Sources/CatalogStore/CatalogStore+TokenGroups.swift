extension CatalogStore {
  /// Whether a token path is a group of some set: at least one token's path is below it
  /// (`accent` when `accent.light` exists), whether or not `path` is also a token (a group's
  /// `$root`, DTCG Format §6.2). One indexed range lookup.
  ///
  /// - Parameter path: A dotted token path.
  /// - Returns: True when a token lies below it.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func isTokenGroup(_ path: String) throws(StoreError) -> Bool {
    let path = Self.normalizedName(path)
    // '/' follows '.' in byte order, so `path.` ≤ p < `path/` is every path below `path`.
    return try connection.integer(
      "SELECT 1 FROM token WHERE path > ? AND path < ? LIMIT 1",
      [.text(path + "."), .text(path + "/")]) != nil
  }
}

extension CatalogStore {
  /// The stored component whose name differs from `name` only in case (`Card` for
  /// `card`), or nil: the two would be one file (`components/Card.json`, `Card.swift`) on
  /// a case-insensitive file system (macOS, Windows). Component names are ASCII
  /// identifiers, so SQLite's `NOCASE` compares them exactly.
  ///
  /// - Parameter name: A component name.
  /// - Returns: The other name, or nil.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func componentName(differingOnlyInCaseFrom name: String) throws(StoreError) -> String? {
    try connection.rows(
      "SELECT name FROM component WHERE name = ? COLLATE NOCASE AND name <> ? LIMIT 1",
      [.text(name), .text(name)], { $0.text(0) }
    ).first
  }
}

extension CatalogStore {
  /// Every token row's set and path, nothing else: what the whole-set path rule of an
  /// import (`CatalogService`'s `importPathCollisions`) reads, in one scan.
  ///
  /// - Returns: `(set, path)` pairs, in no particular order.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func tokenPaths() throws(StoreError) -> [(set: String, path: String)] {
    try connection.rows(
      "SELECT s.name, t.path FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id", []
    ) { (set: $0.text(0), path: $0.text(1)) }
  }
}
