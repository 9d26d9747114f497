extension CatalogStore {
  /// The components that instance `name` directly, by name (the `component_instance`
  /// rows, through their `instance_of` index; a component's own recursive use left out).
  ///
  /// - Parameter name: A component's name.
  /// - Returns: The names of its users, sorted.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func users(ofComponent name: String) throws(StoreError) -> [String] {
    try connection.rows(
      """
      SELECT DISTINCT c.name FROM component_instance AS i
      JOIN component AS c ON c.id = i.component_id
      WHERE i.instance_of = ? AND c.name <> ?
      ORDER BY c.name
      """, [.text(name), .text(name)]
    ) { $0.text(0) }
  }
}
