/// Where a command writes: results to `stdout`, messages and progress to `stderr`.
///
/// In-process tests pass strings; `main.swift` passes the real streams.
public final class Output {
  /// Results (what a script would pipe).
  public private(set) var standardOutput = ""
  /// Errors, warnings and progress.
  public private(set) var standardError = ""
  private let echo: Bool
  /// Text held back by ``hold()``: (text, to standard error).
  private var held: [(String, Bool)]?

  /// Creates an output.
  /// - Parameter echo: Write through to the process's stdout and stderr as well.
  public init(echo: Bool = false) {
    self.echo = echo
  }

  /// Holds back everything written until ``release(discardingOutput:)``.
  func hold() { held = [] }

  /// Writes what was held back, or only its standard-error part when `discardingOutput`.
  func release(discardingOutput: Bool = false) {
    guard let text = held else { return }
    held = nil
    for (t, toError) in text where !(discardingOutput && !toError) {
      if toError { err(t) } else { out(t) }
    }
  }

  /// Writes to standard output.
  public func out(_ text: String) {
    if held != nil { held?.append((text, false)); return }
    if echo { Console.emit(text, toStandardError: false) } else { standardOutput += text }
  }

  /// Writes to standard error.
  public func err(_ text: String) {
    if held != nil { held?.append((text, true)); return }
    if echo { Console.emit(text, toStandardError: true) } else { standardError += text }
  }
}
