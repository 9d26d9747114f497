/// Components: reading, saving with revision checks, removing, history.
extension CatalogStore {
  private static let componentColumns =
    "name, description, definition, revision, created_at, updated_at"

  private static func componentRecord(_ row: Statement) -> ComponentRecord {
    ComponentRecord(
      name: row.text(0), description: row.optionalText(1), definition: row.text(2),
      revision: row.int(3), createdAt: row.text(4), updatedAt: row.text(5))
  }

  /// The component named `name`.
  ///
  /// - Parameter name: The component's name (case-sensitive).
  /// - Returns: The component, or `nil` when there is none of that name.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func component(named name: String) throws(StoreError) -> ComponentRecord? {
    try connection.rows(
      "SELECT \(Self.componentColumns) FROM component WHERE name = ?", [.text(name)],
      Self.componentRecord
    ).first
  }

  /// Every component, sorted by name (SQLite's binary order: upper case first).
  ///
  /// - Returns: The components.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func components() throws(StoreError) -> [ComponentRecord] {
    try connection.rows(
      "SELECT \(Self.componentColumns) FROM component ORDER BY name", [], Self.componentRecord)
  }

  /// Saves a new revision of a component, in one transaction.
  ///
  /// Inserts or updates the `component` row, replaces its `component_parameter`,
  /// `component_variant`, `component_length`, `component_token` and `component_instance` rows with those of
  /// `input`, and appends a `component_revision` row. If any of it fails (a CHECK
  /// constraint, say) nothing is written.
  ///
  /// `expectedRevision` is the revision the change was made from, so that two writers
  /// never silently overwrite each other:
  /// - `0` or `nil`: create; the component must not exist.
  /// - `n` (1 or more): update; the component must be at revision `n`.
  ///
  /// There is no "save whatever is there" mode: read the component first and pass its
  /// revision (`try store.component(named: name)?.revision` is `nil` when it is new).
  ///
  /// Revision numbers go on across a removal: a component created again after being
  /// removed at revision 4 starts at 5, so its history stays one sequence.
  ///
  /// - Parameters:
  ///   - input: The definition and the rows derived from it.
  ///   - expectedRevision: The revision the change was made from; `0` or `nil` to create.
  ///   - isRevert: Records the revision's change as `revert` instead of `update` (for
  ///     `catalog revert`, which saves an older definition again).
  /// - Returns: The new revision number.
  /// - Throws: ``StoreError/alreadyExists(kind:name:)`` when creating a component that
  ///   exists; ``StoreError/conflict(name:expected:actual:)`` when it is not at
  ///   `expectedRevision`; ``StoreError/sqlite(code:extendedCode:message:sql:)`` when a
  ///   constraint refuses the input (bad name, invalid JSON, inconsistent length);
  ///   ``StoreError/locked(path:)``; ``StoreError/readOnly(path:)``.
  @discardableResult
  public func saveComponent(
    _ input: ComponentInput, expectedRevision: Int?, isRevert: Bool = false
  ) throws(StoreError) -> Int {
    try write { () throws(StoreError) -> Int in
      let current = try connection.rows(
        "SELECT id, revision FROM component WHERE name = ?", [.text(input.name)]
      ) { ($0.int(0), $0.int(1)) }.first
      let expected = expectedRevision ?? 0
      switch (current, expected) {
      case (.some, 0):
        throw StoreError.alreadyExists(kind: "component", name: input.name)
      case (.none, let expected) where expected != 0:
        throw StoreError.conflict(name: input.name, expected: expected, actual: 0)
      case (.some(let (_, revision)), let expected) where revision != expected:
        throw StoreError.conflict(name: input.name, expected: expected, actual: revision)
      default:
        break
      }
      let newRevision = try nextComponentRevision(input.name, current: current?.1 ?? 0)

      let id: Int
      if let (existingID, _) = current {
        id = existingID
        try connection.execute(
          """
          UPDATE component
          SET description = ?, definition = ?, revision = ?,
              updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = ?
          """,
          [.string(input.description), .text(input.definition), .int(newRevision), .int(id)])
        for table in [
          "component_parameter", "component_variant", "component_length", "component_token",
          "component_instance",
        ] {
          try connection.execute("DELETE FROM \(table) WHERE component_id = ?", [.int(id)])
        }
      } else {
        try connection.execute(
          "INSERT INTO component (name, description, definition, revision) VALUES (?, ?, ?, ?)",
          [
            .text(input.name), .string(input.description), .text(input.definition),
            .int(newRevision),
          ])
        id = connection.lastInsertRowID
      }
      try insertRows(of: input, componentID: id)

      let change = current == nil ? "create" : (isRevert ? "revert" : "update")
      try connection.execute(
        """
        INSERT INTO component_revision (component_name, revision, definition, change)
        VALUES (?, ?, ?, ?)
        """, [.text(input.name), .int(newRevision), .text(input.definition), .text(change)])
      return newRevision
    }
  }

  /// Removes a component, keeping its history.
  ///
  /// Appends a `component_revision` row with change `remove` and deletes the component
  /// with its parameter, variant, length and instance rows, in one transaction.
  ///
  /// - Parameters:
  ///   - name: The component to remove.
  ///   - force: Removes it even when other components use it (their instances then name
  ///     a missing component).
  /// - Throws: ``StoreError/notFound(kind:name:)`` when there is no such component;
  ///   ``StoreError/inUse(name:by:)`` when other components use it and `force` is
  ///   `false`; ``StoreError/locked(path:)``; ``StoreError/readOnly(path:)``;
  ///   ``StoreError/sqlite(code:extendedCode:message:sql:)`` for other SQLite errors.
  public func removeComponent(named name: String, force: Bool = false) throws(StoreError) {
    try write { () throws(StoreError) in
      guard
        let (id, revision) = try connection.rows(
          "SELECT id, revision FROM component WHERE name = ?", [.text(name)],
          { ($0.int(0), $0.int(1)) }
        ).first
      else {
        throw StoreError.notFound(kind: "component", name: name)
      }
      let users = try connection.rows(
        """
        SELECT DISTINCT c.name FROM component_instance AS i
        JOIN component AS c ON c.id = i.component_id
        WHERE i.instance_of = ? AND c.id <> ?
        ORDER BY c.name
        """, [.text(name), .int(id)]
      ) { $0.text(0) }
      if !users.isEmpty, !force {
        throw StoreError.inUse(name: name, by: users)
      }
      let newRevision = try nextComponentRevision(name, current: revision)
      try connection.execute(
        """
        INSERT INTO component_revision (component_name, revision, definition, change)
        VALUES (?, ?, NULL, 'remove')
        """, [.text(name), .int(newRevision)])
      try connection.execute("DELETE FROM component WHERE id = ?", [.int(id)])
    }
  }

  /// Every saved revision of a component, oldest first, including removals.
  ///
  /// The history outlives the component: it is there after a removal.
  ///
  /// - Parameter name: The component's name.
  /// - Returns: The revisions, by revision number.
  /// - Throws: ``StoreError/notFound(kind:name:)`` when no component of that name was
  ///   ever saved; ``StoreError`` when SQLite reports an error.
  public func componentHistory(named name: String) throws(StoreError) -> [RevisionRecord] {
    let revisions = try connection.rows(
      """
      SELECT revision, definition, change, saved_at FROM component_revision
      WHERE component_name = ? ORDER BY revision
      """, [.text(name)]
    ) { row in
      RevisionRecord(
        revision: row.int(0), definition: row.optionalText(1), change: row.text(2),
        savedAt: row.text(3))
    }
    guard !revisions.isEmpty else { throw StoreError.notFound(kind: "component", name: name) }
    return revisions
  }

  // MARK: - Helpers

  /// One more than the highest revision the component has had, counting its history.
  private func nextComponentRevision(_ name: String, current: Int) throws(StoreError) -> Int {
    let recorded = try connection.integer(
      "SELECT max(revision) FROM component_revision WHERE component_name = ?", [.text(name)])
    return max(current, recorded ?? 0) + 1
  }

  private func insertRows(of input: ComponentInput, componentID id: Int) throws(StoreError) {
    let parameter = try connection.prepare(
      """
      INSERT INTO component_parameter
        (component_id, position, name, type, default_value, is_optional)
      VALUES (?, ?, ?, ?, ?, ?)
      """)
    for (position, p) in input.parameters.enumerated() {
      try parameter.run([
        .int(id), .int(position), .text(p.name), .text(p.type), .string(p.defaultValue),
        .bool(p.isOptional),
      ])
    }
    let variant = try connection.prepare(
      "INSERT INTO component_variant (component_id, position, name, arguments) VALUES (?, ?, ?, ?)")
    for (position, v) in input.variants.enumerated() {
      try variant.run([.int(id), .int(position), .text(v.name), .text(v.arguments)])
    }
    let length = try connection.prepare(
      """
      INSERT INTO component_length
        (component_id, json_path, property, source, literal_points, token_path, parameter)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """)
    for l in input.lengths {
      try length.run([
        .int(id), .text(l.jsonPath), .text(l.property), .text(l.source.rawValue),
        .double(l.literalPoints), .string(l.tokenPath), .string(l.parameter),
      ])
    }
    try Self.insertTokenRows(input.tokens, componentID: id, connection: connection)
    let instance = try connection.prepare(
      "INSERT INTO component_instance (component_id, json_path, instance_of) VALUES (?, ?, ?)")
    for i in input.instances {
      try instance.run([.int(id), .text(i.jsonPath), .text(i.instanceOf)])
    }
  }

  /// Inserts a component's `component_token` rows (every save, and migration 0006 for the
  /// components stored before it).
  static func insertTokenRows(
    _ tokens: [TokenUseRecord], componentID id: Int, connection: Connection
  ) throws(StoreError) {
    guard !tokens.isEmpty else { return }
    let token = try connection.prepare(
      """
      INSERT INTO component_token (component_id, json_path, property, token_path, kind)
      VALUES (?, ?, ?, ?, ?)
      """)
    for t in tokens {
      try token.run([
        .int(id), .text(t.jsonPath), .text(t.property), .text(t.tokenPath), .text(t.kind.rawValue),
      ])
    }
  }
}

extension CatalogStore {
  /// Replaces the `component_token` rows of a stored component (its instances' arguments
  /// take their kinds from the components they instance, which a later change can alter).
  /// - Parameters:
  ///   - tokens: The rows (``TokenUseRecord/records(of:components:)``).
  ///   - name: The component's name.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func replaceTokenRows(_ tokens: [TokenUseRecord], ofComponent name: String)
    throws(StoreError)
  {
    guard
      let id = try connection.rows(
        "SELECT id FROM component WHERE name = ?", [.text(name)], { $0.int(0) }
      ).first
    else { return }
    try connection.execute("DELETE FROM component_token WHERE component_id = ?", [.int(id)])
    try Self.insertTokenRows(tokens, componentID: id, connection: connection)
  }
}
