/// Health checks of a catalog file, for `catalog doctor`.
extension CatalogStore {
  /// Checks the file and its references, changing nothing.
  ///
  /// Runs, in order:
  /// - `PRAGMA integrity_check` (<https://www.sqlite.org/pragma.html#pragma_integrity_check>):
  ///   damaged pages, indexes that disagree with their tables, broken CHECK and NOT NULL
  ///   constraints;
  /// - `PRAGMA foreign_key_check` (<https://www.sqlite.org/pragma.html#pragma_foreign_key_check>):
  ///   rows pointing at parents that are gone (possible after edits in the `sqlite3` shell
  ///   with `PRAGMA foreign_keys` off);
  /// - the schema version (`PRAGMA user_version`) against ``latestSchemaVersion``;
  /// - token uses of any type whose token no set defines (`component_token.token_path`);
  /// - instances of components that are not stored (`component_instance.instance_of`,
  ///   possible after `remove --force`).
  ///
  /// Token aliases whose first hop no set defines are ``missingAliasProblems()``, run with
  /// the other token checks.
  ///
  /// Definitions that no longer parse need the model, which the store does not know;
  /// the command line checks those.
  ///
  /// - Returns: Every problem found; empty for a healthy catalog.
  /// - Throws: ``StoreError`` when SQLite cannot run a check at all (a file too damaged
  ///   to read its schema, say).
  public func healthProblems() throws(StoreError) -> [HealthProblem] {
    var problems: [HealthProblem] = []
    // integrity_check returns the single row "ok", or up to 100 messages.
    let integrity = try connection.rows("PRAGMA integrity_check", []) { $0.optionalText(0) ?? "" }
    for message in integrity where message != "ok" {
      problems.append(HealthProblem(check: "integrity", location: "", message: message))
    }
    let foreignKeys = try connection.rows("PRAGMA foreign_key_check", []) { row in
      (row.text(0), row.optionalInt(1), row.text(2))
    }
    for (table, rowid, parent) in foreignKeys {
      problems.append(
        HealthProblem(
          check: "foreign-keys", location: "table \(table)" + (rowid.map { " rowid \($0)" } ?? ""),
          message: "the row refers to a row of \(parent) that does not exist"))
    }
    let version = try schemaVersion
    if version != CatalogStore.latestSchemaVersion {
      problems.append(
        .schema(found: version, current: CatalogStore.latestSchemaVersion, othersSkipped: false))
    }
    // The references whose target is missing: one query each (its rows are the columns
    // the message needs) and how its problem reads; the loop below runs them all.
    // Same shape row to row (a query and how its problem reads): kept because this is the
    // table of reference checks, one row each; the loop below is the one procedure.
    let references: [(sql: String, columns: Int, problem: ([String]) -> HealthProblem)] = [
      (
        """
        SELECT c.name, u.json_path, u.property, u.token_path
        FROM component_token AS u JOIN component AS c ON c.id = u.component_id
        WHERE NOT EXISTS (SELECT 1 FROM token AS t WHERE t.path = u.token_path)
        ORDER BY c.name, u.json_path, u.property
        """, 4,
        { row in
          HealthProblem(
            check: "missing-token", location: "\(row[0]) \(row[1])",
            message: "\(row[2]) uses the token {\(row[3])}, which no token set defines")
        }
      ),
      (
        Self.missingInstancesQuery, 3,
        { row in
          HealthProblem(
            check: "missing-component", location: "\(row[0]) \(row[1])",
            message: "an instance of \(row[2]), which is not in the catalog")
        }
      ),
    ]
    for reference in references {
      let rows = try connection.rows(reference.sql, []) { row in
        (0..<reference.columns).map { row.text($0) }
      }
      problems += rows.map(reference.problem)
    }
    return problems
  }

  /// Token aliases whose first hop no set defines (`token.alias_of`), each with the alias's
  /// token path: one of the token checks `doctor` and `lint` share (the service's
  /// `tokenProblems()`), a warning (an alias kept by `--allow-dangling` or left by a forced
  /// removal resolves once its token exists).
  /// - Returns: One problem per aliasing row, by set and path.
  /// - Throws: ``StoreError`` when SQLite cannot run the query.
  public func missingAliasProblems() throws(StoreError) -> [(path: String, problem: HealthProblem)]
  {
    let rows = try connection.rows(
      """
      SELECT s.name, t.path, t.alias_of,
        EXISTS (
          SELECT 1 FROM token_revision AS r WHERE r.path = t.alias_of AND r.change = 'remove')
      FROM token AS t JOIN token_set AS s ON s.id = t.token_set_id
      WHERE t.alias_of IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM token AS u WHERE u.path = t.alias_of)
      ORDER BY s.name, t.path
      """, []
    ) { row in (0..<4).map { row.text($0) } }
    return rows.map { row in
      // How the alias came to name no token, from its target's history (one wording:
      // HealthProblem.danglingReason).
      (
        row[1],
        HealthProblem(
          check: "missing-alias", location: "token \(row[1]) (set \(row[0]))",
          message:
            "the alias {\(row[2])} names no token in any set: \(HealthProblem.danglingReason(row[2], removed: row[3] == "1")); it resolves once a token {\(row[2])} exists (§7.4.5)",
          isWarning: true)
      )
    }
  }

  /// The instances of components the catalog does not hold (possible after `remove
  /// --force`): component, instance JSON path and the component it names, ordered by
  /// component and path. The one query `doctor`'s `missing-component` check and `export`'s
  /// warning share.
  static let missingInstancesQuery = """
    SELECT c.name, i.json_path, i.instance_of
    FROM component_instance AS i JOIN component AS c ON c.id = i.component_id
    WHERE NOT EXISTS (SELECT 1 FROM component AS d WHERE d.name = i.instance_of)
    ORDER BY c.name, i.json_path
    """

  /// The instances of components the catalog does not hold (``missingInstancesQuery``).
  /// - Returns: Each instance's component, JSON path and the missing component it names.
  /// - Throws: ``StoreError`` when SQLite fails.
  public func missingInstances() throws(StoreError)
    -> [(component: String, path: String, missing: String)]
  {
    try connection.rows(Self.missingInstancesQuery, []) { row in
      (component: row.text(0), path: row.text(1), missing: row.text(2))
    }
  }
}
