import CatalogService

/// `catalog backup PATH`: a consistent copy of the catalog made with SQLite's online
/// backup API, safe while other processes use the catalog.
enum BackupCommand: ParsedCommand {
  /// The `PATH` argument.
  static let path = CommandSpec.Argument(name: "path", help: "The new file.", type: .file)
  static let spec = CommandSpec(
    name: "backup", abstract: "Copy the catalog to a new file, safely while it is in use.",
    discussion: """
      Uses SQLite's online backup API, so the copy has every committed change, including those \
      still in the catalog's -wal file (copying only catalog.db of a catalog in WAL mode can lose \
      the last commits). The copy appears at PATH only when complete; an existing file is never \
      overwritten.
      """,
    arguments: [path])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let destination = parsed.argument(Self.path)
    let session = try context.openCatalog(parsed, readOnly: true)
    let pages: Int
    do { pages = try session.service.backup(to: destination) } catch { throw CommandError(error) }
    context.output.out("Backed up \(session.path) to \(destination) (\(pages) pages)\n")
  }
}
