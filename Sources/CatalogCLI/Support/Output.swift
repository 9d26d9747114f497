/// Where a command writes: results to `stdout`, messages and progress to `stderr`.
///
/// In-process tests pass strings; `main.swift` passes the real streams.
public final class Output {
  /// Results (what a script would pipe).
  public private(set) var standardOutput = ""
  /// Errors, warnings and progress.
  public private(set) var standardError = ""
  private let echo: Bool

  /// Creates an output.
  /// - Parameter echo: Write through to the process's stdout and stderr as well.
  public init(echo: Bool = false) {
    self.echo = echo
  }

  /// Writes to standard output.
  public func out(_ text: String) {
    if echo { Console.emit(text, toStandardError: false) } else { standardOutput += text }
  }

  /// Writes to standard error.
  public func err(_ text: String) {
    if echo { Console.emit(text, toStandardError: true) } else { standardError += text }
  }
}
