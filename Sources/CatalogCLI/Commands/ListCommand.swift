import CatalogModel
import CatalogService

/// `catalog list`: the stored components with their parameters and variants.
enum ListCommand: ParsedCommand {
  static let spec = CommandSpec(
    name: "list", abstract: "List the stored components.",
    flags: [.jsonTable])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let records: [StoredComponent]
    do { records = try session.service.components() } catch { throw .failure("\(error)") }
    var rows: [(StoredComponent, ComponentDefinition?)] = []
    for r in records {
      rows.append((r, try? DefinitionParser.parse(r.definition, file: "catalog:\(r.name)")))
    }
    if parsed.flag(.json) {
      let array: [JSONValue] = rows.map { record, definition in
        .object(
          JSONObject([
            ("name", .string(record.name)),
            ("description", record.description.map { .string($0) } ?? .null),
            ("revision", .number(Double(record.revision))),
            ("parameters", .array((definition?.parameters ?? []).map { .string($0.summary) })),
            ("variants", .array((definition?.variants ?? []).map { .string($0.name) })),
          ]))
      }
      context.output.out(JSONWriter.pretty(.array(array)))
      return
    }
    if rows.isEmpty {
      context.output.err("The catalog has no components; add some with 'catalog add FILE…'.\n")
      return
    }
    let nameWidth = max(4, rows.map { $0.0.name.count }.max() ?? 0)
    context.output.out("NAME".padding(nameWidth) + "  REV  PARAMETERS\n")
    for (record, definition) in rows {
      var params = (definition?.parameters ?? []).map(\.summary).joined(separator: ", ")
      if let v = definition?.variants, !v.isEmpty {
        params +=
          (params.isEmpty ? "" : "; ") + "variants: " + v.map(\.name).joined(separator: ", ")
      }
      context.output.out(
        record.name.padding(nameWidth) + "  " + String(record.revision).padding(3) + "  " + params
          + "\n")
    }
  }
}

extension String {
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
