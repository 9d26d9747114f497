import CatalogModel

/// `catalog show NAME`: the stored definition as pretty JSON (it can be added back).
enum ShowCommand: ParsedCommand {
  /// The `--revision` option.
  static let revision = CommandSpec.Option(
    name: "revision", valueName: "n",
    help: "Print saved revision N instead of the current definition (see 'catalog history').")

  static let spec = CommandSpec(
    name: "show", abstract: "Print a component's definition as JSON.",
    arguments: [.componentName],
    options: [revision])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let name = parsed.argument(.componentName)
    if let revision = parsed.option(Self.revision) {
      let number = try ComponentRevisions.number(revision, command: ["show"])
      guard let json = try ComponentRevisions(name, session: session).json(number) else {
        throw .failure("revision \(number) of \(name) is its removal; it has no definition")
      }
      context.output.out(JSONWriter.pretty(json))
      return
    }
    guard let definition = try session.definition(named: name) else {
      throw session.unknownComponent(name)
    }
    context.output.out(JSONWriter.pretty(definition.json))
  }
}
