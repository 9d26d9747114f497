extension CatalogStore {
  /// A copy of this catalog in memory, made with SQLite's online backup API, that may be
  /// changed freely: a dry run opens the catalog read-only and applies its change to the
  /// copy, so it writes nothing to the file or its folder and works on a catalog this
  /// process may not write (a file of mode 444, a read-only folder or medium). The copy
  /// holds every committed change, including those still in the `-wal` file.
  ///
  /// Costs one read of the catalog and memory for its pages.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/backup.html>
  ///
  /// - Returns: The copy, read-write, its path `:memory:`.
  /// - Throws: ``StoreError/locked(path:)`` when another connection keeps the catalog
  ///   locked; ``StoreError/sqlite(code:extendedCode:message:sql:)`` for other SQLite errors.
  public func copyInMemory() throws(StoreError) -> CatalogStore {
    let copy = try CatalogStore(path: ":memory:", mode: .readWrite)
    _ = try copy.connection.copyPages(from: connection, lockedPath: path)
    return copy
  }
}
