import CatalogModel
import CatalogService

/// `catalog history NAME`: every saved revision of a component, oldest first, with what
/// changed in each (the number of structural changes from the revision before).
enum HistoryCommand: ParsedCommand {
  static let spec = CommandSpec(
    name: "history", abstract: "List a component's saved revisions.",
    discussion: """
      Each revision shows its change (create, update, revert, remove), when it was saved (UTC) and \
      how many JSON paths changed from the revision before. 'catalog show NAME --revision N' \
      prints one, 'catalog diff NAME A B' compares two, 'catalog revert NAME N' saves one again.
      """,
    arguments: [.componentName],
    flags: [.json])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let history = try ComponentRevisions(parsed.argument(.componentName), session: session)
    var previous: JSONValue?
    var rows: [(record: StoredRevision, changes: Int?)] = []
    for record in history.revisions {
      let json = try history.json(record.revision)
      var count: Int?
      if let json {
        count = JSONDiff.changes(from: previous ?? .object(JSONObject()), to: json).count
      }
      rows.append((record, record.change == "create" || record.change == "remove" ? nil : count))
      previous = json
    }
    if parsed.flag(.json) {
      let array: [JSONValue] = rows.map { row in
        .object(
          JSONObject([
            ("revision", .number(Double(row.record.revision))),
            ("change", .string(row.record.change)),
            ("savedAt", .string(row.record.savedAt)),
            ("changedPaths", row.changes.map { .number(Double($0)) } ?? .null),
            (
              "current",
              .bool(
                row.record.revision == history.latest?.revision && row.record.change != "remove")
            ),
          ]))
      }
      context.output.out(
        JSONWriter.pretty(
          .object(JSONObject([("component", .string(history.name)), ("revisions", .array(array))])))
      )
      return
    }
    context.output.out("revision  change  saved at (UTC)            changes\n")
    for row in rows {
      let number = "\(row.record.revision)".padding(8)
      let change = row.record.change.padding(6)
      var note = row.changes.map { "\(Plural.count($0, "path"))" } ?? "-"
      if row.record.revision == history.latest?.revision, row.record.change != "remove" {
        note += "  (current)"
      }
      context.output.out("\(number)  \(change)  \(row.record.savedAt.padding(24))  \(note)\n")
    }
  }
}
