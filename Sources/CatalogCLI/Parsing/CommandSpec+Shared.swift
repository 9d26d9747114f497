// The command declarations in Commands/ (`enum XCommand: Subcommand { static let spec =
// CommandSpec(name:abstract:discussion:arguments:…) … }`) have the same shape as each other:
// kept because each is one command's own data (its name and help text); the options and flags
// several commands take are declared once here, and the steps every `run` starts with once in
// CommandRunning.swift.

/// Arguments, options and flags that several commands take: one declaration each (name,
/// value type, default), which every command's spec lists and every command reads back
/// through (`parsed.flag(.force)`), so name, type and look-up cannot drift between commands.
/// A command whose help for one of them says something more specific lists it
/// `.withHelp("…")`; the name and type stay these.
extension CommandSpec.Argument {
  /// `NAME`: a stored component's name (`render`, `show`, `history`, `diff`, `revert`,
  /// `remove`).
  static let componentName = Self(name: "name", help: "The component's name.", type: .component)
  /// `DIR`: a catalog folder, as `catalog export` writes it (`import`, `check`).
  static let catalogFolder = Self(name: "dir", help: "The catalog folder.", type: .file)
}

extension CommandSpec.Option {
  /// `--db <path>`: the catalog file; every command takes it (``CommandSpec/globalOptions``).
  package static let db = Self(
    name: "db", valueName: "path",
    help: "The catalog file (default: $CATALOG_DB, else ./catalog.db).", type: .file)
  /// `--set <name>`: a stored token set (`add`, `tokens list|get|set|remove|export|import`).
  static let set = Self(
    name: "set", valueName: "name",
    help: "The token set (default: every set, the highest precedence winning).", type: .tokenSet)
  /// `--platform <name>`: the platform whose defaults apply (`render`, `diff`); `ios` when
  /// absent.
  static let platform = Self(
    name: "platform", valueName: "name", help: "The platform whose defaults apply.",
    type: .platform, defaultValue: "ios")
  /// `--input <modifier=context>`: a DTCG Resolver module input, repeatable (`render`,
  /// `tokens export`).
  static let input = Self(
    name: "input", valueName: "modifier=context",
    help: "A resolver input (DTCG Resolver module), e.g. density=compact; repeat for several.",
    isRepeating: true)
  /// `--output <file>`: write to this file instead of standard output.
  static let output = Self(
    name: "output", valueName: "file", help: "Write to a file instead of standard output.",
    type: .file)
  /// `--format <text|json|sarif>` of a command that prints findings (`lint`, `check-swift`):
  /// text for people, JSON, or SARIF 2.1.0 for code-scanning tools; `text` when absent.
  package static let reportFormat = Self(
    name: "format", valueName: "format", help: "The report's format.",
    type: .choice(["text", "json", "sarif"]), defaultValue: "text")
  /// `--token-map <file>`: the app's own Swift names for tokens (`import-swift`,
  /// `check-swift`).
  package static let tokenMap = Self(
    name: "token-map", valueName: "file",
    help:
      "A JSON object of Swift name → token path for the app's own names ({\"Theme.gutter\": \"space.md\"}).",
    type: .file)
  /// `--swift-type <name>`: the type name of the Swift token export (`import-swift`,
  /// `check-swift`).
  package static let swiftType = Self(
    name: "swift-type", valueName: "name",
    help: "The type name of the Swift token export.", defaultValue: "DesignTokens")
}

extension CommandSpec.Flag {
  /// `--json` of a command that prints a report.
  static let json = Self(name: "json", help: "Print JSON.")
  /// `--json` of a command that prints a table.
  static let jsonTable = Self(name: "json", help: "Print JSON instead of a table.")
  /// `--allow-outside-refs` of the commands that read DTCG Resolver documents.
  static let allowOutsideReferences = Self(
    name: "allow-outside-refs",
    help:
      "Let a resolver document's $ref name files outside its folder (absolute paths, .., symbolic links)."
  )
  /// `--force`: save even when the change breaks what uses the changed component or token.
  package static let force = Self(
    name: "force",
    help: "Save even when the change breaks components that use an updated component or token.")
  /// `--dry-run`: check everything, list what would change, save nothing.
  package static let dryRun = Self(
    name: "dry-run", help: "Check everything and list what would change, then save nothing.")
  /// `--strict`: refuse non-standard token constructs instead of converting them.
  static let strict = Self(
    name: "strict",
    help: "Refuse non-standard token constructs instead of converting them with a warning.")
  /// `--allow-dangling`: keep an alias that names no token, with a warning.
  static let allowDangling = Self(
    name: "allow-dangling",
    help: "Keep an alias that names no token with a warning instead of refusing the import.")
  /// `--prune`: make the catalog (or set) equal to what is imported.
  static let prune = Self(
    name: "prune",
    help: "Remove what the imported files no longer have (refused while a component uses it).")
  /// `--fix`: rewrite what a check finds where the rewrite is certain.
  package static let fix = Self(name: "fix", help: "Rewrite what can be fixed.")
  /// `--quiet`: print no warnings (``WarningPrinter``).
  static let quiet = Self(name: "quiet", help: "Print no warnings (errors still are).")
  /// `--verbose`: print every warning (``WarningPrinter``).
  static let verbose = Self(
    name: "verbose",
    help:
      "Print every warning and error (by default the first \(WarningPrinter.limit), then how many more there are)."
  )
}
