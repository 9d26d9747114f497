import CatalogService

/// `catalog remove NAME`: deletes a component (its history is kept).
enum RemoveCommand: ParsedCommand {
  static let spec = CommandSpec(
    name: "remove", abstract: "Remove a component; refused while other components use it.",
    arguments: [.componentName],
    flags: [.force.withHelp("Remove it even when other components use it.")] + WarningPrinter.flags
  )

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed)
    let name = parsed.argument(.componentName)
    let result: ChangeResult
    do {
      result = try session.apply(
        [.removeComponent(name: name)], options: ChangeOptions(force: parsed.flag(.force)))
    } catch {
      if case .notFound = error {
        throw session.unknownComponent(name)
      }
      throw CommandError(error)
    }
    WarningPrinter.print(result.warnings.map(\.description), parsed, context)
    context.output.out("Removed \(name)\n")
  }
}
