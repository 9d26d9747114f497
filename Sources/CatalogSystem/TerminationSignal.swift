#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of ``TerminationSignal``'s pipe, for the signal handler (which can capture
/// nothing). Set before the handler is installed, never changed after.
nonisolated(unsafe) private var terminationPipeWriter: Int32 = -1

/// Waiting for `SIGINT` (Ctrl-C), `SIGTERM` (`kill`) or `SIGHUP` (the terminal was closed),
/// so a long-running command (`catalog serve`) stops cleanly, closing its catalog so SQLite
/// removes `-wal` and `-shm`, instead of being killed where it stands (review 16, point 4;
/// issue 12 for `SIGHUP`). A `SIGHUP` the process was started ignoring (`nohup catalog
/// serve`) stays ignored, as `nohup(1)` asks.
///
/// The handler only writes the signal's number to a pipe (`write(2)` is async-signal-safe,
/// POSIX.1-2017 §2.4.3); the waiting thread reads it. Whichever thread the kernel delivers
/// the signal to, the handler runs there and the waiter wakes.
package enum TerminationSignal {
  /// The read end of the pipe, once ``install()`` made it.
  nonisolated(unsafe) private static var reader: Int32 = -1

  /// The signals that stop a long-running command cleanly: ``install()`` handles them and
  /// ``wait()`` returns the one that came.
  package static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Installs the handlers for ``handled`` and unblocks them in this thread (a parent may
  /// have started the process with them blocked, and the mask is inherited). `SIGHUP` is
  /// left alone when it is ignored already (`nohup`). From then on the signals no longer
  /// end the process: ``wait()`` returns instead. Call it once, from the thread that will
  /// wait.
  /// - Returns: False when no pipe could be made (nothing was installed; `errno` says why).
  package static func install() -> Bool {
    guard reader < 0 else { return true }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return false }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    reader = ends[0]
    terminationPipeWriter = ends[1]
    var signals = sigset_t()
    sigemptyset(&signals)
    for signo in handled {
      let handler: @convention(c) (Int32) -> Void = { received in
        var byte = UInt8(truncatingIfNeeded: received)
        _ = write(terminationPipeWriter, &byte, 1)
      }
      if signo == SIGHUP, isIgnored(signo) {
        // Started under `nohup` (or `trap '' HUP`): closing the terminal must not stop it.
        continue
      }
      _ = signal(signo, handler)
      sigaddset(&signals, signo)
    }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    return true
  }

  /// Whether `signo` is ignored (`SIG_IGN`) now. Asked by setting `SIG_IGN` and putting the
  /// previous disposition back, so that no moment is left with the default (which ends the
  /// process).
  private static func isIgnored(_ signo: Int32) -> Bool {
    let previous = signal(signo, SIG_IGN)
    let ignored =
      previous.map { unsafeBitCast($0, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) }
      ?? false
    if !ignored { _ = signal(signo, previous) }
    return ignored
  }

  /// Blocks until one of ``handled`` arrives (or arrived since ``install()``).
  /// - Returns: The signal received, or nil when ``install()`` was not called or the pipe
  ///   failed.
  package static func wait() -> Int32? {
    guard reader >= 0 else { return nil }
    var byte: UInt8 = 0
    while true {
      let n = read(reader, &byte, 1)
      if n == 1 { return Int32(byte) }
      if n < 0 && errno == EINTR { continue }
      return nil
    }
  }

  /// The signal's name: `SIGINT`, `SIGTERM`, `SIGHUP`, else `signal N`.
  /// - Parameter signo: A signal number.
  /// - Returns: The name.
  package static func name(_ signo: Int32) -> String {
    switch signo {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    case SIGHUP: return "SIGHUP"
    default: return "signal \(signo)"
    }
  }
}
