/// Noticing other connections' changes (`catalog serve` reloads when the file changes).
extension CatalogStore {
  /// SQLite's `PRAGMA data_version` on this connection: a number that changes when another
  /// connection (another process, say) commits a change to the file. Only comparisons of
  /// values from the same connection mean anything.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/pragma.html#pragma_data_version>
  ///
  /// - Returns: The current value.
  /// - Throws: ``StoreError`` when SQLite reports an error (``StoreError/locked(path:)``
  ///   when the file is locked beyond the busy timeout).
  public func dataVersion() throws(StoreError) -> Int {
    try connection.integer("PRAGMA data_version") ?? 0
  }
}
