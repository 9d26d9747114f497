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
