#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path names (`stat(2)`'s device and inode, following symbolic links), so two
/// spellings of one file (`./a.json`, `/work/a.json`, a link) compare equal and two files
/// with the same name in different folders do not.
package struct FileIdentity: Equatable, Sendable {
  /// The device holding the file.
  package var device: UInt64
  /// The file's inode on that device.
  package var inode: UInt64

  /// The identity of the file at `path`.
  /// - Parameter path: A file path (relative to the working folder, or absolute).
  /// - Returns: The identity, or nil when nothing is there or it cannot be examined.
  package static func of(_ path: String) -> FileIdentity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }
}
