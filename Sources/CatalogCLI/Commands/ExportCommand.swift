import CatalogExchange
import CatalogModel
import CatalogService
import CatalogSystem

/// `catalog export DIR`: the whole catalog as a folder of text files for git (see
/// `CatalogFolder`).
enum ExportCommand: ParsedCommand {
  /// The `DIR` argument.
  static let folder = CommandSpec.Argument(
    name: "dir", help: "The folder to write (created if needed).", type: .file)
  /// The `--format` option.
  static let format = CommandSpec.Option(
    name: "format", valueName: "folder|swiftui",
    help:
      "folder: the catalog as text files (the default). swiftui: one Swift package (Package.swift, Sources/CatalogComponents/ with a file per component, DesignTokens.swift and #Previews per variant).",
    type: .choice(["folder", "swiftui"]), defaultValue: "folder")

  /// The `--skip-damaged` flag.
  static let skipDamaged = CommandSpec.Flag(
    name: "skip-damaged",
    help:
      "Export the rest when a stored definition no longer parses: each is left out and named as an error (exit status 1), and its file in the folder is kept (with --format swiftui, no earlier file is removed). Without it such a catalog is refused, naming every one."
  )

  static let spec = CommandSpec(
    name: "export", abstract: "Write the whole catalog as a folder of text files, for git.",
    discussion: """
      Writes DIR/catalog.json (manifest), DIR/platforms.json, DIR/components/NAME.json, \
      DIR/tokens/SET.tokens.json (DTCG) and DIR/resolvers/NAME.resolver.json. The same catalog \
      always gives the same bytes. In a folder an earlier export wrote (it holds catalog.json), \
      catalog files the catalog no longer has are removed (a file there that is missing or damaged is written anew); other files and symbolic links are left alone, and the lint settings of an existing catalog.json are kept. A stored definition that no longer \
      parses is refused, naming every one, and nothing is written (a folder without it would \
      lose the component); --skip-damaged exports the rest and names each as an error.
      """,
    arguments: [folder],
    options: [format],
    flags: [skipDamaged])

  /// Names each component `--skip-damaged` left out, as an error.
  /// - Throws: ``CommandError/silentFailure`` when one was left out (exit status 1).
  static func reportLeftOut(_ names: [String], _ context: Context) throws(CommandError) {
    guard !names.isEmpty else { return }
    for name in names {
      context.output.err(
        "Error: \(name): left out (--skip-damaged): \(name) is stored but damaged (`catalog doctor` says where and why)\(CatalogService.damagedDefinitionAdvice(name))\n"
      )
    }
    throw .silentFailure
  }

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let path = context.databasePath(parsed)
    guard FileManager.default.fileExists(atPath: path) else {
      throw CommandError(CatalogError.noCatalog(path: path))
    }
    // An empty DIR would be the working folder (OutputPathRule).
    do {
      try OutputPathRule.check(parsed.argument(Self.folder), catalog: path, use: .folderWrittenInto)
    } catch { throw CommandError(error) }
    let directory = UserPath.fileURL(parsed.argument(Self.folder))
    let skipping = parsed.flag(Self.skipDamaged)
    if parsed.option(Self.format) == "swiftui" {
      do {
        let (folder, result) = try ProgressReporter.step(
          "export", "reading the catalog and writing the package", output: context.output
        ) {
          let folder = try CatalogFolder.read(catalogAt: path, skippingDamaged: skipping)
          return (folder, try folder.writeSwiftUIPackage(to: directory, catalog: path))
        }
        for warning in result.warnings { context.output.err("warning: swiftui: \(warning)\n") }
        context.output.out(
          "Exported \(Plural.count(folder.components.count, "component")) as a Swift package in the folder \(parsed.argument(Self.folder)) (\(result.written) written, \(result.unchanged) unchanged, \(result.removed) removed)\n"
        )
        try reportLeftOut(folder.leftOut, context)
      } catch let error as CommandError {
        throw error
      } catch {
        throw .failure("\(error)")
      }
      return
    }
    var leftOut: [String] = []
    do {
      // The folder's own lint settings are not stored in the catalog file: keep them.
      let (folder, result) = try ProgressReporter.step(
        "export", "reading the catalog and writing the folder", output: context.output
      ) {
        let lint = try CatalogFolder.exportedLint(in: directory)
        let folder = try CatalogFolder.read(
          catalogAt: path, lint: lint, skippingDamaged: skipping)
        return (folder, try folder.write(to: directory, catalog: path))
      }
      leftOut = folder.leftOut
      for warning in result.oversized { context.output.err("warning: \(warning)\n") }
      let tokenCount = folder.tokenSets.reduce(0) { $0 + $1.tokens.count }
      context.output.out(
        "Exported \(Plural.count(folder.components.count, "component")), \(Plural.count(tokenCount, "token")) in \(Plural.count(folder.tokenSets.count, "set")) and \(Plural.count(folder.resolvers.count, "resolver document")) to \(parsed.argument(Self.folder)) (\(result.written) written, \(result.unchanged) unchanged, \(result.removed) removed)\n"
      )
    } catch {
      throw .failure("\(error)")
    }
    // Instances of components removed with --force: the folder needs `import --force`.
    do {
      let service = try CatalogService(path: path, create: false, readOnly: true)
      defer { service.close() }
      for warning in try service.exportWarnings() { context.output.err("warning: \(warning)\n") }
    } catch { throw CommandError(error) }
    try reportLeftOut(leftOut, context)
  }
}
