import CatalogModel
import CatalogService

/// `catalog revert NAME N`: saves revision N's definition again as a new revision whose
/// change is `revert`; the history is kept whole (nothing is deleted or rewritten).
///
/// The old definition is checked against the catalog as `add` checks a file (its tokens
/// and the components it uses must exist), so a revert cannot store a definition that no
/// longer resolves. A removed component can be brought back this way.
enum RevertCommand: ParsedCommand {
  /// The `REVISION` argument.
  static let revision = CommandSpec.Argument(name: "revision", help: "The revision to go back to.")
  static let spec = CommandSpec(
    name: "revert", abstract: "Save an older revision of a component again, as a new revision.",
    discussion: """
      The history is kept: the revert is a new revision (change 'revert'). See 'catalog history \
      NAME' for the revision numbers.
      """,
    arguments: [
      .componentName,
      revision,
    ],
    flags: [
      .force.withHelp("Save even when the older definition breaks components that use this one.")
    ] + WarningPrinter.flags)

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let number = try ComponentRevisions.number(parsed.argument(Self.revision), command: ["revert"])
    let session = try context.openCatalog(parsed)
    let history = try ComponentRevisions(parsed.argument(.componentName), session: session)
    let name = history.name
    _ = try history.definition(number)
    let result: ChangeResult
    do {
      result = try session.apply(
        [.revertComponent(name: name, revision: number)],
        options: ChangeOptions(force: parsed.flag(.force)))
    } catch {
      switch error {
      case .invalid(let problems):
        throw .failure(
          "revision \(number) of \(name) cannot be saved again as the catalog is now:\n  "
            + BoundedList.lines(problems.map(\.description), noun: "problem").joined(
              separator: "\n  "))
      case .breaksDependents(let problems):
        throw .failure(
          "saving revision \(number) of \(name) again would break the components that use it; nothing was saved (pass --force to save anyway):\n  "
            + BoundedList.lines(problems.map(\.description), noun: "problem").joined(
              separator: "\n  "))
      default:
        throw CommandError(error)
      }
    }
    WarningPrinter.print(result.warnings.map(\.description), parsed, context)
    for event in result.events {
      if case .componentUnchanged(_, let current) = event {
        context.output.out(
          "\(name) is already as in revision \(number) (it is at revision \(current)); nothing was saved\n"
        )
      } else {
        context.output.out(ChangeReport.line(event) + "\n")
      }
    }
  }
}
