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
  static let flags: [CommandSpec.Flag] = [.quiet, .verbose]

  private let context: Context
  private let quiet: Bool
  private let verbose: Bool
  private var count = 0
  /// Warnings not printed, by kind.
  private var hidden: [ImportWarningKind: Int] = [:]

  /// A printer for one command.
  /// - Parameters:
  ///   - parsed: The command line (its `--quiet` and `--verbose` flags).
  ///   - context: Where to print.
  init(_ parsed: ParsedArguments, _ context: Context) {
    self.context = context
    quiet = parsed.flag(.quiet)
    verbose = parsed.flag(.verbose) && !quiet
  }

  /// Prints one warning, or counts it when the limit is reached or `--quiet`. A warning
  /// that a token's value is not computed (``ImportWarningKind/uncomputed``) is printed
  /// past the limit too: it is never hidden behind the summary.
  /// - Parameter line: The warning, as printed (one line, no newline).
  func warn(_ line: String) {
    count += 1
    let kind = ImportWarningKind(line)
    guard !quiet else { return }
    if verbose || count <= Self.limit || kind == .uncomputed {
      context.output.err(line + "\n")
    } else {
      hidden[kind, default: 0] += 1
    }
  }

  /// Prints the summary when warnings were held back: how many were not shown, of which
  /// kind, and how many there were in all. Nothing when every warning was printed, or
  /// with `--quiet`.
  func finish() {
    let held = hidden.values.reduce(0, +)
    guard !quiet, !verbose, held > 0 else { return }
    let kinds = ImportWarningKind.allCases.compactMap { kind in
      hidden[kind].map { kind.counted($0) }
    }
    context.output.err(
      "… and \(Plural.count(held, "more warning")) (\(kinds.joined(separator: ", ")); --verbose to show all)\n"
    )
    context.output.err("\(Plural.count(count, "warning")) in all (--quiet hides them)\n")
  }
}
