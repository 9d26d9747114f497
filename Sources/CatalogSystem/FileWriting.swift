#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes bytes with `write(2)`, checking every call, so a full disk, `/dev/full` or a
/// closed pipe is reported, never a short file reported as written.
package enum FileWriting {
  /// How a write ended.
  package enum Result: Equatable, Sendable {
    case written
    /// The reader went away (`EPIPE`): `catalog list | head`.
    case closedPipe
    /// Another error (`ENOSPC` on a full disk, `EIO`…), as `strerror` says it.
    case failed(String)

    /// Nil when written, else the reason in words.
    package var failure: String? {
      switch self {
      case .written: nil
      case .closedPipe: "the reader closed the pipe"
      case .failed(let reason): reason
      }
    }
  }

  /// Writes every byte to `fd`, retrying short writes and `EINTR`.
  /// - Parameters:
  ///   - bytes: What to write.
  ///   - fd: An open file descriptor.
  /// - Returns: Whether every byte was written.
  package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Result {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { buffer in
        write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if n < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EPIPE { return .closedPipe }
        return .failed(String(cString: strerror(code)))
      }
      if n == 0 { return .failed("nothing could be written") }
      offset += n
    }
    return .written
  }

  /// Writes `bytes` to the file at `path` (created with mode 0644, or truncated), checking
  /// every `write(2)`, the `fsync(2)` when asked (regular files only: a FIFO or a terminal
  /// cannot be synced) and `close(2)`.
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: Where to write.
  ///   - sync: Flush the file to disk before closing.
  /// - Returns: Nil on success, else the system's reason.
  package static func writeFile(_ bytes: [UInt8], to path: String, sync: Bool) -> String? {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    var failure = writeAll(bytes, to: fd).failure
    var info = stat()
    if sync, failure == nil, fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      fsync(fd) != 0
    {
      failure = String(cString: strerror(errno))
    }
    if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    return failure
  }

  /// Replaces the contents of an existing file the user owns (a source file `check-swift
  /// --fix` rewrites) as one step: the new bytes go to a temporary file beside the real
  /// file (a symbolic link is followed, so the link stays a link and its target changes),
  /// with the old file's permission bits and, where allowed, its owner, synced, then
  /// renamed over it (`rename(2)`), so a crash leaves the old file or the new one, never
  /// half of one.
  /// - Parameters:
  ///   - bytes: The new contents.
  ///   - path: The file (or a symbolic link to it).
  /// - Returns: Nil on success, else the system's reason.
  package static func replaceFile(_ bytes: [UInt8], at path: String) -> String? {
    guard let real = realpath(path, nil) else { return String(cString: strerror(errno)) }
    let target = String(cString: real)
    free(real)
    var info = stat()
    guard stat(target, &info) == 0 else { return String(cString: strerror(errno)) }
    let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
    let name = target.split(separator: "/").last.map(String.init) ?? target
    let temporary = "\(folder.isEmpty ? "" : folder)/.\(name).fixing-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o7777)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    var failure = writeAll(bytes, to: fd).failure
    // The mode open(2) gave was masked by the umask: set the old file's bits exactly.
    if failure == nil, fchmod(fd, info.st_mode & 0o7777) != 0 {
      failure = String(cString: strerror(errno))
    }
    _ = fchown(fd, info.st_uid, info.st_gid)  // allowed to root or to the same owner only
    if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
    if failure != nil { unlink(temporary) }
    return failure
  }
}
