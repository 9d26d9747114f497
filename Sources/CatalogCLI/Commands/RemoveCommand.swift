import CatalogStore

/// `catalog remove NAME`: deletes a component (its history is kept).
enum RemoveCommand: Subcommand {
  static let spec = CommandSpec(
    name: "remove", abstract: "Remove a component; refused while other components use it.",
    arguments: [.init(name: "name", help: "The component's name.")],
    flags: [.init(name: "force", help: "Remove it even when other components use it.")])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: spec, path: ["remove"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let name = parsed.positionals[0]
    do {
      try session.store.removeComponent(named: name, force: parsed.flag("force"))
    } catch {
      throw .failure("\(error)")
    }
    context.output.out("Removed \(name)\n")
  }
}
