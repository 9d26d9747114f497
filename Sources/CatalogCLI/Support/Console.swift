import CatalogModel
import CatalogSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams.
package enum Console {
  /// How a write to a stream ended (`written`, `closedPipe`, `failed(reason)`).
  package typealias WriteResult = FileWriting.Result

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

  /// Writes every byte to `fd`, checking each `write(2)` (``FileWriting/writeAll(_:to:)``).
  static func writeAll(_ bytes: [UInt8], to fd: Int32) -> WriteResult {
    FileWriting.writeAll(bytes, to: fd)
  }
}
