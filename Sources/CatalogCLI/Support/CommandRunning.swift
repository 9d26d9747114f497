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
