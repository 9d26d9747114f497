#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a path names a folder (`stat(2)`, following symbolic links), the answer that
/// `FileManager.fileExists(atPath:isDirectory:)` gives with an `ObjCBool` in Foundation and
/// a `Bool` in FoundationEssentials; one spelling for both (issue 17, point 4).
package enum FileStatus {
  /// Whether `path` is a folder.
  ///
  /// - Parameter path: A file path.
  /// - Returns: `true` for a folder, `false` for anything else that exists, nil when
  ///   nothing is there (or it cannot be examined).
  package static func isDirectory(atPath path: String) -> Bool? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether `path` exists and belongs to a user other than this process's effective user
  /// (`stat(2)`'s `st_uid` against `geteuid(2)`).
  ///
  /// - Parameter path: A file path.
  /// - Returns: `true` for another user's file, `false` for ours or when nothing is there.
  package static func isOwnedByAnotherUser(atPath path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    return status.st_uid != geteuid()
  }

  /// Whether this process may write `path` (`access(2)` with `W_OK`, for the real user
  /// id): the answer `FileManager.isWritableFile(atPath:)` gives, without Foundation.
  ///
  /// - Parameter path: A file or folder path.
  /// - Returns: `true` when `path` exists and can be written, `false` otherwise.
  package static func isWritable(atPath path: String) -> Bool {
    access(path, W_OK) == 0
  }
}
