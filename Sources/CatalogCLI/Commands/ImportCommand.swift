import CatalogExchange
import CatalogService
import CatalogSystem

/// `catalog import DIR [--prune] [--dry-run] [--force]`: a folder written by `catalog
/// export` into the catalog, in one transaction (see `FolderImporter`).
enum ImportCommand: ParsedCommand {
  static let spec = CommandSpec(
    name: "import", abstract: "Import a catalog folder (from 'catalog export' or a git checkout).",
    discussion: """
      Components, token sets, resolver documents and platforms are checked together and saved in \
      one transaction; a changed component gets a new revision. With --prune the catalog becomes \
      equal to the folder: what the folder lacks is removed (history stays).
      """,
    arguments: [.catalogFolder],
    flags: [
      .prune.withHelp(
        "Remove components, tokens, token sets and resolver documents the folder does not have."),
      .dryRun.withHelp(
        "Check everything and list what would change, with every frame it would move; save nothing."
      ),
      .force.withHelp("Import even when a stored component or token would break."),
      .allowDangling.withHelp(
        "Keep every alias that names no token with a warning (without it, only those catalog.json lists in danglingAliases are kept)."
      ),
      .allowOutsideReferences.withHelp(
        "Let a resolver document's $ref, or a folder file that is a symbolic link, lead to files outside the folder."
      ),
    ] + WarningPrinter.flags)

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let directory = UserPath.fileURL(parsed.argument(.catalogFolder))
    let read: (folder: CatalogFolder, warnings: [String])
    do {
      read = try CatalogFolder.read(
        directory: directory, allowOutside: parsed.flag(.allowOutsideReferences),
        outsideOption: context.outsideOption)
    } catch {
      throw AddCommand.reportProblems(
        error.problems, context, command: "import", verbose: parsed.flag(.verbose))
    }
    let warnings = WarningPrinter(parsed, context)
    defer { warnings.finish() }
    for w in read.warnings { warnings.warn(w) }
    let path = context.databasePath(parsed)
    let dryRun = parsed.flag(.dryRun)
    let importFolder = { (session: CatalogSession) throws(CommandError) -> Void in
      let importer = FolderImporter(
        session: session, prune: parsed.flag(.prune), force: parsed.flag(.force), dryRun: dryRun,
        allowOutsideReferences: parsed.flag(.allowOutsideReferences),
        allowDangling: parsed.flag(.allowDangling), warnings: warnings,
        outsideOption: context.outsideOption)
      let report = try importer.run(read.folder, directory: directory, context)
      for line in report.lines { context.output.out(line + "\n") }
      if !dryRun {
        context.output.out(
          "Imported \(parsed.argument(.catalogFolder)): \(report.added) added, \(report.updated) updated, \(report.removed) removed, \(Plural.count(report.unchanged, "unchanged component"))\n"
        )
      }
    }
    if dryRun {
      // A dry run never creates or writes the catalog: it checks against a copy in memory
      // (an empty catalog when none exists yet).
      try importFolder(CatalogSession.dryRun(path: path))
    } else {
      // Issue 12.1: a new catalog is created atomically, so a failed import leaves no file
      // and never deletes one another process created meanwhile.
      try CatalogSession.writing(path: path, output: context.output, importFolder)
    }
  }
}
