internal import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SQLite's SHARED lock on a catalog file, held by this process while a snapshot
/// connection (`immutable=1`, which takes no lock of its own) reads the file
/// (``CatalogStore/Reading/snapshot(_:)``).
///
/// It is the lock every SQLite reader takes (`catalog_sqlite_shared_lock`, os_unix.c's
/// protocol), so a writer that comes meanwhile cannot take the EXCLUSIVE lock: the last
/// connection of a WAL writer leaves its WAL for later instead of checkpointing it into the
/// file being read, and a rollback-journal writer waits. The descriptor is opened read-only,
/// so a user who may not write the file can hold it.
final class SharedFileLock {
  /// The descriptor that holds the lock (read-only).
  private let fd: Int32
  /// Whether the file's header says WAL mode (bytes 18 and 19 are 2: the file format's
  /// "write version" and "read version", sqlite.org/fileformat2.html §1.3.4).
  let isWALFile: Bool

  /// Opens `path` read-only and takes the SHARED lock, waiting up to `busyTimeout` while a
  /// writer holds PENDING or EXCLUSIVE.
  ///
  /// - Parameters:
  ///   - path: The catalog file (a regular file).
  ///   - busyTimeout: Milliseconds to wait for a writer's lock.
  /// - Returns: The lock, or nil when the file cannot be opened or locked for another reason
  ///   than a writer's lock (no locks on the file system: `ENOLCK`); the caller then opens
  ///   an ordinary read-only connection, which reports the trouble in SQLite's words.
  /// - Throws: ``StoreError/locked(path:)`` when a writer keeps its lock past `busyTimeout`.
  init?(path: String, busyTimeout: Int32) throws(StoreError) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { return nil }
    var waited: Int32 = 0
    while true {
      let result = catalog_sqlite_shared_lock(descriptor)
      if result == 0 { break }
      guard result == EAGAIN || result == EACCES || result == EINTR else {
        close(descriptor)
        return nil
      }
      guard waited < busyTimeout else {
        close(descriptor)
        throw StoreError.locked(path: path)
      }
      usleep(10_000)
      waited += 10
    }
    // Read under the lock: changing the journal mode takes the EXCLUSIVE lock.
    var header = [UInt8](repeating: 0, count: 20)
    let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 20, 0) }
    fd = descriptor
    isWALFile = count == 20 && header[18] == 2 && header[19] == 2
  }

  /// Releases the lock (closing the descriptor releases the process's POSIX locks on the
  /// file, which the snapshot connection, closed first, no longer needs).
  deinit { close(fd) }
}
