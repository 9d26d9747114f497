import CatalogExchange

/// `catalog compare BASE HEAD`: two catalogs (files, folders or `git:REF[:PATH]`) compared,
/// with the frame impact of the change (see `CatalogComparison`).
enum CompareCommand: ParsedCommand {
  /// The `BASE` argument.
  static let base = CommandSpec.Argument(name: "base", help: "The catalog before.")
  /// The `HEAD` argument.
  static let head = CommandSpec.Argument(name: "head", help: "The catalog after.")
  /// The `--format` option.
  static let format = CommandSpec.Option(
    name: "format", valueName: "format", help: "text, markdown, json or sarif (default: text).")
  /// The `--exit-code` flag.
  static let exitCode = CommandSpec.Flag(
    name: "exit-code",
    help: "Exit with status 1 when the catalogs differ (like git diff --exit-code).")

  // Same shape as EditCommand.spec and RevertCommand.spec (a --force-like flag, then run parsing):
  // kept because each command's declaration (name, help, arguments, flags) is its own data; what
  // commands share is declared once in CommandSpec+Shared.swift and CommandRunning.swift.
  static let spec = CommandSpec(
    name: "compare",
    abstract: "Compare two catalogs: components, tokens and every frame the change moves.",
    discussion:
      "BASE and HEAD are each a catalog file, a catalog folder (from 'catalog export'), or git:REF[:PATH] for a folder at a git revision (read with git archive; PATH is relative to the current directory, default '.'). Example for a pull request: catalog compare git:origin/main:catalog git:HEAD:catalog --format markdown. 'catalog diff NAME' compares a component's revisions.",
    arguments: [
      base,
      head,
    ],
    options: [format],
    flags: [exitCode])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let formatName = parsed.option(Self.format) ?? "text"
    guard let format = CatalogComparison.Format(rawValue: formatName) else {
      throw .usage(
        "The value '\(formatName)' is invalid for '--format <format>'. Please provide one of 'text', 'markdown', 'json' or 'sarif'.",
        command: ["compare"])
    }
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
