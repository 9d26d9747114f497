/// The one explanation of an empty path, for every path a command takes (an output path,
/// ``OutputPathRule``; the catalog file, `--db ''`): an empty path is almost always a shell
/// variable that is not set (`--db "$DB"`), so the message says so (review 17: `--db ''`
/// said only "no catalog at ''").
public enum EmptyPath {
  /// `the path is empty, which MEANING (is a shell variable unset?)`.
  /// - Parameter meaning: What the empty path would mean to the command (`would mean the
  ///   current folder`, `names no file`).
  /// - Returns: The explanation, without what to do next.
  public static func explanation(_ meaning: String) -> String {
    "the path is empty, which \(meaning) (is a shell variable unset?)"
  }

  /// Refuses an empty catalog path (`--db ''`, `$CATALOG_DB` set to nothing is the default
  /// already) before SQLite sees it: SQLite would open a private temporary database.
  /// - Parameter path: The catalog path.
  /// - Throws: ``CatalogError/noCatalog(path:)`` with the empty path, whose description
  ///   explains it.
  public static func refuseCatalogPath(_ path: String) throws(CatalogError) {
    if path.isEmpty { throw .noCatalog(path: path) }
  }
}
