internal import CatalogJSON
import CatalogModel

/// Token sets' order, single-token edits (remove, rename), history and usage.
extension CatalogStore {
  /// Moves a token set to a new place in the precedence order, in one transaction.
  ///
  /// - Parameters:
  ///   - name: The set to move.
  ///   - position: Its new place, from 0 (lowest precedence: every other set wins over it)
  ///     to the number of sets − 1 (highest: it wins). Out-of-range values are clamped.
  /// - Returns: The set names, lowest precedence first.
  /// - Throws: ``StoreError/notFound(kind:name:)`` when there is no such set.
  @discardableResult
  public func moveTokenSet(_ name: String, to position: Int) throws(StoreError) -> [String] {
    try write { () throws(StoreError) -> [String] in
      var names = try connection.rows("SELECT name FROM token_set ORDER BY precedence", []) {
        $0.text(0)
      }
      guard let index = names.firstIndex(of: name) else {
        throw StoreError.notFound(kind: "token set", name: name)
      }
      names.remove(at: index)
      names.insert(name, at: max(0, min(position, names.count)))
      // Two steps, so the UNIQUE precedence never sees a duplicate.
      try connection.execute("UPDATE token_set SET precedence = -precedence - 1000000")
      for (i, n) in names.enumerated() {
        try connection.execute(
          "UPDATE token_set SET precedence = ? WHERE name = ?", [.int(i + 1), .text(n)])
      }
      return names
    }
  }

  /// Removes a token set and every token in it, in one transaction: each token gets a
  /// `remove` revision (its history is kept, as ``removeToken(_:inSet:)`` keeps it), and the
  /// sets above it move down one place so the precedence stays 1…count.
  ///
  /// - Parameter name: The set's name.
  /// - Returns: The paths of the tokens it held, in path order.
  /// - Throws: ``StoreError/notFound(kind:name:)`` when there is no such set.
  @discardableResult
  public func removeTokenSet(_ name: String) throws(StoreError) -> [String] {
    let name = Self.normalizedName(name)
    return try write { () throws(StoreError) -> [String] in
      guard
        let id = try connection.integer("SELECT id FROM token_set WHERE name = ?", [.text(name)])
      else { throw StoreError.notFound(kind: "token set", name: name) }
      let rows = try connection.rows(
        "SELECT path, revision FROM token WHERE token_set_id = ? ORDER BY path", [.int(id)]
      ) { ($0.text(0), $0.int(1)) }
      for (path, revision) in rows {
        try connection.execute(
          "INSERT INTO token_revision (token_set_name, path, revision, value, change) VALUES (?, ?, ?, NULL, 'remove')",
          [.text(name), .text(path), .int(revision + 1)])
      }
      // The tokens go with their set (ON DELETE CASCADE).
      try connection.execute("DELETE FROM token WHERE token_set_id = ?", [.int(id)])
      try connection.execute("DELETE FROM token_set WHERE id = ?", [.int(id)])
      let names = try connection.rows("SELECT name FROM token_set ORDER BY precedence", []) {
        $0.text(0)
      }
      // Two steps, so the UNIQUE precedence never sees a duplicate.
      try connection.execute("UPDATE token_set SET precedence = -precedence - 1000000")
      for (i, n) in names.enumerated() {
        try connection.execute(
          "UPDATE token_set SET precedence = ? WHERE name = ?", [.int(i + 1), .text(n)])
      }
      return rows.map(\.0)
    }
  }

  /// Renames a token set, keeping its place in the precedence order, its tokens and its
  /// history (the revisions move to the new name), in one transaction.
  ///
  /// - Parameters:
  ///   - name: The set's name.
  ///   - newName: Its new name (``TokenSetName/problem(in:)`` must accept it).
  /// - Throws: ``StoreError/notFound(kind:name:)`` when there is no such set;
  ///   ``StoreError/alreadyExists(kind:name:)`` when `newName` is taken;
  ///   ``StoreError/invalidName(kind:name:reason:)`` for a name the rule refuses.
  public func renameTokenSet(_ name: String, to newName: String) throws(StoreError) {
    let name = Self.normalizedName(name)
    let newName = Self.normalizedName(newName)
    if let problem = TokenSetName.problem(in: newName) {
      throw StoreError.invalidName(
        kind: "token set", name: NameText.forTerminal(newName), reason: problem)
    }
    try write { () throws(StoreError) -> Void in
      guard
        try connection.integer("SELECT id FROM token_set WHERE name = ?", [.text(name)]) != nil
      else { throw StoreError.notFound(kind: "token set", name: name) }
      guard
        try connection.integer("SELECT id FROM token_set WHERE name = ?", [.text(newName)]) == nil
      else { throw StoreError.alreadyExists(kind: "token set", name: newName) }
      // Renaming `b` to `B` is a change of case of the set itself, not a clash.
      if let problem = TokenSetName.problem(
        in: newName,
        existing: try connection.rows(
          "SELECT name FROM token_set WHERE name <> ?", [.text(name)], { $0.text(0) }))
      {
        throw StoreError.invalidName(
          kind: "token set", name: NameText.forTerminal(newName), reason: problem)
      }
      try connection.execute(
        "UPDATE token_set SET name = ? WHERE name = ?", [.text(newName), .text(name)])
      try connection.execute(
        "UPDATE token_revision SET token_set_name = ? WHERE token_set_name = ?",
        [.text(newName), .text(name)])
    }
  }

  /// Removes a token from a set, keeping a `remove` revision.
  ///
  /// - Parameters:
  ///   - path: The token path.
  ///   - set: The set, or nil for every set that has the token.
  /// - Returns: The sets it was removed from.
  /// - Throws: ``StoreError/notFound(kind:name:)`` when no set (or not `set`) has it.
  @discardableResult
  public func removeToken(_ path: String, inSet set: String?) throws(StoreError) -> [String] {
    let path = Self.normalizedName(path)
    let set = set.map(Self.normalizedName)
    return try write { () throws(StoreError) -> [String] in
      let rows = try connection.rows(
        """
        SELECT t.id, s.name, t.revision FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
        WHERE t.path = ? AND (? IS NULL OR s.name = ?) ORDER BY s.precedence
        """, [.text(path), .string(set), .string(set)]
      ) { ($0.int(0), $0.text(1), $0.int(2)) }
      guard !rows.isEmpty else {
        // "there is no token in set 'S' named 'P'": the set inside the kind keeps the quotes
        // around the name alone.
        throw StoreError.notFound(kind: set.map { "token in set '\($0)'" } ?? "token", name: path)
      }
      for (id, setName, revision) in rows {
        try connection.execute("DELETE FROM token WHERE id = ?", [.int(id)])
        try connection.execute(
          "INSERT INTO token_revision (token_set_name, path, revision, value, change) VALUES (?, ?, ?, NULL, 'remove')",
          [.text(setName), .text(path), .int(revision + 1)])
      }
      return rows.map(\.1)
    }
  }

  /// Renames a token in every set that has it and rewrites every alias to it
  /// (`{old}` → `{new}`) in other tokens' values, in one transaction; each changed token
  /// gets a revision (the old path a `remove`, the new one a `create`).
  ///
  /// Components are not touched here: the caller saves their new revisions inside the same
  /// ``inTransaction(_:)``.
  ///
  /// - Parameters:
  ///   - old: The current path.
  ///   - new: The new path.
  /// - Returns: How many tokens were renamed and how many values were rewritten.
  /// - Throws: ``StoreError/notFound(kind:name:)`` when no set has `old`;
  ///   ``StoreError/alreadyExists(kind:name:)`` when a set that has `old` has `new` too.
  @discardableResult
  public func renameToken(_ old: String, to new: String) throws(StoreError) -> (
    renamed: Int, rewritten: Int
  ) {
    let old = Self.normalizedName(old)
    let new = Self.normalizedName(new)
    return try write { () throws(StoreError) -> (renamed: Int, rewritten: Int) in
      let rows = try connection.rows(
        "SELECT t.id, s.name, t.value, s.id FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id WHERE t.path = ?",
        [.text(old)]
      ) { ($0.int(0), $0.text(1), $0.text(2), $0.int(3)) }
      guard !rows.isEmpty else { throw StoreError.notFound(kind: "token", name: old) }
      for (id, setName, value, setID) in rows {
        if try connection.integer(
          "SELECT id FROM token WHERE token_set_id = ? AND path = ?", [.int(setID), .text(new)])
          != nil
        {
          throw StoreError.alreadyExists(kind: "token in set '\(setName)'", name: new)
        }
        let oldRevision =
          try connection.integer(
            "SELECT max(revision) FROM token_revision WHERE token_set_name = ? AND path = ?",
            [.text(setName), .text(old)]) ?? 0
        let newRevision =
          (try connection.integer(
            "SELECT max(revision) FROM token_revision WHERE token_set_name = ? AND path = ?",
            [.text(setName), .text(new)]) ?? 0) + 1
        try connection.execute(
          "UPDATE token SET path = ?, revision = ? WHERE id = ?",
          [.text(new), .int(newRevision), .int(id)])
        try connection.execute(
          "INSERT INTO token_revision (token_set_name, path, revision, value, change) VALUES (?, ?, ?, NULL, 'remove')",
          [.text(setName), .text(old), .int(oldRevision + 1)])
        try connection.execute(
          "INSERT INTO token_revision (token_set_name, path, revision, value, change) VALUES (?, ?, ?, ?, 'create')",
          [.text(setName), .text(new), .int(newRevision), .text(value)])
      }
      // Aliases in other tokens' values: `{old}` and `{old.$root}`.
      let pattern = "%{\(old)}%"
      let rootPattern = "%{\(old).$root}%"
      let referring = try connection.rows(
        "SELECT t.id, s.name, t.path, t.value, t.revision, t.alias_of FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id WHERE t.value LIKE ? ESCAPE '\\' OR t.value LIKE ? ESCAPE '\\'",
        [
          .text(pattern.replacingPercentAndUnderscore),
          .text(rootPattern.replacingPercentAndUnderscore),
        ]
      ) { ($0.int(0), $0.text(1), $0.text(2), $0.text(3), $0.int(4), $0.optionalText(5)) }
      var rewritten = 0
      for (id, setName, path, value, revision, aliasOf) in referring {
        // `{old.$root}` names the same token (Format §6.2); the new path is never a group
        // (the caller refuses that), so it is written `{new}`.
        let updated = value.replacingEvery("{\(old)}", with: "{\(new)}")
          .replacingEvery("{\(old).$root}", with: "{\(new)}")
        guard updated != value else { continue }
        try connection.execute(
          "UPDATE token SET value = ?, alias_of = ?, revision = ? WHERE id = ?",
          [.text(updated), .string(aliasOf == old ? new : aliasOf), .int(revision + 1), .int(id)])
        try connection.execute(
          "INSERT INTO token_revision (token_set_name, path, revision, value, change) VALUES (?, ?, ?, ?, 'update')",
          [.text(setName), .text(path), .int(revision + 1), .text(updated)])
        rewritten += 1
      }
      return (rows.count, rewritten)
    }
  }

  /// The stored tokens whose path collides with `path`: the same path, a path below it
  /// (`path` would be a group: `space` for `space.md`), or one of its ancestors (`path`
  /// would be inside a token), with the set of each, except the tokens at `excluding`.
  /// Indexed lookups: a range scan of the path index and one lookup per ancestor.
  ///
  /// - Parameters:
  ///   - path: A token path (normalised here).
  ///   - excluding: A path left out (the token being renamed).
  ///   - limit: The most rows returned.
  /// - Returns: `(set, path)` pairs, by path then set precedence.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func tokensColliding(
    with path: String, excluding: String?, limit: Int = 8
  ) throws(StoreError) -> [(set: String, path: String)] {
    let path = Self.normalizedName(path)
    var ancestors: [String] = []
    var current = ""
    for part in path.split(separator: ".", omittingEmptySubsequences: false).dropLast() {
      current = current.isEmpty ? String(part) : "\(current).\(part)"
      ancestors.append(current)
    }
    // '/' follows '.' in byte order, so `path.` ≤ p < `path/` is every path below `path`.
    var sql = """
      SELECT s.name, t.path FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
      WHERE (t.path = ? OR (t.path > ? AND t.path < ?)
      """
    var arguments: [SQLValue] = [.text(path), .text(path + "."), .text(path + "/")]
    for a in ancestors {
      sql += " OR t.path = ?"
      arguments.append(.text(a))
    }
    sql += ") AND (? IS NULL OR t.path != ?) ORDER BY t.path, s.precedence LIMIT ?"
    let excluded = excluding.map(Self.normalizedName)
    arguments += [.string(excluded), .string(excluded), .int(limit)]
    return try connection.rows(sql, arguments) { (set: $0.text(0), path: $0.text(1)) }
  }

  /// Every saved value of a token, oldest first.
  /// - Parameter path: The token path.
  /// - Returns: Its revisions in every set.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func tokenHistory(_ path: String) throws(StoreError) -> [TokenRevisionRecord] {
    try connection.rows(
      "SELECT token_set_name, path, revision, value, change, saved_at FROM token_revision WHERE path = ? ORDER BY token_set_name, revision",
      [.text(path)]
    ) {
      TokenRevisionRecord(
        set: $0.text(0), path: $0.text(1), revision: $0.int(2), value: $0.optionalText(3),
        change: $0.text(4), savedAt: $0.text(5))
    }
  }

  /// Which components use a token, of any type, and where (the `token_usage` view).
  /// - Parameter path: A token path, or nil for every token.
  /// - Returns: The uses, by component and JSON path.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  public func tokenUsage(_ path: String?) throws(StoreError) -> [TokenUsageRecord] {
    try connection.rows(
      """
      SELECT component, token_path, json_path, property, token_set, resolved_points, kind,
             token_type
      FROM token_usage
      WHERE ? IS NULL OR token_path = ? ORDER BY component, json_path, property
      """, [.string(path), .string(path)]
    ) {
      TokenUsageRecord(
        component: $0.text(0), tokenPath: $0.text(1), jsonPath: $0.text(2), property: $0.text(3),
        tokenSet: $0.optionalText(4), resolvedPoints: $0.optionalDouble(5),
        kind: TokenUseKind(rawValue: $0.text(6)) ?? .length, tokenType: $0.optionalText(7))
    }
  }
}

extension String {
  /// Escapes `%`, `_` and `\` for `LIKE … ESCAPE '\'`, keeping the outer `%` wildcards.
  var replacingPercentAndUnderscore: String {
    guard count >= 2 else { return self }
    let inner = dropFirst().dropLast()
    var out = "%"
    for c in inner {
      if c == "%" || c == "_" || c == "\\" { out.append("\\") }
      out.append(c)
    }
    return out + "%"
  }

  func replacingEvery(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var out = ""
    var i = startIndex
    while i < endIndex {
      if self[i...].hasPrefix(target) {
        out += replacement
        i = index(i, offsetBy: target.count)
      } else {
        out.append(self[i])
        i = index(after: i)
      }
    }
    return out
  }
}
