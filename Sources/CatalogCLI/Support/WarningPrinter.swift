import CatalogService

/// Prints an import's warnings on standard error, at most ``limit`` of them unless
/// `--verbose`, none with `--quiet`, then a summary, so a large token file with hundreds of
/// conversions does not bury the result (`… and 300 more warnings (--verbose to show all)`).
///
/// `add`, `tokens import` and `import` declare the two flags (``flags``) and print every
/// warning through one printer.
final class WarningPrinter {
  /// The most warnings printed without `--verbose`.
  static let limit = 20

  /// `--quiet` and `--verbose`, declared by each command that imports.
  static let flags: [CommandSpec.Flag] = [
    .init(
      name: "quiet",
      help: "Print no warnings (errors still are)."),
    .init(
      name: "verbose",
      help: "Print every warning (by default the first \(limit), then how many more there are)."),
  ]

  private let context: Context
  private let quiet: Bool
  private let verbose: Bool
  private var count = 0

  /// A printer for one command.
  /// - Parameters:
  ///   - parsed: The command line (its `--quiet` and `--verbose` flags).
  ///   - context: Where to print.
  init(_ parsed: ParsedArguments, _ context: Context) {
    self.context = context
    quiet = parsed.flag("quiet")
    verbose = parsed.flag("verbose") && !quiet
  }

  /// Prints one warning, or counts it when the limit is reached or `--quiet`.
  /// - Parameter line: The warning, as printed (one line, no newline).
  func warn(_ line: String) {
    count += 1
    if !quiet && (verbose || count <= Self.limit) { context.output.err(line + "\n") }
  }

  /// Prints the summary when warnings were held back: how many were not shown, and how
  /// many there were in all. Nothing when every warning was printed, or with `--quiet`.
  func finish() {
    guard !quiet, !verbose, count > Self.limit else { return }
    context.output.err(
      "… and \(Plural.count(count - Self.limit, "more warning")) (--verbose to show all)\n")
    context.output.err("\(Plural.count(count, "warning")) in all (--quiet hides them)\n")
  }
}
