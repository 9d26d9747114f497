import CatalogModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams.
package enum Console {
  /// How a write to a stream ended.
  package enum WriteResult: Equatable {
    case written
    /// The reader went away (`EPIPE`): `catalog list | head`.
    case closedPipe
    /// Another error (`ENOSPC` on a full disk, `EIO`…), as `strerror` says it.
    case failed(String)
  }

  /// Writes all of `text` to standard output or standard error, retrying short writes
  /// and `EINTR` (POSIX `write(2)`).
  ///
  /// - Parameters:
  ///   - text: What to write.
  ///   - toStandardError: Standard error instead of standard output.
  /// - Returns: Whether every byte was written.
  @discardableResult
  package static func emit(_ text: String, toStandardError: Bool) -> WriteResult {
    let fd: Int32 = toStandardError ? 2 : 1
    // A terminal shows control characters as commands (`ESC[2J` clears the screen), so
    // they are made visible there; pipes and files get the text unchanged.
    let safe =
      (toStandardError ? isTerminal.error : isTerminal.output) ? NameText.forTerminal(text) : text
    return writeAll(Array(safe.utf8), to: fd)
  }

  /// Whether standard output and standard error are terminals (`isatty`), asked once.
  static let isTerminal = (output: isatty(1) == 1, error: isatty(2) == 1)

  /// Writes every byte to `fd`, checking each `write(2)`.
  static func writeAll(_ bytes: [UInt8], to fd: Int32) -> WriteResult {
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
}

/// Writes a result file (`--output PATH`), checking every step.
enum OutputFile {
  /// Writes `bytes` to `path` (created or truncated), checking every `write(2)` and the
  /// final `fsync`/`close`, so a full disk or `/dev/full` is an error, never an empty
  /// file reported as written.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: Where to write.
  /// - Throws: ``CommandError/failure(_:)`` naming the file and the system's reason.
  static func write(_ bytes: [UInt8], to path: String) throws(CommandError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw .failure("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    var failure: String?
    switch Console.writeAll(bytes, to: fd) {
    case .written: break
    case .closedPipe: failure = "the reader closed the pipe"
    case .failed(let reason): failure = reason
    }
    var info = stat()
    if failure == nil, fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, fsync(fd) != 0 {
      failure = String(cString: strerror(errno))
    }
    if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if let failure { throw .failure("cannot write '\(path)': \(failure)") }
  }
}
