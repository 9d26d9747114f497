internal import CatalogSystem

extension CatalogStore {
  /// What ``create(at:_:)`` did.
  public enum Creation<Value> {
    /// The catalog did not exist; `body` built it in a temporary file, which now stands at
    /// the path, complete.
    case created(Value)
    /// Another process created the catalog while `body` ran. The temporary file was
    /// deleted and nothing of `body`'s work was kept; the caller may run `body` again on
    /// the existing catalog.
    case createdMeanwhile
  }

  /// Creates a new catalog at `path` atomically: `body` fills a fresh catalog in a
  /// temporary file in the same folder, which is then linked into place only if `path`
  /// is still absent, or renamed over `path` when it is an empty file
  /// (``isEmptyFile(atPath:)``) that is still the same empty file: a failed command
  /// leaves the empty file as it was (issue 12, point 1).
  ///
  /// So a crash or SIGKILL while `body` runs leaves no catalog at `path` (at most a
  /// hidden `.NAME.creating-PID-N` file beside it, removed by the next creation at `path`:
  /// ``removeAbandonedTemporaryFiles(for:)``), a failure of `body` deletes only the
  /// temporary file this call made, and a catalog that another process created meanwhile
  /// is never touched. The temporary file uses a rollback journal while it is built,
  /// so every committed change is in the file itself; it is switched to WAL (and closed)
  /// before it is linked. `link(2)` fails when the target exists
  /// (POSIX: "[EEXIST] The path2 argument resolves to an existing directory entry"), which
  /// makes the last step atomic; a file system without hard links is reported as an error.
  ///
  /// - Parameters:
  ///   - path: Where the catalog should be; must not exist yet, or be an empty file.
  ///   - body: The work to do on the new catalog (its store's ``path`` is the temporary
  ///     file's). Throwing discards the temporary file.
  /// - Returns: ``Creation/created(_:)`` with `body`'s value, or
  ///   ``Creation/createdMeanwhile`` when `path` appeared while `body` ran.
  /// - Throws: ``StoreError/alreadyExists(kind:name:)`` when `path` exists (and is not
  ///   an empty file) before anything is done; ``StoreError/cannotOpen(path:reason:)`` when the folder cannot
  ///   take the temporary file or the link fails; what `body` threw, unchanged.
  public static func create<Value>(
    at path: String, _ body: (CatalogStore) throws -> Value
  ) throws -> Creation<Value> {
    // An empty file (0 bytes, no journal) is nobody's catalog yet: it is replaced the
    // same way, only if it is still that empty file at the end (``replaceEmptyFile``).
    let empty = emptyFileIdentity(at: path)
    // A link loop would make `link(2)` say "exists" and the catalog seem created meanwhile.
    if let loop = symbolicLinkLoop(path) {
      throw StoreError.notACatalog(path: path, reason: loop)
    }
    if empty == nil && FileManager.default.fileExists(atPath: path) {
      throw StoreError.alreadyExists(kind: "catalog file", name: path)
    }
    // The temporary file is an implementation detail: a missing folder is said of `path`.
    if let problem = folderProblem(for: path) {
      throw StoreError.cannotOpen(path: path, reason: problem)
    }
    removeAbandonedTemporaryFiles(for: path)
    let temporary = temporaryPath(for: path)
    var store: CatalogStore? = try CatalogStore(
      path: temporary, mode: .readWrite, busyTimeout: defaultBusyTimeout, journal: .rollback)
    let value: Value
    do {
      guard let building = store else {
        throw StoreError.cannotOpen(path: temporary, reason: "not created")
      }
      try building.connection.execute("PRAGMA synchronous = FULL")
      value = try body(building)
      // Every change is committed to the file itself (rollback journal), so closing the
      // connection leaves the complete catalog in the temporary file. Opening it once
      // more switches it to WAL; closing that last connection checkpoints and deletes
      // its `-wal` and `-shm`, so the file linked into place is complete and clean.
      store = nil
      store = try CatalogStore(path: temporary, mode: .readWrite, busyTimeout: defaultBusyTimeout)
      store = nil
    } catch {
      store = nil
      removeFiles(of: temporary)
      throw error
    }
    if let empty {
      guard try replaceEmptyFile(at: path, identity: empty, with: temporary) else {
        removeFiles(of: temporary)
        return .createdMeanwhile
      }
    } else if link(temporary, path) != 0 {
      let linkError = errno
      removeFiles(of: temporary)
      if linkError == EEXIST { return .createdMeanwhile }
      throw StoreError.cannotOpen(
        path: path,
        reason:
          "the new catalog could not be put in place (link: \(String(cString: strerror(linkError))))"
      )
    } else {
      unlink(temporary)
    }
    syncFolder(of: path)
    return .created(value)
  }

  /// Whether `path` is an empty file that a new catalog may replace: a regular file of
  /// 0 bytes with no non-empty `-wal` beside it (SQLite sees it as an empty database;
  /// ``init(path:mode:)`` in read-only mode calls it "not a catalog").
  /// - Parameter path: The catalog path.
  /// - Returns: True for such a file.
  public static func isEmptyFile(atPath path: String) -> Bool {
    emptyFileIdentity(at: path) != nil
  }

  /// The device and inode of the empty file at `path` (``isEmptyFile(atPath:)``), nil when
  /// `path` is anything else.
  static func emptyFileIdentity(at path: String) -> (device: UInt64, inode: UInt64)? {
    var status = stat()
    guard path != ":memory:", stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      status.st_size == 0
    else { return nil }
    var wal = stat()
    if stat(path + "-wal", &wal) == 0 && wal.st_size > 0 { return nil }
    return (UInt64(status.st_dev), UInt64(status.st_ino))
  }

  /// Puts the new catalog `temporary` in place of the empty file at `path`, only if
  /// `path` still names that same empty file (`identity`): under an exclusive `flock(2)`
  /// on the empty file, so two commands creating a catalog in it at once take turns and
  /// the second sees the first one's catalog, then `rename(2)` (atomic: "If the link
  /// named by the new argument exists, it shall be removed and old renamed to new",
  /// POSIX `rename`).
  /// - Returns: False when the file changed meanwhile (another process made its catalog
  ///   there); nothing was replaced.
  /// - Throws: ``StoreError/cannotOpen(path:reason:)`` when the rename fails.
  static func replaceEmptyFile(
    at path: String, identity: (device: UInt64, inode: UInt64), with temporary: String
  ) throws -> Bool {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    guard flock(fd, LOCK_EX) == 0 else { return false }
    defer { flock(fd, LOCK_UN) }
    var held = stat()
    guard fstat(fd, &held) == 0, UInt64(held.st_dev) == identity.device,
      UInt64(held.st_ino) == identity.inode,
      let now = emptyFileIdentity(at: path), now == identity
    else { return false }
    if rename(temporary, path) != 0 {
      let renameError = errno
      throw StoreError.cannotOpen(
        path: path,
        reason:
          "the new catalog could not be put in place of the empty file (rename: \(String(cString: strerror(renameError))))"
      )
    }
    return true
  }

  /// What is wrong with the folder a new file at `path` goes in (a new catalog, a backup),
  /// or nil when it is a folder: the one check made before the temporary file beside `path`
  /// is created, so that a message names the folder as the user gave it, never the
  /// temporary file.
  /// - Parameter path: The new file's path, as given.
  /// - Returns: "the folder 'DIR' does not exist" or "'DIR' is not a folder", or nil.
  static func folderProblem(for path: String) -> String? {
    guard path != ":memory:", let slash = path.lastIndex(of: "/") else { return nil }
    let folder = slash == path.startIndex ? "/" : String(path[..<slash])
    switch FileStatus.isDirectory(atPath: folder) {
    case true: return nil
    case false: return "'\(folder)' is not a folder"
    case nil: return "the folder '\(folder)' does not exist"
    }
  }

  /// A name in `path`'s folder that no other process uses: `.NAME.creating-PID-RANDOM`.
  static func temporaryPath(for path: String) -> String {
    let url = UserPath.fileURL(path)
    let folder = url.deletingLastPathComponent().path
    let name = ".\(url.lastPathComponent).creating-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    return SystemText.appendingPathComponent(folder, name)
  }

  /// Deletes the temporary catalogs (``temporaryPath(for:)``) for `path` that a process
  /// killed while creating it left behind (review 19: `kill -9` during `add` to a new path
  /// left `.NAME.creating-PID-N`): those whose process no longer runs (`kill(pid, 0)` fails
  /// with `ESRCH`), with their journal files. One of a running process is never touched.
  /// - Parameter path: The catalog path about to be created.
  /// - Returns: The names removed.
  @discardableResult
  static func removeAbandonedTemporaryFiles(for path: String) -> [String] {
    let url = UserPath.fileURL(path)
    let folder = url.deletingLastPathComponent().path
    let prefix = ".\(url.lastPathComponent).creating-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return []
    }
    var removed: [String] = []
    for name in names where name.hasPrefix(prefix) {
      let parts = name.dropFirst(prefix.count).split(separator: "-")
      // `.NAME.creating-PID-RANDOM`, not one of its `-journal`, `-wal`, `-shm` files.
      guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil,
        pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      removeFiles(of: SystemText.appendingPathComponent(folder, name))
      removed.append(name)
    }
    return removed
  }

  /// Deletes a temporary catalog this process made, with its journal files.
  static func removeFiles(of temporary: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
  }

  /// Makes the new directory entry durable (POSIX `fsync` on the folder).
  static func syncFolder(of path: String) {
    let folder = UserPath.fileURL(path).deletingLastPathComponent().path
    let fd = open(folder, O_RDONLY)
    if fd >= 0 {
      _ = fsync(fd)
      close(fd)
    }
  }
}
