import CatalogModel
import CatalogStore

/// `catalog revert NAME N`: saves revision N's definition again as a new revision whose
/// change is `revert`; the history is kept whole (nothing is deleted or rewritten).
///
/// The old definition is checked against the catalog as `add` checks a file (its tokens
/// and the components it uses must exist), so a revert cannot store a definition that no
/// longer resolves. A removed component can be brought back this way.
enum RevertCommand: Subcommand {
  static let spec = CommandSpec(
    name: "revert", abstract: "Save an older revision of a component again, as a new revision.",
    discussion: "The history is kept: the revert is a new revision (change 'revert'). See 'catalog history NAME' for the revision numbers.",
    arguments: [
      .init(name: "name", help: "The component's name."),
      .init(name: "revision", help: "The revision to go back to."),
    ])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: spec, path: ["revert"])
    let number = try ComponentRevisions.number(parsed.positionals[1], command: ["revert"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let history = try ComponentRevisions(parsed.positionals[0], session: session)
    let name = history.name
    let definition = try history.definition(number)
    let current: ComponentRecord?
    do { current = try session.store.component(named: name) } catch { throw .failure("\(error)") }
    if let current, current.definition == JSONWriter.compact(definition.json) {
      context.output.out("\(name) is already as in revision \(number) (it is at revision \(current.revision)); nothing was saved\n")
      return
    }
    let problems: [String]
    do {
      problems = try DefinitionChecker(session: session, batch: [definition]).problems(in: definition)
    } catch {
      throw .failure("\(error)")
    }
    if !problems.isEmpty {
      throw .failure("revision \(number) of \(name) cannot be saved again as the catalog is now:\n  " + problems.joined(separator: "\n  "))
    }
    do {
      let revision = try session.store.revertComponent(CatalogSession.input(for: definition), expectedRevision: current?.revision ?? 0)
      context.output.out("Reverted \(name) to revision \(number) (saved as revision \(revision))\n")
    } catch {
      throw .failure("\(error); nothing was saved")
    }
  }
}
