import CatalogStore

extension CatalogService {
  /// Opens the catalog at `path` for a dry run (`--dry-run` of `add`, `import`,
  /// `import-swift`, `tokens set`): read-only, as reading commands open it, with the
  /// change applied to a copy in memory (``CatalogStore/copyInMemory()``). A dry run so
  /// writes nothing to the catalog's folder and works on a catalog this process may not
  /// write (a file of mode 444, a read-only folder); when no catalog exists yet it works
  /// on an empty one in memory and creates no file.
  ///
  /// - Parameter path: The catalog file.
  /// - Returns: A service over the copy; its ``path`` is still `path`, so messages and
  ///   stored source paths read as they would for the file.
  /// - Throws: What ``init(path:create:readOnly:)`` throws for a read-only open (such as
  ///   ``CatalogError/outdatedSchema(found:required:)``, ``CatalogError/notACatalog(path:reason:)``),
  ///   ``CatalogError/locked(path:)`` or ``CatalogError/storage(_:)``.
  public static func forDryRun(at path: String) throws(CatalogError) -> CatalogService {
    try EmptyPath.refuseCatalogPath(path)
    if needsCreating(at: path) { return try CatalogService(path: ":memory:", create: true) }
    let source = try CatalogService(path: path, create: false, readOnly: true)
    do {
      return CatalogService(path: path, store: try source.store.copyInMemory())
    } catch {
      throw CatalogError.from(error)
    }
  }
}
