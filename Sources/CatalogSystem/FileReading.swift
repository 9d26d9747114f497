#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole input file with `open(2)` and `read(2)`, so a failure says why in the
/// system's words (`strerror(3)`: "Permission denied", "Interrupted system call"), which
/// `FileManager.contents(atPath:)` does not tell (it answers nil). Only regular files and the
/// pipes a shell hands over (`<(command)`, `/dev/stdin`) are read
/// (``refusal(mode:path:)``): a named FIFO or a device could block the command forever.
package enum FileReading {
  /// Why a file could not be read: the system's text for the error.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// `strerror(3)`'s text, or what was wrong (too large).
    package var reason: String
    /// The reason.
    package var description: String { reason }
  }

  /// The bytes of the file at `path`, at most `limit` of them.
  ///
  /// - Parameters:
  ///   - path: A file path (a shell's pipe is read until its writer closes it).
  ///   - limit: The most bytes read; a longer file is an error.
  /// - Returns: The bytes.
  /// - Throws: ``Failure`` with `strerror(3)`'s text for `open` or `read`, saying what the
  ///   path is when it is neither a regular file nor a shell's pipe, or saying that the file
  ///   is larger than `limit`.
  package static func contents(atPath path: String, limit: Int) throws(Failure) -> [UInt8] {
    var fd: Int32
    // Non-blocking, so that opening a FIFO nobody writes does not wait; what the file is
    // is then checked on the open descriptor, and reading blocks as usual.
    repeat { fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY) } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    if let refusal = refusal(mode: status.st_mode, path: path) { throw Failure(reason: refusal) }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw Failure(reason: String(cString: strerror(errno)))
      }
      if n == 0 { return bytes }
      bytes.append(contentsOf: buffer[0..<n])
      if bytes.count > limit {
        throw Failure(
          reason: "the file is larger than \(limit / 1_048_576) MiB, the most catalog reads")
      }
    }
  }

  /// Why an input file is not read, or nil when it is: the one rule for what `add`,
  /// `import`, `edit --file` and `tokens diff` read. A regular file is read; so is a pipe
  /// named as a descriptor the command inherited (`/dev/fd/N`, `/proc/self/fd/N`,
  /// `/dev/stdin`: `catalog add <(generate-tokens)`, `generate | catalog add /dev/stdin`),
  /// whose writer is already running. A named FIFO (which waits for a writer that may never
  /// come), a device or a socket is refused.
  ///
  /// - Parameters:
  ///   - mode: The file's `st_mode` (`stat(2)`, following symbolic links).
  ///   - path: The path as given.
  /// - Returns: The reason (a sentence fragment, such as "it is a named pipe (FIFO), not a
  ///   regular file; …"), or nil when the file is read.
  package static func refusal(mode: mode_t, path: String) -> String? {
    guard let what = nonRegularKind(mode: mode) else { return nil }
    let inherited = namesInheritedDescriptor(path, streams: ["/dev/stdin"])
    if mode & S_IFMT == S_IFIFO && inherited { return nil }
    return
      "it is \(what), not a regular file; catalog reads regular files, and a program's output given as <(command) or /dev/stdin"
  }

  /// Whether `path` names a file descriptor the command inherited, whose other end is
  /// already there (a shell's `<(command)` or `>(command)`, a redirection): `/dev/fd/N`,
  /// `/proc/self/fd/N`, or one of `streams` (`/dev/stdin` for an input; `/dev/stdout` and
  /// `/dev/stderr` for an output). The one test for input files (``refusal(mode:path:)``)
  /// and output files (`OutputPathRule`).
  ///
  /// - Parameters:
  ///   - path: The path as given.
  ///   - streams: The standard streams' paths that count in this direction.
  /// - Returns: True for such a path.
  package static func namesInheritedDescriptor(_ path: String, streams: [String]) -> Bool {
    streams.contains(path)
      || ["/dev/fd/", "/proc/self/fd/"].contains { path.hasPrefix($0) && path.count > $0.count }
  }

  /// What a file that is not a regular file is, or nil for a regular file: the one
  /// description of a file's kind, for input files (``refusal(mode:path:)``), for the
  /// catalog file `--db` names (`CatalogStore.fileKindProblem`) and for output paths
  /// (`OutputPathRule.kindProblem`).
  ///
  /// - Parameter mode: The file's `st_mode` (`stat(2)`).
  /// - Returns: "a folder", "a named pipe (FIFO)", "a character device", "a block device",
  ///   "a socket" or "a special file"; nil for a regular file.
  package static func nonRegularKind(mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a named pipe (FIFO)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "a special file"
    }
  }

  /// What the file at `path` is when it exists and is not a regular file
  /// (``nonRegularKind(mode:)``, following symbolic links; `stat(2)` does not open it, so a
  /// FIFO is not waited on).
  ///
  /// - Parameter path: A file path.
  /// - Returns: The kind, or nil for a regular file or when nothing is there.
  package static func nonRegularKind(atPath path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return nonRegularKind(mode: status.st_mode)
  }
}
