/// Component summaries for `catalog list`, read from the rows derived from each definition.
extension CatalogStore {
  /// Every component with its parameters and variant names, sorted by name (SQLite's binary
  /// order, as ``components()``), read from `component`, `component_parameter` and
  /// `component_variant` without the definitions (issue 17, point 4: `list` need not parse
  /// every stored definition; the rows are written from the parsed definition in the same
  /// transaction as it, see ``saveComponent(_:expectedRevision:isRevert:)``).
  ///
  /// - Returns: The summaries.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func componentSummaries() throws(StoreError) -> [ComponentSummaryRecord] {
    var summaries = try connection.rows(
      "SELECT name, description, revision FROM component ORDER BY name", []
    ) { row in
      ComponentSummaryRecord(
        name: row.text(0), description: row.optionalText(1), revision: row.int(2),
        parameters: [], variantNames: [])
    }
    // Both lists are in the components' order, so one walk over each fills them in.
    let parameters = try connection.rows(
      """
      SELECT c.name, p.name, p.type, p.default_value, p.is_optional
      FROM component_parameter AS p JOIN component AS c ON c.id = p.component_id
      ORDER BY c.name, p.position
      """, []
    ) { row in
      (
        component: row.text(0),
        record: ParameterRecord(
          name: row.text(1), type: row.text(2), defaultValue: row.optionalText(3),
          isOptional: row.int(4) != 0)
      )
    }
    var index = 0
    for (component, record) in parameters {
      while index < summaries.count, summaries[index].name != component { index += 1 }
      guard index < summaries.count else { break }
      summaries[index].parameters.append(record)
    }
    let variants = try connection.rows(
      """
      SELECT c.name, v.name
      FROM component_variant AS v JOIN component AS c ON c.id = v.component_id
      ORDER BY c.name, v.position
      """, []
    ) { row in (component: row.text(0), name: row.text(1)) }
    index = 0
    for (component, name) in variants {
      while index < summaries.count, summaries[index].name != component { index += 1 }
      guard index < summaries.count else { break }
      summaries[index].variantNames.append(name)
    }
    return summaries
  }
}
