internal import CatalogJSON

/// DTCG Resolver module documents (modes and themes): saving, reading, removing.
extension CatalogStore {
  /// Saves a resolver document, in one transaction: creates it, or replaces the document
  /// of that name (one revision more) with its modifier and context rows, and appends the
  /// revision to `resolver_document_revision` (a document removed at revision 4 comes back
  /// at 5, so its history stays one sequence). A document equal to the stored one (its
  /// JSON, source, version and description) is not written again: its revision is returned.
  ///
  /// - Parameters:
  ///   - input: The document and its modifiers.
  ///   - isRevert: Records the revision's change as `revert` (`tokens resolvers --revert`).
  /// - Returns: The document's revision.
  /// - Throws: ``StoreError/invalidName(kind:name:reason:)`` when a new document's name
  ///   cannot be a file name (``TokenSetName/fileNameProblem(in:kind:)``) or differs from
  ///   another document's only in case; ``StoreError/sqlite(code:extendedCode:message:sql:)`` when a constraint
  ///   refuses it (a version other than 2025.10, invalid JSON); ``StoreError/locked(path:)``.
  ///   Nothing is written then.
  @discardableResult
  public func saveResolverDocument(_ input: ResolverDocumentInput, isRevert: Bool = false)
    throws(StoreError) -> Int
  {
    try write { () throws(StoreError) -> Int in
      // Saving what is stored writes no revision (review 23: every re-add of an unchanged
      // file was one), as a token written as it is stored gets none.
      if !isRevert,
        let same = try connection.integer(
          """
          SELECT revision FROM resolver_document
          WHERE name = ? AND document = ? AND source IS ? AND version = ? AND description IS ?
          """,
          [
            .text(input.name), .text(input.document), .string(input.source),
            .text(input.version), .string(input.description),
          ])
      {
        return same
      }
      // After a removal the history goes on from its last revision.
      var revision =
        (try connection.integer(
          "SELECT max(revision) FROM resolver_document_revision WHERE document_name = ?",
          [.text(input.name)]) ?? 0) + 1
      let id: Int
      var change = isRevert ? "revert" : "create"
      if let existing = try connection.integer(
        "SELECT id FROM resolver_document WHERE name = ?", [.text(input.name)])
      {
        revision =
          (try connection.integer(
            "SELECT revision FROM resolver_document WHERE id = ?", [.int(existing)]) ?? 0) + 1
        if !isRevert { change = "update" }
        try connection.execute(
          """
          UPDATE resolver_document SET version = ?, description = ?, document = ?, source = ?, revision = ?,
            updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = ?
          """,
          [
            .text(input.version), .string(input.description), .text(input.document),
            .string(input.source), .int(revision), .int(existing),
          ])
        try connection.execute(
          "DELETE FROM resolver_modifier WHERE resolver_document_id = ?", [.int(existing)])
        id = existing
      } else {
        // A new document's name becomes a file name (`resolvers/NAME.resolver.json`): the
        // file-name rule of token sets, without folders (a stored one keeps its name, so a
        // rename that rewrites it still works).
        if let problem = TokenSetName.fileNameProblem(in: input.name, kind: "a resolver document") {
          throw StoreError.invalidName(
            kind: "resolver document", name: NameText.forTerminal(input.name), reason: problem)
        }
        // Its file (`resolvers/NAME.resolver.json`) must not clash with another document's
        // on a case-insensitive file system (macOS, Windows).
        let lowered = input.name.lowercased()
        if let other = try connection.rows(
          "SELECT name FROM resolver_document", [], { $0.text(0) }
        ).first(where: { $0.lowercased() == lowered }) {
          throw StoreError.invalidName(
            kind: "resolver document", name: NameText.forTerminal(input.name),
            reason:
              "a resolver document '\(NameText.forTerminal(other))' exists, and the name differs from it only in case: their files would be one on a case-insensitive file system (macOS, Windows); use the existing name (--name) or choose another"
          )
        }
        try connection.execute(
          "INSERT INTO resolver_document (name, version, description, document, source, revision) VALUES (?, ?, ?, ?, ?, ?)",
          [
            .text(input.name), .text(input.version), .string(input.description),
            .text(input.document), .string(input.source), .int(revision),
          ])
        id = connection.lastInsertRowID
      }
      for (position, modifier) in input.modifiers.enumerated() {
        try connection.execute(
          "INSERT INTO resolver_modifier (resolver_document_id, name, description, default_context, position) VALUES (?, ?, ?, ?, ?)",
          [
            .int(id), .text(modifier.name), .string(modifier.description),
            .string(modifier.defaultContext), .int(position),
          ])
        let modifierID = connection.lastInsertRowID
        for (i, context) in modifier.contexts.enumerated() {
          try connection.execute(
            "INSERT INTO resolver_context (resolver_modifier_id, name, position, token_count) VALUES (?, ?, ?, ?)",
            [.int(modifierID), .text(context.name), .int(i), .int(context.tokenCount)])
        }
      }
      try Self.insertResolverRevision(
        name: input.name, revision: revision, document: input.document, source: input.source,
        change: change, savedAt: nil, connection: connection)
      return revision
    }
  }

  /// Every stored resolver document, by name.
  /// - Returns: The documents with their modifiers.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func resolverDocuments() throws(StoreError) -> [ResolverDocumentRecord] {
    let documents = try connection.rows(
      "SELECT id, name, version, description, document, source, revision FROM resolver_document ORDER BY name",
      []
    ) { row in
      (
        row.int(0),
        ResolverDocumentInput(
          name: row.text(1), version: row.text(2), description: row.optionalText(3),
          document: row.text(4), source: row.optionalText(5), modifiers: []), row.int(6)
      )
    }
    var out: [ResolverDocumentRecord] = []
    for (id, input, revision) in documents {
      var input = input
      let modifiers = try connection.rows(
        "SELECT id, name, description, default_context FROM resolver_modifier WHERE resolver_document_id = ? ORDER BY position",
        [.int(id)]
      ) { row in
        (
          row.int(0),
          ResolverModifierRecord(
            name: row.text(1), description: row.optionalText(2),
            defaultContext: row.optionalText(3))
        )
      }
      for (modifierID, modifier) in modifiers {
        var m = modifier
        m.contexts = try connection.rows(
          "SELECT name, token_count FROM resolver_context WHERE resolver_modifier_id = ? ORDER BY position",
          [.int(modifierID)]
        ) { row in ResolverContextRecord(name: row.text(0), tokenCount: row.int(1)) }
        input.modifiers.append(m)
      }
      out.append(ResolverDocumentRecord(input: input, revision: revision))
    }
    return out
  }

  /// Removes a resolver document with its modifiers and contexts, keeping its history: a
  /// `remove` revision is appended (``resolverDocumentHistory(named:)``).
  /// - Parameter name: The document's name.
  /// - Returns: The removal's revision.
  /// - Throws: ``StoreError/notFound(kind:name:)`` when there is none of that name.
  @discardableResult
  public func removeResolverDocument(named name: String) throws(StoreError) -> Int {
    try write { () throws(StoreError) -> Int in
      guard
        let revision = try connection.integer(
          "SELECT revision FROM resolver_document WHERE name = ?", [.text(name)])
      else {
        throw StoreError.notFound(kind: "resolver document", name: name)
      }
      let source =
        try connection.rows(
          "SELECT source FROM resolver_document WHERE name = ?", [.text(name)]
        ) { $0.optionalText(0) }.first ?? nil
      try connection.execute("DELETE FROM resolver_document WHERE name = ?", [.text(name)])
      let last =
        try connection.integer(
          "SELECT max(revision) FROM resolver_document_revision WHERE document_name = ?",
          [.text(name)]) ?? 0
      let next = max(revision, last) + 1
      try Self.insertResolverRevision(
        name: name, revision: next, document: nil, source: source, change: "remove",
        savedAt: nil, connection: connection)
      return next
    }
  }

  /// Every saved revision of a resolver document, oldest first, including removals; kept
  /// after the document is removed.
  /// - Parameter name: The document's name.
  /// - Returns: The revisions; empty when no document of that name was ever saved.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func resolverDocumentHistory(named name: String) throws(StoreError)
    -> [ResolverRevisionRecord]
  {
    try connection.rows(
      """
      SELECT revision, document, source, change, saved_at FROM resolver_document_revision
      WHERE document_name = ? ORDER BY revision
      """, [.text(name)]
    ) { row in
      ResolverRevisionRecord(
        revision: row.int(0), document: row.optionalText(1), source: row.optionalText(2),
        change: row.text(3), savedAt: row.text(4))
    }
  }

  /// Appends one revision of a resolver document: the one insert every save, removal and
  /// the migration that created the table (``Migration``) use.
  /// - Parameters:
  ///   - name: The document's name.
  ///   - revision: The revision number.
  ///   - document: The JSON text; nil for a removal.
  ///   - source: The file it came from.
  ///   - change: `create`, `update`, `remove` or `revert`.
  ///   - savedAt: When (UTC, ISO 8601); nil for now.
  ///   - connection: The connection, inside a transaction.
  /// - Throws: ``StoreError`` when SQLite refuses the row.
  static func insertResolverRevision(
    name: String, revision: Int, document: String?, source: String?, change: String,
    savedAt: String?, connection: Connection
  ) throws(StoreError) {
    try connection.execute(
      """
      INSERT INTO resolver_document_revision (document_name, revision, document, source, change, saved_at)
      VALUES (?, ?, ?, ?, ?, coalesce(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))
      """,
      [
        .text(name), .int(revision), .string(document), .string(source), .text(change),
        .string(savedAt),
      ])
  }
}
