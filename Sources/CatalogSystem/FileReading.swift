#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file with `open(2)` and `read(2)`, so a failure says why in the system's
/// words (`strerror(3)`: "Permission denied", "Interrupted system call") and a FIFO or a
/// character device is read until its end like a regular file, which
/// `FileManager.contents(atPath:)` does not tell apart (it answers nil).
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
  ///   - path: A file path (a FIFO is read until its writer closes it).
  ///   - limit: The most bytes read; a longer file is an error.
  /// - Returns: The bytes.
  /// - Throws: ``Failure`` with `strerror(3)`'s text for `open` or `read`, or saying that
  ///   the file is larger than `limit`.
  package static func contents(atPath path: String, limit: Int) throws(Failure) -> [UInt8] {
    var fd: Int32
    repeat { fd = open(path, O_RDONLY) } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    defer { close(fd) }
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
}
