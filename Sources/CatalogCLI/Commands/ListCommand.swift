import CatalogModel
import CatalogService

/// `catalog list`: the stored components with their parameters and variants.
enum ListCommand: ParsedCommand {
  static let spec = CommandSpec(
    name: "list", abstract: "List the stored components.",
    flags: [.jsonTable])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    // The summaries come from the rows derived from each definition: no definition is
    // parsed (issue 17, point 4).
    let rows: [ComponentSummary]
    do { rows = try session.service.componentSummaries() } catch { throw .failure("\(error)") }
    context.output.listing(
      rows, json: parsed.flag(.json),
      whenEmpty: "The catalog has no components; add some with 'catalog add FILE…'.",
      object: { record in
        JSONObject([
          ("name", .string(record.name)),
          ("description", record.description.map { .string($0) } ?? .null),
          ("revision", .number(Double(record.revision))),
          ("parameters", .array((record.parameters ?? []).map { .string($0.summary) })),
          ("variants", .array(record.variantNames.map { .string($0) })),
        ])
      }, table: { rows in Self.table(rows, context.output) })
  }

  /// Prints the components as a table: name, revision, parameters and variants.
  /// - Parameters:
  ///   - rows: The components (at least one).
  ///   - output: Where to print.
  static func table(_ rows: [ComponentSummary], _ output: Output) {
    let nameWidth = max(4, rows.map { $0.name.count }.max() ?? 0)
    output.out("NAME".padding(nameWidth) + "  REV  PARAMETERS\n")
    for record in rows {
      var params = (record.parameters ?? []).map(\.summary).joined(separator: ", ")
      if !record.variantNames.isEmpty {
        params +=
          (params.isEmpty ? "" : "; ") + "variants: "
          + record.variantNames.joined(separator: ", ")
      }
      output.out(
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
