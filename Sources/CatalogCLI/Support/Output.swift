import CatalogModel

/// Where a command writes: results to `stdout`, messages and progress to `stderr`.
///
/// In-process tests pass strings; `main.swift` passes the real streams.
public final class Output {
  /// Results (what a script would pipe).
  public private(set) var standardOutput = ""
  /// Errors, warnings and progress.
  public private(set) var standardError = ""
  private let echo: Bool
  /// Why writing to standard output failed (a full disk), if it did.
  public private(set) var writeFailure: String?
  /// Whether standard output's reader went away (`| head`); later output is dropped.
  public private(set) var pipeClosed = false
  /// Text held back by ``hold()``: (text, to standard error).
  private var held: [(String, Bool)]?
  /// What ``keepUntilExit(_:)`` was given.
  private var keptUntilExit: [Any] = []

  /// Creates an output.
  /// - Parameter echo: Write through to the process's stdout and stderr as well.
  public init(echo: Bool = false) {
    self.echo = echo
  }

  /// Whether this output is the process's standard error and that is a terminal: where a
  /// ``ProgressReporter`` may draw its bar.
  package var standardErrorIsTerminal: Bool { echo && held == nil && Console.isTerminal.error }

  /// Whether text goes straight to the process's streams (not held back or collected), so
  /// another program given the same streams prints exactly where this output would.
  var writesThrough: Bool { echo && held == nil }

  /// Keeps a command's results (a laid-out tree, the catalog connection) until the process
  /// ends, when this output writes through to the process's streams (`main.swift`, which
  /// exits right after the command): freeing them object by object cost `render` of a
  /// 50-view component 0.5 M of its 7.3 M instructions, for memory the process hands back
  /// whole a moment later (issue 17, point 4; callgrind). In-process callers (tests) free
  /// them as usual.
  /// - Parameter values: What to keep.
  func keepUntilExit(_ values: Any...) {
    if echo { keptUntilExit.append(contentsOf: values) }
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
    if held != nil {
      held?.append((text, false))
      return
    }
    guard echo else {
      standardOutput += text
      return
    }
    guard writeFailure == nil, !pipeClosed else { return }
    switch Console.emit(text, toStandardError: false) {
    case .written: break
    case .closedPipe: pipeClosed = true
    case .failed(let reason): writeFailure = reason
    }
  }

  /// Writes to standard error.
  ///
  /// Messages are for people, so control characters in them (a token name holding
  /// `ESC[2J`) are always made visible (``NameText/forTerminal(_:)``), not only on a terminal.
  public func err(_ text: String) {
    let text = NameText.forTerminal(text)
    if held != nil {
      held?.append((text, true))
      return
    }
    if echo { Console.emit(text, toStandardError: true) } else { standardError += text }
  }

  /// The exit status after a command: a failed write to standard output turns success
  /// into status 1 with a message on standard error; a closed pipe ends quietly with the
  /// command's status.
  ///
  /// - Parameter status: What the command returned.
  /// - Returns: The status to exit with.
  public func finish(_ status: Int32) -> Int32 {
    guard let writeFailure else { return status }
    err("Error: cannot write to standard output: \(writeFailure)\n")
    return status == 0 ? 1 : status
  }
}

extension Output {
  /// Prints a listing (`list`, `tokens list`) the one way every listing does: with `--json`,
  /// a JSON array of one object a row (`[]` when there are none); else the table, or, when
  /// there are no rows, a note on standard error saying how to add some.
  /// - Parameters:
  ///   - rows: The rows, in the order printed.
  ///   - json: Whether `--json` was given.
  ///   - note: The line printed to standard error when there are no rows (no newline).
  ///   - object: One row's JSON object.
  ///   - table: Prints the table of `rows` (never called with none).
  func listing<Row>(
    _ rows: [Row], json: Bool, whenEmpty note: String, object: (Row) -> JSONObject,
    table: ([Row]) -> Void
  ) {
    if json {
      out(JSONWriter.pretty(.array(rows.map { .object(object($0)) })))
    } else if rows.isEmpty {
      err(note + "\n")
    } else {
      table(rows)
    }
  }
}
