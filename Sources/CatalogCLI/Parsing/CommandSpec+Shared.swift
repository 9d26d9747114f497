// The command declarations in Commands/ (`enum XCommand: Subcommand { static let spec =
// CommandSpec(name:abstract:discussion:arguments:…) … }`) have the same shape as each other:
// kept because each is one command's own data; what they share is declared here and in
// CommandRunning.swift.

/// Arguments and flags that several commands declare alike: one declaration each, so their
/// name, help and value type cannot drift between commands.
extension CommandSpec.Argument {
  /// `NAME`: a stored component's name (`render`, `show`, `history`, `diff`, `revert`,
  /// `remove`).
  static let componentName = Self(name: "name", help: "The component's name.", type: .component)
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
}
