import CatalogSystem

/// Writes a result file (`render --output`, `tokens export --output`): the path is checked
/// by ``OutputPathRule`` first, then the bytes are written with every step checked.
public enum OutputFile {
  /// Writes `bytes` to `path` (created or truncated), checking every `write(2)` and the
  /// final `fsync`/`close`, so a full disk or `/dev/full` is an error, never an empty
  /// file reported as written.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: Where to write.
  ///   - catalog: The catalog the command read (`--db`), which must not be overwritten.
  /// - Throws: ``CatalogError/refusedOutput(path:reason:)`` from ``OutputPathRule``;
  ///   ``CatalogError/storage(_:code:)`` naming the file and the system's reason.
  public static func write(_ bytes: [UInt8], to path: String, catalog: String)
    throws(CatalogError)
  {
    try OutputPathRule.check(path, catalog: catalog)
    if let failure = FileWriting.writeFile(bytes, to: path, sync: true) {
      throw .storage("cannot write '\(path)': \(failure)")
    }
  }
}
