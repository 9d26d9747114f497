import CatalogModel
import CatalogService

/// Prints a command's warnings on standard error, at most ``limit`` of them unless
/// `--verbose`, none with `--quiet`, then a summary, so a large token file with hundreds of
/// conversions, or a forced removal that leaves 20,000 aliases dangling, does not bury the
/// result (`… and 300 more warnings (--verbose to show all)`; the one bound of every list a
/// command prints, ``BoundedList``).
///
/// Every command that prints warnings about what it read or changed (`add`, `tokens
/// import`, `import`, `remove`, `tokens set|remove`, `revert`, `edit`, `init`) declares the
/// two flags (``flags``) and prints them through one printer.
final class WarningPrinter {
  /// The most warnings printed without `--verbose` (``BoundedList/limit``).
  static let limit = BoundedList.limit

  /// `--quiet` and `--verbose`, declared by each command that prints warnings.
  static let flags: [CommandSpec.Flag] = [.quiet, .verbose]

  private let context: Context
  private let quiet: Bool
  /// Whether `--verbose` was given: every warning (and error) is printed.
  let verbose: Bool
  private var count = 0
  /// Warnings seen, by kind.
  private var seen: [ImportWarningKind: Int] = [:]
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

  /// Prints `lines` through one printer, then its summary: the way a command prints the
  /// warnings of one result.
  /// - Parameters:
  ///   - lines: The warnings (one line each, no newline).
  ///   - prefix: What each line starts with (`warning: `).
  ///   - parsed: The command line (`--quiet`, `--verbose`).
  ///   - context: Where to print.
  static func print(
    _ lines: [String], prefix: String = "warning: ", _ parsed: ParsedArguments,
    _ context: Context
  ) {
    guard !lines.isEmpty else { return }
    let printer = WarningPrinter(parsed, context)
    for line in lines { printer.warn(prefix + line) }
    printer.finish()
  }

  /// Prints one warning, or counts it when the limit is reached or `--quiet`. A warning
  /// that a token's value is not computed (``ImportWarningKind/uncomputed``) has a limit
  /// of its own: the first ``limit`` of them are printed past the general limit, so one is
  /// never hidden behind other kinds (`doctor` and `lint` list them all).
  /// - Parameter line: The warning, as printed (one line, no newline).
  func warn(_ line: String) {
    count += 1
    let kind = ImportWarningKind(line)
    seen[kind, default: 0] += 1
    guard !quiet else { return }
    if verbose || count <= Self.limit
      || (kind == .uncomputed && seen[kind, default: 0] <= Self.limit)
    {
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
    // Broken down by kind only when there are several: one kind's count is the total,
    // said once (`… and 2,980 more warnings (2,980 other; …)` said it twice).
    let kinds = ImportWarningKind.allCases.filter { hidden[$0] != nil }
    let hint: String
    if kinds.count > 1 {
      let counts = kinds.compactMap { kind in hidden[kind].map { kind.counted($0) } }
      hint = "\(counts.joined(separator: ", ")); --verbose to show all"
    } else if let only = kinds.first?.eachPhrase(held) {
      hint = "\(only); --verbose to show all"
    } else {
      hint = "--verbose to show all"
    }
    context.output.err(BoundedList.moreLine(held, "warning", hint: hint) + "\n")
    context.output.err(
      "\(BoundedList.grouped(count)) warning\(count == 1 ? "" : "s") in all (--quiet hides them)\n")
  }
}
