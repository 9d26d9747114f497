/// The steps every command's `run` starts with, in one place: parse the arguments against
/// the command's own spec, then open the catalog the command line names.
extension Subcommand {
  /// Parses the arguments after the command's name against ``Subcommand/spec``.
  /// - Parameter args: The arguments after the command's name.
  /// - Returns: The parsed arguments.
  /// - Throws: ``CommandError`` for a usage error or `--help`.
  static func parse(_ args: [String]) throws(CommandError) -> ParsedArguments {
    try ArgumentParser.parse(args, spec: spec, path: [spec.name])
  }
}

extension Context {
  /// Opens the existing catalog that `--db`, `$CATALOG_DB` or `./catalog.db` names.
  /// - Parameters:
  ///   - parsed: The command's parsed arguments (for `--db`).
  ///   - readOnly: Open it for reading only.
  /// - Returns: The open catalog.
  /// - Throws: ``CommandError`` when there is no catalog there or it cannot be opened.
  func openCatalog(_ parsed: ParsedArguments, readOnly: Bool = false) throws(CommandError)
    -> CatalogSession
  {
    try CatalogSession(path: databasePath(parsed), create: false, readOnly: readOnly)
  }
}

/// A command without subcommands of its own: the extension below parses the arguments after
/// its name against its ``Subcommand/spec`` (usage errors, `--help`) before its `run` sees
/// them, so each command starts from ``ParsedArguments`` and none repeats the parsing step.
protocol ParsedCommand: Subcommand {
  /// Runs the command with its parsed arguments.
  /// - Parameters:
  ///   - parsed: The arguments after the command's name, checked against ``Subcommand/spec``.
  ///   - context: The command's context.
  /// - Throws: ``CommandError`` for what the command refuses or fails to do.
  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError)
}

extension ParsedCommand {
  /// Parses `args` against ``Subcommand/spec``, then runs the command with the result.
  /// - Parameters:
  ///   - args: The arguments after the command's name.
  ///   - context: The command's context.
  /// - Throws: ``CommandError``: a usage error or `--help` from the parser; what `run` throws.
  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    try run(parse(args), context)
  }
}
