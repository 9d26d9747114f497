internal import CSQLite
internal import CatalogSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CatalogStore {
  /// Copies the catalog to a new file at `path` with SQLite's online backup API, so the
  /// copy holds every committed change, including those still in the `-wal` file, and is
  /// consistent even while other processes write.
  ///
  /// The copy is written to a temporary file in `path`'s folder and linked into place only
  /// when complete and only if `path` is still absent, so a failed or killed backup leaves
  /// nothing at `path` (``create(at:_:)`` does the same for new catalogs).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/backup.html>,
  /// <https://www.sqlite.org/c3ref/backup_finish.html>
  ///
  /// - Parameter path: The new file; must not exist.
  /// - Returns: The number of database pages copied.
  /// - Throws: ``StoreError/alreadyExists(kind:name:)`` when `path` exists (a file or a
  ///   folder); ``StoreError/cannotBackUp(path:reason:)`` when `path`'s folder does not
  ///   exist or the copy cannot be created or linked;
  ///   ``StoreError/locked(path:)`` when another connection keeps the catalog locked;
  ///   ``StoreError/sqlite(code:extendedCode:message:sql:)`` for other SQLite errors.
  @discardableResult
  public func backup(to path: String) throws(StoreError) -> Int {
    if let isDirectory = FileStatus.isDirectory(atPath: path) {
      throw StoreError.alreadyExists(kind: isDirectory ? "folder" : "file", name: path)
    }
    if let problem = Self.folderProblem(for: path) ?? Self.unwritableFolderProblem(for: path) {
      throw StoreError.cannotBackUp(path: path, reason: problem)
    }
    let temporary = Self.temporaryPath(for: path)
    var pages = 0
    do throws(StoreError) {
      let destination = try Connection(
        path: temporary, readOnly: false, busyTimeout: CatalogStore.defaultBusyTimeout)
      pages = try destination.copyPages(from: connection, lockedPath: self.path)
      // The copy keeps the source's WAL flag; checkpoint so every page is in the file.
      try destination.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    } catch {
      Self.removeFiles(of: temporary)
      // The temporary file is an implementation detail: the message names the destination.
      if case .cannotOpen(let failed, let reason) = error, failed == temporary {
        throw StoreError.cannotBackUp(path: path, reason: reason)
      }
      throw error
    }
    // The destination connection is closed here; its -wal and -shm went with it.
    Self.removeFiles(ofJournalsOf: temporary)
    if link(temporary, path) != 0 {
      let code = errno
      Self.removeFiles(of: temporary)
      if code == EEXIST { throw StoreError.alreadyExists(kind: "file", name: path) }
      throw StoreError.cannotBackUp(
        path: path,
        reason: "the backup could not be put in place (link: \(String(cString: strerror(code))))")
    }
    unlink(temporary)
    Self.syncFolder(of: path)
    return pages
  }

  /// Why a new file cannot be made in `path`'s folder, when this user may not write it
  /// (POSIX `access(2)` with `W_OK | X_OK`): said before SQLite's "does not exist or cannot
  /// be opened", which names neither (review 17).
  /// - Parameter path: The new file's path; its folder exists.
  /// - Returns: The reason, or nil when the folder can be written.
  static func unwritableFolderProblem(for path: String) -> String? {
    let folder: String
    if let slash = path.lastIndex(of: "/") {
      folder = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
      folder = "."
    }
    guard access(folder, W_OK | X_OK) != 0 else { return nil }
    let reason = String(cString: strerror(errno))
    let shown = folder == "." ? "the current folder" : "the folder '\(folder)'"
    return "\(shown) cannot be written by this user (\(reason)); choose a folder you may write"
  }

  /// Deletes the journal files a closed connection may leave (none, normally).
  static func removeFiles(ofJournalsOf file: String) {
    for suffix in ["-journal", "-wal", "-shm"] { unlink(file + suffix) }
  }
}
