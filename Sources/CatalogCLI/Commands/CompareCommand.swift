import CatalogExchange

/// `catalog compare BASE HEAD`: two catalogs (files, folders or `git:REF[:PATH]`) compared,
/// with the frame impact of the change (see `CatalogComparison`).
enum CompareCommand: ParsedCommand {
  /// The `BASE` argument.
  static let base = CommandSpec.Argument(name: "base", help: "The catalog before.", type: .file)
  /// The `HEAD` argument.
  static let head = CommandSpec.Argument(name: "head", help: "The catalog after.", type: .file)
  /// The `--format` option.
  static let format = CommandSpec.Option(
    name: "format", valueName: "format",
    help: "The report's format: text, markdown (for a pull request comment), json or sarif.",
    type: .choice(CatalogComparison.Format.allCases.map(\.rawValue)), defaultValue: "text")
  /// The `--exit-code` flag.
  static let exitCode = CommandSpec.Flag(
    name: "exit-code",
    help: "Exit with status 1 when the catalogs differ (like git diff --exit-code).")

  static let spec = CommandSpec(
    name: "compare",
    abstract: "Compare two catalogs: components, tokens and every frame the change moves.",
    discussion: """
      BASE and HEAD are each a catalog file, a catalog folder (from 'catalog export'), or \
      git:REF[:PATH] for a folder at a git revision (read with git archive; PATH is relative to \
      the current directory, default '.'). Example for a pull request: catalog compare \
      git:origin/main:catalog git:HEAD:catalog --format markdown. 'catalog diff NAME' compares a \
      component's revisions.
      """,
    arguments: [
      base,
      head,
    ],
    options: [format],
    flags: [exitCode])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    // The parser checked --format against the declared choice.
    let format = parsed.option(Self.format).flatMap(CatalogComparison.Format.init) ?? .text
    let (base, head) = (parsed.argument(Self.base), parsed.argument(Self.head))
    let comparison: CatalogComparison
    do {
      let a = try CatalogLocation.parse(base).read()
      let b = try CatalogLocation.parse(head).read()
      comparison = CatalogComparison.compare(base: a.folder, head: b.folder)
    } catch {
      throw .failure(error.problems.joined(separator: "\n  "))
    }
    context.output.out(comparison.render(format, base: base, head: head))
    if parsed.flag(Self.exitCode) && !comparison.isEmpty { throw .silentFailure }
  }
}
