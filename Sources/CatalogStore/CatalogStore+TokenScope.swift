import CatalogModel

/// Reads for the incremental dependents check (issue 11; issue 12, point 3): what a change
/// of some tokens can reach, answered from indexed lookups and from the rows that hold
/// references, so that the cost of a check follows the change, not the size of the catalog.
extension CatalogStore {
  /// How many token rows the catalog holds, in every set.
  /// - Returns: The count.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func tokenRowCount() throws(StoreError) -> Int {
    try connection.integer("SELECT count(*) FROM token") ?? 0
  }

  /// Every token row whose `$value` holds a `{…}` reference (an alias, a math operand or a
  /// composite member naming a token), as path and value text: the edges of the token
  /// graph, read without parsing the values of the tokens that refer to nothing.
  ///
  /// - Returns: Path and `$value` JSON text of each such row (a path once per set that
  ///   defines it with a reference).
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func referencingTokenValues() throws(StoreError) -> [(path: String, value: String)] {
    // Values are stored as compact JSON, where an object opens with `{"`; a reference is
    // a `{` followed by anything else (`"{space.sm}"`, `"{a} * 2"`, `"2 + {a}"`), so
    // SQLite skips the literal dimensions, colours and numbers without handing them over.
    // The partial index `token_with_reference` (migration 0003) holds exactly these rows,
    // so the rows of literal tokens are not even visited.
    try connection.rows(Self.referencingTokenValuesSQL, []) {
      (path: $0.text(0), value: $0.text(1))
    }
  }

  /// The query of ``referencingTokenValues()``: its WHERE clause is the partial index's.
  static let referencingTokenValuesSQL =
    "SELECT path, value FROM token WHERE value GLOB '*{[^\"}]*'"

  /// The paths of the tokens stored in sets other than `set`.
  /// - Parameter set: A set's name.
  /// - Returns: The paths (each once).
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func tokenPaths(outsideSet set: String) throws(StoreError) -> Set<String> {
    // The other sets' rows through the (set, path) key's index: the set's own rows are not
    // read (the join filtering on the set's name visited every token row, about 740
    // instructions a row after a 10⁵-token import into its own set; issue 14 point 9).
    Set(
      try connection.rows(
        """
        SELECT path FROM token
        WHERE token_set_id IN (SELECT id FROM token_set WHERE name <> ?)
        """, [.text(Self.normalizedName(set))]
      ) { $0.text(0) })
  }

  /// Whether `set` has the highest precedence of every set (so its tokens win every path
  /// they define, DTCG Resolver §6).
  /// - Parameter set: A set's name.
  /// - Returns: True when it is the last set.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func isTopTokenSet(_ set: String) throws(StoreError) -> Bool {
    try connection.integer(
      """
      SELECT count(*) FROM token_set
      WHERE precedence > (SELECT precedence FROM token_set WHERE name = ?)
      """, [.text(Self.normalizedName(set))]) == 0
  }

  /// Every token row of the given path, in every set, lowest precedence first.
  /// - Parameter path: A token path.
  /// - Returns: The rows.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func tokens(atPath path: String) throws(StoreError) -> [TokenRecord] {
    try connection.rows(
      """
      SELECT s.name, t.path, t.type, t.value, t.resolved_value, t.resolved_points, t.alias_of,
             t.description, t.deprecated, t.extensions, t.revision
      FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
      WHERE t.path = ? ORDER BY s.precedence
      """, [.text(Self.normalizedName(path))], Self.tokenRecordRow)
  }

  /// Every token a stored component names, of every type, without the winning token (the
  /// `component_token` rows; ``tokenUsage(_:)`` joins the token too).
  /// - Returns: Component, token path, JSON path, property and kind of each use.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func componentTokenUses() throws(StoreError) -> [TokenUsageRecord] {
    try connection.rows(
      """
      SELECT c.name, u.token_path, u.json_path, u.property, u.kind
      FROM component_token AS u JOIN component AS c ON c.id = u.component_id
      ORDER BY c.name, u.json_path, u.property
      """, []
    ) {
      TokenUsageRecord(
        component: $0.text(0), tokenPath: $0.text(1), jsonPath: $0.text(2), property: $0.text(3),
        tokenSet: nil, resolvedPoints: nil, kind: TokenUseKind(rawValue: $0.text(4)) ?? .length)
    }
  }

  /// The names of the stored components that instance one of `names` (the
  /// `component_instance` rows, by their index).
  /// - Parameter names: Component names.
  /// - Returns: The instancing components' names, sorted.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func componentsInstancing(_ names: Set<String>) throws(StoreError) -> [String] {
    var found = Set<String>()
    for name in names {
      for user in try connection.rows(
        """
        SELECT DISTINCT c.name FROM component_instance AS i
        JOIN component AS c ON c.id = i.component_id WHERE i.instance_of = ?
        """, [.text(name)], { $0.text(0) })
      {
        found.insert(user)
      }
    }
    return found.sorted()
  }
}
