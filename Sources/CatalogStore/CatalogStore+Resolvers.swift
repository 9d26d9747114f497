internal import CatalogJSON

/// DTCG Resolver module documents (modes and themes): saving, reading, removing.
extension CatalogStore {
  /// Saves a resolver document, in one transaction: creates it, or replaces the document
  /// of that name (one revision more) with its modifier and context rows.
  ///
  /// - Parameter input: The document and its modifiers.
  /// - Returns: The document's revision.
  /// - Throws: ``StoreError/invalidName(kind:name:reason:)`` when a new document's name
  ///   cannot be a file name (``TokenSetName/fileNameProblem(in:kind:)``) or differs from
  ///   another document's only in case; ``StoreError/sqlite(code:extendedCode:message:sql:)`` when a constraint
  ///   refuses it (a version other than 2025.10, invalid JSON); ``StoreError/locked(path:)``.
  ///   Nothing is written then.
  @discardableResult
  public func saveResolverDocument(_ input: ResolverDocumentInput) throws(StoreError) -> Int {
    try write { () throws(StoreError) -> Int in
      var revision = 1
      let id: Int
      if let existing = try connection.integer(
        "SELECT id FROM resolver_document WHERE name = ?", [.text(input.name)])
      {
        revision =
          (try connection.integer(
            "SELECT revision FROM resolver_document WHERE id = ?", [.int(existing)]) ?? 0) + 1
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
          "INSERT INTO resolver_document (name, version, description, document, source) VALUES (?, ?, ?, ?, ?)",
          [
            .text(input.name), .text(input.version), .string(input.description),
            .text(input.document), .string(input.source),
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

  /// Removes a resolver document with its modifiers and contexts.
  /// - Parameter name: The document's name.
  /// - Throws: ``StoreError/notFound(kind:name:)`` when there is none of that name.
  public func removeResolverDocument(named name: String) throws(StoreError) {
    try write { () throws(StoreError) in
      guard
        try connection.integer("SELECT id FROM resolver_document WHERE name = ?", [.text(name)])
          != nil
      else {
        throw StoreError.notFound(kind: "resolver document", name: name)
      }
      try connection.execute("DELETE FROM resolver_document WHERE name = ?", [.text(name)])
    }
  }
}
