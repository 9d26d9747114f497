import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Copies and runs executables in tests without `ETXTBSY` ("Text file busy").
///
/// Linux refuses to `execve` a file that any process holds open for writing. A copy made
/// with an ordinary write descriptor can be inherited by a child that another test thread
/// forks at that moment, and stays open in it until that child execs: the copy then
/// cannot be run for a while. So the copy is written through a close-on-exec descriptor
/// to a temporary name, closed and renamed into place; and starting a process retries a
/// bounded number of times when `ETXTBSY` still happens (a fork between `open` and the
/// close-on-exec taking effect), so the test checks the program, not the timing.
enum ExecutableCopy {
  /// How many times ``run(_:)`` starts a process that fails with `ETXTBSY`.
  static let attempts = 50

  /// Copies the executable at `source` to `destination` (write to a temporary file with
  /// `O_CLOEXEC`, `fsync`, close, `rename`), keeping it executable.
  /// - Throws: A POSIX error naming the failing step.
  static func copy(_ source: URL, to destination: URL) throws {
    try install(try Data(contentsOf: source), at: destination)
  }

  /// Writes `bytes` as an executable file at `destination` the same way as
  /// ``copy(_:to:)`` (scripts a test runs, such as an `$EDITOR`).
  /// - Throws: A POSIX error naming the failing step.
  static func install(_ bytes: Data, at destination: URL) throws {
    let temporary = destination.deletingLastPathComponent().appendingPathComponent(
      ".\(destination.lastPathComponent).copy-\(UUID().uuidString)")
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var written = 0
    let ok = bytes.withUnsafeBytes { buffer -> Bool in
      while written < buffer.count {
        let n = write(fd, buffer.baseAddress! + written, buffer.count - written)
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += n
      }
      return fsync(fd) == 0
    }
    let closed = close(fd) == 0
    guard ok, closed, rename(temporary.path, destination.path) == 0 else {
      let code = errno
      unlink(temporary.path)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
  }

  /// Starts a process made by `make`, again (a new `Process`, up to ``attempts`` times,
  /// 50 ms apart) while starting fails with `ETXTBSY`.
  /// - Parameter make: Builds the process to start.
  /// - Returns: The started process.
  /// - Throws: The last start error, or any other error at once.
  static func run(_ make: () throws -> Process) throws -> Process {
    var attempt = 1
    while true {
      let process = try make()
      do {
        try process.run()
        return process
      } catch {
        guard attempt < attempts, isTextFileBusy(error) else { throw error }
        attempt += 1
        usleep(50_000)
      }
    }
  }

  /// Whether an error from starting a process is `ETXTBSY`.
  static func isTextFileBusy(_ error: any Error) -> Bool {
    let ns = error as NSError
    if ns.domain == NSPOSIXErrorDomain && ns.code == Int(ETXTBSY) { return true }
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain && underlying.code == Int(ETXTBSY)
    {
      return true
    }
    return "\(error)".contains("Text file busy")
  }
}

/// ``ExecutableCopy`` itself: a copy runs at once, and a busy start is retried.
@Suite struct ExecutableCopyTests {
  @Test func aCopyIsExecutableAndRuns() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let copy = s.url.appendingPathComponent("catalog")
    try ExecutableCopy.copy(binary, to: copy)
    #expect(FileManager.default.isExecutableFile(atPath: copy.path))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: s.url.path) == ["catalog"])
    let run = try runBinary(copy, ["--help"], in: s.url)
    #expect(run.status == 0, "\(run.err)")
  }

  @Test func startingAFileHeldOpenForWritingIsRetriedUntilItIsClosed() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let copy = s.url.appendingPathComponent("catalog")
    try ExecutableCopy.copy(binary, to: copy)
    // A write descriptor on the copy, as a forked child would inherit one: exec fails
    // with ETXTBSY until it is closed (here after 200 ms).
    let fd = open(copy.path, O_WRONLY | O_CLOEXEC)
    #expect(fd >= 0)
    let closer = Thread {
      usleep(200_000)
      close(fd)
    }
    closer.start()
    var attempts = 0
    let process = try ExecutableCopy.run {
      attempts += 1
      let p = Process()
      p.executableURL = copy
      p.arguments = ["--help"]
      p.standardOutput = FileHandle.nullDevice
      p.standardError = FileHandle.nullDevice
      return p
    }
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(attempts > 1, "the first start should have met ETXTBSY")
  }
}
