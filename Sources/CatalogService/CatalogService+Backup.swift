import CatalogStore

extension CatalogService {
  /// Copies the catalog to a new file with SQLite's online backup API
  /// (``CatalogStore/backup(to:)``): complete even while others write, in place only when
  /// finished, never over an existing file.
  ///
  /// - Parameter path: The new file.
  /// - Returns: The number of database pages copied.
  /// - Throws: ``CatalogError`` naming why (the file exists, the folder cannot be written,
  ///   the catalog is locked); ``CatalogError/refusedOutput(path:reason:)`` for a path
  ///   ``OutputPathRule`` refuses (empty, or one of the catalog's own `-wal`, `-shm`,
  ///   `-journal` files that does not exist yet).
  public func backup(to path: String) throws(CatalogError) -> Int {
    try OutputPathRule.check(path, catalog: self.path, use: .newFile)
    do { return try store.backup(to: path) } catch { throw CatalogError.from(error) }
  }
}
