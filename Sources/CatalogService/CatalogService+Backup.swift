import CatalogStore

extension CatalogService {
  /// Copies the catalog to a new file with SQLite's online backup API
  /// (``CatalogStore/backup(to:)``): complete even while others write, in place only when
  /// finished, never over an existing file.
  ///
  /// - Parameter path: The new file.
  /// - Returns: The number of database pages copied.
  /// - Throws: ``CatalogError`` naming why (the file exists, the folder cannot be written,
  ///   the catalog is locked).
  public func backup(to path: String) throws(CatalogError) -> Int {
    do { return try store.backup(to: path) } catch { throw CatalogError.from(error) }
  }
}
