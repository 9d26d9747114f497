import CatalogLint
import CatalogModel
import CatalogService
import CatalogSystem
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `catalog add FILE…`: adds component definitions and DTCG token files, all in one
/// transaction: either every file is saved or none is.
///
/// A file whose top-level object has `name` and `body` is a component definition; any
/// other JSON object is a DTCG token file, imported into the set named by `--set` or by
/// the file's name (`spacing.tokens.json` → `spacing`). Components are checked against the
/// catalog and the other files: instances must name stored components with matching
/// arguments, token aliases must name tokens, and components must not instance each other
/// in a cycle.
package enum AddCommand: ParsedCommand {
  /// The `FILE` argument.
  static let files = CommandSpec.Argument(
    name: "file", help: "A component definition (.json) or a DTCG token file (.tokens.json).",
    isRepeating: true, type: .file)
  static let spec = CommandSpec(
    name: "add", abstract: "Add or update component definitions and DTCG token files.",
    discussion: """
      Every file is checked first and all are saved in one transaction, so a failure leaves the \
      catalog as it was. A component that already exists gets a new revision.
      """,
    arguments: [files],
    options: [
      .init(
        name: "set", valueName: "name",
        help: "The token set to import token files into (default: the file's name).",
        type: .tokenSet),
      resolverName,
    ],
    flags: [
      .allowOutsideReferences,
      .strict,
      .force,
      .dryRun.withHelp(
        "Check everything and list every component, variant and view whose frames the change would move, then save nothing."
      ),
      .allowDangling.withHelp(
        "Keep an alias that names no token (not in the files given, nor the catalog) with a warning instead of refusing the import."
      ),
      .prune.withHelp(
        "Make each token set equal to its file: remove the set's tokens the file no longer has (refused while a component uses one, unless --force)."
      ),
    ] + WarningPrinter.flags)

  /// The `--name` option: the resolver document's name (`add`, `tokens import`).
  static let resolverName = CommandSpec.Option(
    name: "name", valueName: "name",
    help:
      "The name of the resolver document a resolver file or a Tokens Studio file's $themes is saved as (default: the document's name, else the file's)."
  )

  /// The largest file read (64 MiB).
  static let maximumFileSize = 64 * 1024 * 1024

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    try run(parsed, context, path: ["add"])
  }

  /// `add` under another name and declaration (`tokens import`, parsed against its own spec).
  static func run(_ parsed: ParsedArguments, _ context: Context, path commandPath: [String])
    throws(CommandError)
  {
    let path = context.databasePath(parsed)
    if parsed.flag(.dryRun) {
      // A dry run writes nothing: read-only, on a copy in memory (an empty catalog when
      // none exists yet), so it works on a catalog nobody may write.
      try add(
        parsed, session: CatalogSession.dryRun(path: path), context,
        command: commandPath.joined(separator: " "))
      return
    }
    // A new catalog appears only complete; a failure deletes nothing but its own file.
    try CatalogSession.writing(path: path, output: context.output) { session throws(CommandError) in
      try add(parsed, session: session, context, command: commandPath.joined(separator: " "))
    }
  }

  static func add(
    _ parsed: ParsedArguments, session: CatalogSession, _ context: Context, command: String
  ) throws(CommandError) {
    var problems: [String] = []
    var files: [InputFile] = []
    // Big token files take seconds to check and save: a progress line on a terminal.
    let progress = ProgressReporter("add", total: 0, output: context.output)
    defer { progress.finish() }
    progress.phase("reading and checking \(Plural.count(parsed.values(Self.files).count, "file"))")
    // A file given twice is reported once, as it is read once (`distinctFiles`), however
    // it is spelled (`x.json ./x.json`: a missing file has no inode to compare).
    var unreadable: Set<String> = []
    for file in parsed.values(Self.files) {
      let spelling = URL(fileURLWithPath: file).standardizedFileURL.path
      if unreadable.contains(spelling) { continue }
      do { files.append(InputFile(path: file, bytes: try readFile(file))) } catch {
        unreadable.insert(spelling)
        problems.append(error.description)
      }
    }
    let prepared: PreparedInput
    do {
      prepared = try session.service.changes(
        for: files, set: parsed.option(.set), strict: parsed.flag(.strict),
        allowDangling: parsed.flag(.allowDangling), prune: parsed.flag(.prune),
        allowOutsideReferences: parsed.flag(.allowOutsideReferences), checkSetSources: true,
        resolverName: parsed.option(Self.resolverName))
    } catch {
      progress.finish()
      if case .invalid(let found) = error {
        throw reportProblems(
          problems + found.map(\.description), context, command: command,
          verbose: parsed.flag(.verbose))
      }
      throw CommandError(error)
    }
    progress.finish()
    if !problems.isEmpty {
      throw reportProblems(problems, context, command: command, verbose: parsed.flag(.verbose))
    }
    // At most WarningPrinter.limit warnings, then a count (--verbose, --quiet).
    let warnings = WarningPrinter(parsed, context)
    defer { warnings.finish() }
    for warning in prepared.warnings { warnings.warn("\(warning)") }
    let changes = prepared.changes
    let dryRun = parsed.flag(.dryRun)
    let result = try session.saveImport(
      changes, placing: prepared,
      options: ChangeOptions(
        force: parsed.flag(.force), dryRun: dryRun,
        allowsDangling: parsed.flag(.allowDangling) && !parsed.flag(.strict)),
      progress: progress, warnings: warnings, context, command: command)
    for line in ChangeReport.lines(result, dryRun: dryRun) { context.output.out(line + "\n") }
  }

  /// Prints each problem of a refused change as `Error: …` and says nothing was saved.
  ///
  /// - Parameters:
  ///   - error: The refusal.
  ///   - context: Where to print.
  ///   - command: The command to run again once the input is fixed (`add`, `import`).
  ///   - verbose: Whether `--verbose` was given (every problem printed); nil when the
  ///     command has no `--verbose` (the first ``BoundedList/limit``, then a count).
  /// - Returns: The silent failure to throw (the problems are printed).
  package static func reportProblems(
    _ error: CatalogError, _ context: Context, command: String = "add", verbose: Bool? = nil
  ) -> CommandError {
    switch error {
    case .invalid(let problems):
      return reportProblems(
        problems.map(\.description), context, command: command, verbose: verbose)
    case .breaksDependents(let problems):
      return reportProblems(
        CatalogError.breakingLines(problems, shown: verbose == true ? nil : BoundedList.limit),
        context, command: command, verbose: verbose)
    default:
      return CommandError(error)
    }
  }

  /// Prints problems as `Error: …` (bounded, ``BoundedList``) and says nothing was saved.
  /// - Parameters:
  ///   - problems: Every problem of the pass, in order.
  ///   - context: Where to print.
  ///   - command: The command to run again once the input is fixed.
  ///   - verbose: Whether `--verbose` was given; nil when the command has no `--verbose`.
  /// - Returns: The silent failure to throw.
  static func reportProblems(
    _ problems: [String], _ context: Context, command: String = "add", verbose: Bool? = nil
  ) -> CommandError {
    // Every problem of the pass, bounded as every list is (BoundedList): the first 20, then
    // how many more (`--verbose` shows all where the command has it).
    let lines = BoundedList.lines(
      problems.map { "Error: \($0)" }, limit: verbose == true ? nil : BoundedList.limit,
      noun: "error", hint: verbose == nil ? nil : "--verbose to show all")
    for line in lines { context.output.err(line + "\n") }
    context.output.err(
      (context.failureAdvice
        ?? "Nothing was saved (the catalog is unchanged): fix the problems above and run `catalog \(command)` again.")
        + "\n")
    return .silentFailure
  }

  static func readFile(_ file: String) throws(CommandError) -> [UInt8] {
    guard let isDirectory = FileStatus.isDirectory(atPath: file) else {
      throw .failure("\(file): no such file")
    }
    if isDirectory { throw .failure("\(file): is a directory; pass the files in it") }
    if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int,
      size > maximumFileSize
    {
      throw .failure(
        "\(file): the file is \(size / 1_048_576) MiB; the most catalog reads is \(maximumFileSize / 1_048_576) MiB"
      )
    }
    do { return try FileReading.contents(atPath: file, limit: maximumFileSize) } catch {
      throw .failure("\(file): cannot read the file: \(error.reason)")
    }
  }

  static func setName(for file: String) -> String { CatalogService.setName(for: file) }

}
